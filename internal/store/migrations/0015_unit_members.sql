-- Further units of a member (issue #21): a member's primary unit stays profiles.unit_id (and units.owner_id
-- for its owner); any other unit they live in or own is a row here. Scoped to a community through the unit.
-- A row is a claim until confirmed: unconfirmed, it gives no rights of its own; an owner relation becomes
-- the unit's owner (units.owner_id) when its owner claim (owner_claims) is confirmed by an admin or by the
-- member's level-2 verification.
CREATE TABLE unit_members (
    unit_id      TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    relation     TEXT NOT NULL CHECK (relation IN ('owner', 'resident')),
    confirmed_at BIGINT,
    confirmed_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (unit_id, user_id)
);
CREATE INDEX unit_members_user ON unit_members (user_id);
