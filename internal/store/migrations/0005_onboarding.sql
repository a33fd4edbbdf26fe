-- Onboarding wizard, settings and verification (issue 4).

-- What the wizard stores on the profile beyond 0001's onboarding_step / onboarding_completed.
ALTER TABLE profiles ADD COLUMN relation TEXT CHECK (relation IN ('resident', 'worker', 'neighbor'));
ALTER TABLE profiles ADD COLUMN privacy_accepted_at BIGINT;
ALTER TABLE profiles ADD COLUMN rules_accepted_at BIGINT;

-- Search keys of a community's address: lower-cased, without accents or punctuation, written by the
-- application (SQL has no portable unaccent) whenever the address changes. /find-community matches on them.
ALTER TABLE communities ADD COLUMN city_key TEXT;
ALTER TABLE communities ADD COLUMN street_key TEXT;
ALTER TABLE communities ADD COLUMN number_key TEXT;
ALTER TABLE communities ADD COLUMN address_key TEXT;
-- Rows from before this migration get an approximation (accents kept); any edit rewrites them properly.
UPDATE communities SET city_key = LOWER(TRIM(city)), address_key = LOWER(TRIM(address));
CREATE INDEX communities_address ON communities (city_key, street_key, number_key);

-- Level-2 verification of a member: by a document an admin reviews, or by a code an admin issued.
CREATE TABLE verification_requests (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    method       TEXT NOT NULL CHECK (method IN ('document', 'code')),
    document_key TEXT,                                  -- verification-documents/{user}/{ms}.{ext}
    status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    note         TEXT,                                  -- the reviewer's reason, shown to the user
    reviewed_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at  BIGINT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX verification_requests_community ON verification_requests (community_id, status, created_at);
CREATE INDEX verification_requests_user ON verification_requests (user_id, created_at);

-- Single-use codes an admin hands to a neighbour (in person, on paper); stored hashed.
CREATE TABLE verification_codes (
    code_hash    TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    created_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    used_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    used_at      BIGINT
);
CREATE INDEX verification_codes_community ON verification_codes (community_id, created_at);
