-- The ledger of issue #36 is never edited (docs/adr/0035-money-ledger.md): a correction is a new entry.
-- The database itself refuses an UPDATE or a DELETE of an entry. This file is SQLite's;
-- postgres/0033_money_ledger_append_only.sql does the same with a trigger function.
CREATE TRIGGER money_ledger_no_update BEFORE UPDATE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;

CREATE TRIGGER money_ledger_no_delete BEFORE DELETE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;
