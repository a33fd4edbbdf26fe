-- The ISO 20022 message of the community's direct-debit files (issue #36): the AEB guide's
-- pain.008.001.02, or pain.008.001.08 that the 2019+ rulebooks accept (docs/adr/0035-money-ledger.md).
ALTER TABLE money_sepa_settings ADD COLUMN file_version TEXT NOT NULL DEFAULT 'pain.008.001.02'
    CHECK (file_version IN ('pain.008.001.02', 'pain.008.001.08'));
