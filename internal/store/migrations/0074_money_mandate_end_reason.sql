-- Mandates (issue #36, docs/adr/0035-money-ledger.md): an admin who revokes an owner's mandate says why
-- (the owner's letter, the bank's notice), kept with who ended it and when; '' for the revocations before
-- this and an owner's own. The last collection under a mandate, which its 36-month expiry counts from, is
-- the latest collection date of its debits: this index finds it for each mandate a list or a remittance reads.
ALTER TABLE money_mandates ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX money_remittance_receipts_mandate ON money_remittance_receipts (mandate_id, collection_date);
