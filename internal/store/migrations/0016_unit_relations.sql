-- Issue #21: a member says how they live in a further unit — as its tenant (inquilino) or as family of
-- its owner (familiar) — besides owning it or just living there ('resident', the unspecified kind of
-- the rows from before). Every kind but 'owner' gives a resident's rights; owning needs a confirmed
-- owner claim (units.owner_id). SQLite cannot alter a CHECK constraint: the table is rebuilt (nothing
-- references unit_members).
CREATE TABLE unit_members_new (
    unit_id      TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    relation     TEXT NOT NULL CHECK (relation IN ('owner', 'resident', 'tenant', 'family')),
    confirmed_at BIGINT,
    confirmed_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (unit_id, user_id)
);
INSERT INTO unit_members_new (unit_id, user_id, relation, confirmed_at, confirmed_by, created_at)
    SELECT unit_id, user_id, relation, confirmed_at, confirmed_by, created_at FROM unit_members;
DROP TABLE unit_members;
ALTER TABLE unit_members_new RENAME TO unit_members;
CREATE INDEX unit_members_user ON unit_members (user_id);
