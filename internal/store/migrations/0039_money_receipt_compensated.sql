-- Issue #36: a receipt settled by a compensation shows as 'Compensado' in the lists and its PDF. The
-- ledger's compensation entries stay the record; compensated_cents is a cache of them on the receipt, like
-- paid_cents (which includes it), kept in the transaction that posts the entry.
ALTER TABLE money_receipts ADD COLUMN compensated_cents BIGINT NOT NULL DEFAULT 0;
UPDATE money_receipts SET compensated_cents = (SELECT -SUM(l.amount_cents) FROM money_ledger l
    WHERE l.receipt_id = money_receipts.id AND l.kind = 'compensation')
    WHERE EXISTS (SELECT 1 FROM money_ledger l WHERE l.receipt_id = money_receipts.id AND l.kind = 'compensation');
