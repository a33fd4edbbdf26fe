-- Issue #36: a receipt settled against something the community owes its owner is compensated, a new kind
-- of ledger entry. SQLite cannot alter a CHECK constraint, so the ledger is rebuilt (nothing references
-- it) with its append-only triggers, as in 0034; PostgreSQL alters the constraint in place.
-- A payment larger than what a receipt owes is refused, or, by this setting, left as credit on the ledger.
ALTER TABLE money_settings ADD COLUMN overpayments TEXT NOT NULL DEFAULT 'refuse' CHECK (overpayments IN ('refuse', 'credit'));
-- A derrama is a one-off charge agreed by a junta, shared by a group's shares and paid in instalments; each
-- instalment's receipts are issued once (a receipt run keyed by the derrama and the instalment).
CREATE TABLE money_derramas (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    number       INTEGER NOT NULL,
    concept      TEXT NOT NULL,
    total_cents  BIGINT NOT NULL CHECK (total_cents > 0),
    group_id     TEXT NOT NULL,
    junta_date   TEXT NOT NULL,
    created_by   TEXT,
    created_at   BIGINT NOT NULL,
    UNIQUE (community_id, number)
);

CREATE TABLE money_derrama_instalments (
    derrama_id TEXT NOT NULL REFERENCES money_derramas (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number > 0),
    due_date   TEXT NOT NULL,
    PRIMARY KEY (derrama_id, number)
);
-- sqlite only:
CREATE TABLE money_ledger_new (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    entry_date   TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'payment', 'correction', 'return', 'bank_charge', 'compensation')),
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
    CHECK (kind IN ('receipt', 'payment', 'correction', 'return', 'bank_charge', 'compensation'));
