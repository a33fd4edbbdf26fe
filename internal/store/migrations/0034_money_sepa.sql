-- SEPA direct debits (issue #36): the community's creditor settings, the owners' mandates, the
-- remittances with their receipts, and returned debits. A returned debit and its bank charge are new
-- kinds of ledger entry; SQLite cannot alter a CHECK constraint, so the ledger is rebuilt (nothing
-- references it) with its append-only triggers; PostgreSQL alters the constraint in place.
CREATE TABLE money_sepa_settings (
    community_id     TEXT PRIMARY KEY REFERENCES communities (id) ON DELETE CASCADE,
    creditor_id      TEXT NOT NULL DEFAULT '',
    creditor_iban    TEXT NOT NULL DEFAULT '',
    creditor_bic     TEXT NOT NULL DEFAULT '',
    sequence_policy  TEXT NOT NULL DEFAULT 'frst_rcur' CHECK (sequence_policy IN ('frst_rcur', 'rcur')),
    prenotice_days   INTEGER NOT NULL DEFAULT 14 CHECK (prenotice_days BETWEEN 1 AND 14),
    returns_to_pause INTEGER NOT NULL DEFAULT 2 CHECK (returns_to_pause BETWEEN 1 AND 12),
    charge_to_owner  BOOLEAN NOT NULL DEFAULT TRUE,
    mandates_issued  INTEGER NOT NULL DEFAULT 0,
    remittances_made INTEGER NOT NULL DEFAULT 0,
    updated_at       BIGINT NOT NULL
);

-- A mandate is never edited but for its status: a new IBAN is a new mandate. At most one is in force
-- (active or paused) per unit.
CREATE TABLE money_mandates (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id      TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    signed_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    reference    TEXT NOT NULL,
    debtor_name  TEXT NOT NULL,
    iban         TEXT NOT NULL,
    bic          TEXT NOT NULL DEFAULT '',
    signed_on    TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('active', 'paused', 'revoked')),
    collections  INTEGER NOT NULL DEFAULT 0,
    returns      INTEGER NOT NULL DEFAULT 0,
    ended_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    ended_at     BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    UNIQUE (community_id, reference)
);
CREATE UNIQUE INDEX money_mandates_in_force ON money_mandates (unit_id) WHERE status IN ('active', 'paused');
CREATE INDEX money_mandates_community ON money_mandates (community_id, unit_id);

-- A remittance keeps the file the bank received.
CREATE TABLE money_remittances (
    id              TEXT PRIMARY KEY,
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    message_id      TEXT NOT NULL,
    collection_date TEXT NOT NULL,
    debits          INTEGER NOT NULL,
    total_cents     BIGINT NOT NULL,
    xml             TEXT NOT NULL,
    created_by      TEXT,
    created_at      BIGINT NOT NULL,
    UNIQUE (community_id, number)
);

-- The receipts of each remittance. The primary key is the receipt: none is ever in two remittances
-- (docs/adr/0035-money-ledger.md). A return is written on the receipt's row.
CREATE TABLE money_remittance_receipts (
    receipt_id          TEXT PRIMARY KEY REFERENCES money_receipts (id) ON DELETE CASCADE,
    remittance_id       TEXT NOT NULL REFERENCES money_remittances (id) ON DELETE CASCADE,
    mandate_id          TEXT NOT NULL, -- no foreign key: the record outlives a removed unit's mandate
    sequence_type       TEXT NOT NULL CHECK (sequence_type IN ('FRST', 'RCUR')),
    collected_cents     BIGINT NOT NULL CHECK (collected_cents > 0),
    collection_date     TEXT NOT NULL,
    returned_on         TEXT,
    return_reason       TEXT NOT NULL DEFAULT '',
    return_charge_cents BIGINT NOT NULL DEFAULT 0 CHECK (return_charge_cents >= 0),
    returned_by         TEXT,
    returned_at         BIGINT
);
CREATE INDEX money_remittance_receipts_remittance ON money_remittance_receipts (remittance_id);

-- sqlite only:
CREATE TABLE money_ledger_new (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    entry_date   TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'payment', 'correction', 'return', 'bank_charge')),
    amount_cents BIGINT NOT NULL,
    receipt_id   TEXT,
    receipt_code TEXT NOT NULL DEFAULT '',
    method       TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    created_by   TEXT,
    created_at   BIGINT NOT NULL
);
INSERT INTO money_ledger_new SELECT id, community_id, unit_id, entry_date, kind, amount_cents, receipt_id, receipt_code, method,
    reference, note, created_by, created_at FROM money_ledger;
DROP TABLE money_ledger;
ALTER TABLE money_ledger_new RENAME TO money_ledger;
CREATE INDEX money_ledger_unit ON money_ledger (community_id, unit_id, entry_date, created_at);

CREATE TRIGGER money_ledger_no_update BEFORE UPDATE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;

CREATE TRIGGER money_ledger_no_delete BEFORE DELETE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;
-- postgres only:
ALTER TABLE money_ledger DROP CONSTRAINT money_ledger_kind_check;
ALTER TABLE money_ledger ADD CONSTRAINT money_ledger_kind_check
    CHECK (kind IN ('receipt', 'payment', 'correction', 'return', 'bank_charge'));
