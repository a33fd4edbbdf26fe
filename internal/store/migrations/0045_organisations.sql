-- The administrador de fincas' office (issue #35, ADR 0045). An organisation has staff (its administrador,
-- who owns it, and assistants with read or write rights); a community names it its processor (RGPD art.
-- 28) and, while that lasts, the staff act in the community as its administrador without a membership.
CREATE TABLE organisations (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    nif        TEXT NOT NULL UNIQUE,   -- normalised: upper case, no spaces or dashes
    colegiado  TEXT,                   -- número de colegiado del administrador de fincas
    code       TEXT NOT NULL UNIQUE,   -- what a community types to invite it
    created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);

-- An account is on the staff of one organisation at most.
CREATE TABLE organisation_staff (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    rights          TEXT NOT NULL CHECK (rights IN ('owner', 'write', 'read')),
    joined_at       BIGINT NOT NULL,
    PRIMARY KEY (organisation_id, user_id)
);

CREATE TABLE organisation_invitations (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    email           TEXT NOT NULL,
    rights          TEXT NOT NULL CHECK (rights IN ('write', 'read')),
    token_hash      TEXT NOT NULL UNIQUE,
    invited_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    accepted_at     BIGINT
);
CREATE INDEX organisation_invitations_org ON organisation_invitations (organisation_id, created_at);

-- A community's processor: invited by its admins, active once the organisation accepts (accepted_at is
-- when its access began), revoked by the community at any time (the row stays, for the record).
CREATE TABLE community_processors (
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    status          TEXT NOT NULL CHECK (status IN ('invited', 'active', 'revoked')),
    invited_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    invited_at      BIGINT NOT NULL,
    accepted_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    accepted_at     BIGINT,
    revoked_at      BIGINT,
    PRIMARY KEY (community_id, organisation_id)
);
CREATE INDEX community_processors_org ON community_processors (organisation_id, status, community_id);
