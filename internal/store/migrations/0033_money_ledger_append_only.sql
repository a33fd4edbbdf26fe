-- The ledger of issue #36 is never edited (docs/adr/0035-money-ledger.md): a correction is a new entry.
-- The database itself refuses an UPDATE or a DELETE of an entry.
-- sqlite only:
CREATE TRIGGER money_ledger_no_update BEFORE UPDATE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;

CREATE TRIGGER money_ledger_no_delete BEFORE DELETE ON money_ledger
BEGIN
    SELECT RAISE(ABORT, 'money_ledger is append-only');
END;
-- postgres only:
CREATE FUNCTION money_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'money_ledger is append-only';
END;
$$;

CREATE TRIGGER money_ledger_append_only BEFORE UPDATE OR DELETE ON money_ledger
    FOR EACH ROW EXECUTE FUNCTION money_ledger_append_only();
