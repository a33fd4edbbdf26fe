-- Accounts and communities. Timestamps are Unix milliseconds (BIGINT) on both engines: the same
-- comparisons and orderings everywhere, no time-zone surprises (see docs/adr/0002).

CREATE TABLE users (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE,            -- lower-cased
    password_hash      TEXT,                            -- NULL for accounts made through OAuth only
    email_confirmed_at BIGINT,
    language           TEXT NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'ca', 'en')),
    signup_metadata    TEXT NOT NULL DEFAULT '{}',      -- JSON: community_role, invite_token, community_intent, ...
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);

CREATE TABLE oauth_identities (
    provider   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX oauth_identities_user ON oauth_identities (user_id);

CREATE TABLE communities (
    id                  TEXT PRIMARY KEY,
    public_id           TEXT NOT NULL UNIQUE,
    name                TEXT NOT NULL,
    address             TEXT NOT NULL DEFAULT '',
    city                TEXT NOT NULL DEFAULT '',
    postal_code         TEXT NOT NULL DEFAULT '',
    country             TEXT NOT NULL DEFAULT 'España',
    province            TEXT,
    street_type         TEXT,
    street_name         TEXT,
    street_number       TEXT,
    catastral_reference TEXT UNIQUE,
    floors_count        INTEGER,
    doors_per_floor     INTEGER,
    nomenclature        TEXT,
    stairs_count        INTEGER,
    portals_count       INTEGER,
    observations        TEXT,
    created_by          TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
-- The first 14 characters of a catastral reference identify the building (parcel).
CREATE INDEX communities_parcel ON communities (substr(catastral_reference, 1, 14));

CREATE TABLE units (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_number  TEXT NOT NULL,
    floor        TEXT,
    building     TEXT,                                  -- portal / escalera
    owner_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX units_community ON units (community_id);
CREATE INDEX units_owner ON units (owner_id);

CREATE TABLE profiles (
    id                   TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    full_name            TEXT NOT NULL DEFAULT '',
    phone                TEXT,
    avatar_url           TEXT,
    community_id         TEXT REFERENCES communities (id) ON DELETE SET NULL,
    unit_id              TEXT REFERENCES units (id) ON DELETE SET NULL, -- where they live (owner or tenant)
    contact_visible      BOOLEAN NOT NULL DEFAULT FALSE,                -- RGPD opt-in for the directory
    onboarding_step      TEXT,
    onboarding_completed BOOLEAN NOT NULL DEFAULT FALSE,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE INDEX profiles_community ON profiles (community_id, full_name);

CREATE TABLE user_roles (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    role         TEXT NOT NULL CHECK (role IN ('admin', 'moderator', 'user')),
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, community_id)
);
CREATE INDEX user_roles_community ON user_roles (community_id, role);

-- Sessions: the cookie carries a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,                      -- hex SHA-256 of the token
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,                       -- absolute expiry
    user_agent   TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Single-use tokens sent by email (confirm, reset, email change, account deletion); stored hashed.
CREATE TABLE email_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm', 'reset', 'email_change', 'delete_account')),
    email      TEXT NOT NULL,                           -- the address the token was sent to
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);

-- Durable outbox: written in the same transaction as the change that causes the email.
CREATE TABLE mail_outbox (
    id           TEXT PRIMARY KEY,
    to_addr      TEXT NOT NULL,
    subject      TEXT NOT NULL,
    text_body    TEXT NOT NULL,
    html_body    TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    next_try_at  BIGINT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    locked_until BIGINT,                                -- claimed by a worker until then
    sent_at      BIGINT
);
CREATE INDEX mail_outbox_pending ON mail_outbox (next_try_at) WHERE sent_at IS NULL;
