-- Who owes and the certificates (issue #36): the days of grace after a receipt's due date before it is a
-- debt, the debt certificates of LPH art. 9.1.e and art. 21, and an owner's grant of a unit's receipts to
-- someone who lives in it (a tenant).
ALTER TABLE money_settings ADD COLUMN grace_days INTEGER NOT NULL DEFAULT 0;

-- A certificate is requested (the law's 7 days run from requested_on), then issued once: issued_on, the
-- figures as they were that day and a verification code anyone can check. Names are copied as they were.
CREATE TABLE money_certificates (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('debt', 'liquidation')),
    unit_id        TEXT NOT NULL,
    unit_label     TEXT NOT NULL,
    owner_name     TEXT NOT NULL DEFAULT '',
    requested_on   TEXT NOT NULL,
    due_on         TEXT NOT NULL,
    junta_date     TEXT,
    issued_on      TEXT,
    owed_cents     BIGINT NOT NULL DEFAULT 0,
    detail         TEXT NOT NULL DEFAULT '[]',
    president_name TEXT NOT NULL DEFAULT '',
    secretary_name TEXT NOT NULL DEFAULT '',
    code           TEXT UNIQUE,
    requested_by   TEXT,
    issued_by      TEXT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX money_certificates_community ON money_certificates (community_id, requested_on);

-- An owner lets someone who lives in their unit see its receipts; nobody else sees them.
CREATE TABLE money_receipt_grants (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id      TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    granted_by   TEXT,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (unit_id, user_id)
);
CREATE INDEX money_receipt_grants_user ON money_receipt_grants (user_id);
