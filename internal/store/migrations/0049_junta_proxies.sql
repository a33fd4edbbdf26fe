-- Representation for a whole junta of internal/juntas (issue #38, art. 15.1 LPH): an owner names a member
-- of the community or anyone else by name and DNI/NIE, signed in the app or on a paper uploaded to
-- Documentos and checked by an admin. A member's representation is also written to junta_delegations
-- (migration 0024) for the junta's day, so that they vote its points in the app.
CREATE TABLE junta_proxies (
    junta_id         TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    owner_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    owner_name       TEXT NOT NULL DEFAULT '',
    delegate_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    delegate_name    TEXT NOT NULL,
    delegate_id_num  TEXT NOT NULL DEFAULT '',
    document_id      TEXT,
    status           TEXT NOT NULL CHECK (status IN ('signed', 'pending', 'accepted', 'rejected')),
    created_by       TEXT,
    created_at       BIGINT NOT NULL,
    checked_by       TEXT,
    checked_at       BIGINT,
    PRIMARY KEY (junta_id, owner_id)
);
