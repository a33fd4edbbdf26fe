-- The unpaid receipts by community and due date (issue #35): the office's overview sums each
-- community's debt through it without reading the paid receipts, which are nearly all of them.
CREATE INDEX money_receipts_open ON money_receipts (community_id, due_date) WHERE paid_cents < amount_cents;
