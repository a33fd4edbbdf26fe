-- Joining a community found by searching, and owner claims (issue #12, see docs/adr/0010).

-- What a /find-community search answered: one opaque token per community found, bound to the user who
-- searched and short-lived. A new search replaces the user's earlier tokens. Only the hash is stored.
CREATE TABLE community_picks (
    token_hash   TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX community_picks_user ON community_picks (user_id);

-- A request to join a community found by searching; an admin of that community approves or rejects it.
CREATE TABLE join_requests (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id      TEXT REFERENCES units (id) ON DELETE SET NULL, -- a listed unit, or floor and door
    floor        TEXT,
    door         TEXT,
    owner_claim  BOOLEAN NOT NULL DEFAULT FALSE,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    note         TEXT,                                  -- the reviewer's reason, shown to the user
    reviewed_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at  BIGINT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX join_requests_community ON join_requests (community_id, status, created_at);
CREATE INDEX join_requests_user ON join_requests (user_id, created_at);

-- A member's claim to own a unit: no owner rights (units.owner_id) until an admin confirms it or the
-- member's level-2 verification is approved.
CREATE TABLE owner_claims (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id      TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    reviewed_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at  BIGINT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX owner_claims_community ON owner_claims (community_id, status, created_at);
CREATE INDEX owner_claims_user ON owner_claims (user_id, status);
