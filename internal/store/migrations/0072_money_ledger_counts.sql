-- The number of entries of each unit's ledger, kept by a trigger in the transaction that appends them
-- (issue #36, docs/adr/0044's addendum on the statement's reads). A statement checks its cached ledger
-- against this number on every read (internal/money/ledgercache.go): it was a COUNT over the unit's
-- entries, which on PostgreSQL visits the heap page of every entry not yet marked all-visible (a unit's
-- entries lie one to a page, written with every other unit's receipts), ~94 buffers for 5 years of
-- monthly receipts; this is one row. The ledger is append-only (migration 0033 refuses every UPDATE and
-- DELETE), so the number only grows and is always the table's count, on one instance or many.
CREATE TABLE money_ledger_counts (
    community_id TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    entries      BIGINT NOT NULL,
    PRIMARY KEY (community_id, unit_id)
-- sqlite only:
) WITHOUT ROWID;
-- postgres only:
) WITH (fillfactor = 50);                               -- room for HOT updates of entries
-- both engines:

INSERT INTO money_ledger_counts (community_id, unit_id, entries)
SELECT community_id, unit_id, COUNT(*) FROM money_ledger GROUP BY community_id, unit_id;

-- sqlite only:
CREATE TRIGGER money_ledger_count AFTER INSERT ON money_ledger
BEGIN
    INSERT INTO money_ledger_counts (community_id, unit_id, entries) VALUES (new.community_id, new.unit_id, 1)
        ON CONFLICT (community_id, unit_id) DO UPDATE SET entries = entries + 1;
END;
-- postgres only:
-- Once per statement, over its rows: a period's receipts (one entry per unit, one statement) update each
-- unit's row once, and in one order (keys ascending), so two transactions appending to the same units
-- never wait for each other's rows in a cycle.
CREATE FUNCTION money_ledger_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO money_ledger_counts AS c (community_id, unit_id, entries)
    SELECT community_id, unit_id, COUNT(*) FROM new_rows GROUP BY community_id, unit_id ORDER BY community_id, unit_id
    ON CONFLICT (community_id, unit_id) DO UPDATE SET entries = c.entries + excluded.entries;
    RETURN NULL;
END $$;

CREATE TRIGGER money_ledger_count AFTER INSERT ON money_ledger
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_ledger_count();
