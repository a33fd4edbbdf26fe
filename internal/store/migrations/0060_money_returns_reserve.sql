-- The community's money, part 2 (issue #37, docs/adr/0053-returned-debits-and-reserve-spending.md).

-- A bank movement can be matched with returned debits: the bank charging back what it had credited in a
-- remittance (kind 'return'; target_id is the remittance). The kind's CHECK grows a value: SQLite rebuilds
-- the table (nothing references it), PostgreSQL swaps the constraint.
-- sqlite only:
CREATE TABLE money_reconciliations_new (
    movement_id  TEXT PRIMARY KEY REFERENCES money_bank_movements (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'expense', 'remittance', 'return')),
    target_id    TEXT NOT NULL,
    created_by   TEXT,
    created_at   BIGINT NOT NULL
);
INSERT INTO money_reconciliations_new SELECT movement_id, community_id, kind, target_id, created_by, created_at FROM money_reconciliations;
DROP TABLE money_reconciliations;
ALTER TABLE money_reconciliations_new RENAME TO money_reconciliations;
CREATE INDEX money_reconciliations_community ON money_reconciliations (community_id, kind);
CREATE UNIQUE INDEX money_reconciliations_remittance ON money_reconciliations (target_id) WHERE kind = 'remittance';
-- postgres only:
ALTER TABLE money_reconciliations DROP CONSTRAINT money_reconciliations_kind_check;
ALTER TABLE money_reconciliations ADD CONSTRAINT money_reconciliations_kind_check
    CHECK (kind IN ('receipt', 'expense', 'remittance', 'return'));
-- both engines:

-- The returned debits a movement was matched with: the primary key is the receipt, so that a return is
-- matched with one movement only; the movement's own row in money_reconciliations keeps it matched once.
CREATE TABLE money_reconciled_returns (
    receipt_id   TEXT PRIMARY KEY REFERENCES money_remittance_receipts (receipt_id) ON DELETE CASCADE,
    movement_id  TEXT NOT NULL REFERENCES money_bank_movements (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE
);
CREATE INDEX money_reconciled_returns_movement ON money_reconciled_returns (movement_id);

-- An expense charged to the reserve fund (LPH art. 9.1.f): the date of the junta that agreed the works;
-- '' for an ordinary expense, shared out in the liquidación.
ALTER TABLE money_expenses ADD COLUMN reserve_junta_date TEXT NOT NULL DEFAULT '';
