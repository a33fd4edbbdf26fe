-- The ledger is never edited: see 0033_money_ledger_append_only.sql, SQLite's.
CREATE FUNCTION money_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'money_ledger is append-only';
END;
$$;

CREATE TRIGGER money_ledger_append_only BEFORE UPDATE OR DELETE ON money_ledger
    FOR EACH ROW EXECUTE FUNCTION money_ledger_append_only();
