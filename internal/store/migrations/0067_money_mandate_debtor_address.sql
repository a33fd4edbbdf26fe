-- The account holder's postal address on a mandate (issue #36): the SEPA rulebook asks for it when the
-- debtor's bank is in a non-EEA SEPA country (docs/adr/0035-money-ledger.md). Empty: not given.
ALTER TABLE money_mandates ADD COLUMN debtor_street TEXT NOT NULL DEFAULT '';
ALTER TABLE money_mandates ADD COLUMN debtor_post_code TEXT NOT NULL DEFAULT '';
ALTER TABLE money_mandates ADD COLUMN debtor_town TEXT NOT NULL DEFAULT '';
ALTER TABLE money_mandates ADD COLUMN debtor_country TEXT NOT NULL DEFAULT '';
