-- Invitations to join a community (issue #21) and units that members proposed (not in the registry).

-- An email an admin sent to bring a neighbour in; the link in it is the community's invitation link
-- (its public code), with the unit preselected when the invitation names one. 'sent' past expires_at
-- reads as caducada; 'accepted' when that address joins the community.
CREATE TABLE invitations (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,                         -- lower-cased
    unit_id      TEXT REFERENCES units (id) ON DELETE SET NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('neighbour', 'president')),
    status       TEXT NOT NULL CHECK (status IN ('sent', 'accepted', 'revoked')),
    invited_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    sends        INTEGER NOT NULL DEFAULT 1,
    created_at   BIGINT NOT NULL,
    sent_at      BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    accepted_at  BIGINT,
    accepted_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    revoked_at   BIGINT
);
CREATE INDEX invitations_community ON invitations (community_id, status, created_at);
CREATE INDEX invitations_email ON invitations (email, status);

-- A unit a member gave by floor and door because it was not listed: an admin accepts it (proposed_by
-- becomes NULL) or rejects it (the unit goes).
ALTER TABLE units ADD COLUMN proposed_by TEXT REFERENCES users (id) ON DELETE SET NULL;
