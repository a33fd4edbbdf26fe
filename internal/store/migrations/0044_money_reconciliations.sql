-- Reconciling the bank (issue #37, docs/adr/0044-money-books.md): an imported movement matched with what
-- it pays or collects, a receipt, an expense or a remittance. A movement is reconciled once (its key) and
-- a remittance credited once.
CREATE TABLE money_reconciliations (
    movement_id  TEXT PRIMARY KEY REFERENCES money_bank_movements (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'expense', 'remittance')),
    target_id    TEXT NOT NULL,
    created_by   TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX money_reconciliations_community ON money_reconciliations (community_id, kind);
CREATE UNIQUE INDEX money_reconciliations_remittance ON money_reconciliations (target_id) WHERE kind = 'remittance';
