-- PostgreSQL's version of migrations/0008_incident_tallies_search.sql (docs/adr/0008): the dashboard's
-- incident tallies, kept by triggers in PL/pgSQL, and the trigram index of the incident search.
--
-- Every live (not deleted) incident adds one to its community's row of its status, and one to its
-- community's row of its creation day (UTC), in the transaction that writes it. Concurrent writers of one
-- community would all update the same row and queue on its lock until they commit, so each key has up
-- to 16 rows (shards) and a connection writes to its own one (pg_backend_pid() & 15); readers add them
-- up. A shard may go negative (an incident counted in one and taken out through another): only sums count.
--
-- The triggers run once per statement, over the statement's rows (transition tables): a batch of reports
-- inserted with one statement updates each tally row once, and every statement locks its tally rows in
-- one order (status rows, then day rows, keys ascending), so two transactions never wait for each other's
-- tally rows in a cycle (a deadlock), whatever rows each writes.

CREATE TABLE incident_status_tallies (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    status       TEXT NOT NULL,
    shard        INTEGER NOT NULL,
    n            BIGINT NOT NULL,
    PRIMARY KEY (community_id, status, shard)
) WITH (fillfactor = 50);                               -- room for HOT updates of n

CREATE TABLE incident_day_tallies (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    day          BIGINT NOT NULL,                       -- created_at / 86400000
    shard        INTEGER NOT NULL,
    n            BIGINT NOT NULL,
    PRIMARY KEY (community_id, day, shard)
) WITH (fillfactor = 50);

INSERT INTO incident_status_tallies (community_id, status, shard, n)
SELECT community_id, status, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, status;

INSERT INTO incident_day_tallies (community_id, day, shard, n)
SELECT community_id, created_at / 86400000, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL
GROUP BY community_id, created_at / 86400000;

-- One function per kind of statement, each with the transition tables it has. Taking a row out adds -1;
-- a community being deleted is skipped: its tallies go with it (ON DELETE CASCADE), and the incident
-- deletions that cascade from it must not write them again.
CREATE FUNCTION incidents_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO incident_status_tallies AS t (community_id, status, shard, n)
    SELECT community_id, status, pg_backend_pid() & 15, COUNT(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY community_id, status ORDER BY community_id, status
    ON CONFLICT (community_id, status, shard) DO UPDATE SET n = t.n + excluded.n;
    INSERT INTO incident_day_tallies AS t (community_id, day, shard, n)
    SELECT community_id, created_at / 86400000, pg_backend_pid() & 15, COUNT(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY community_id, created_at / 86400000 ORDER BY community_id, created_at / 86400000
    ON CONFLICT (community_id, day, shard) DO UPDATE SET n = t.n + excluded.n;
    RETURN NULL;
END $$;

CREATE FUNCTION incidents_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO incident_status_tallies AS t (community_id, status, shard, n)
    SELECT community_id, status, pg_backend_pid() & 15, -COUNT(*) FROM old_rows o
    WHERE deleted_at IS NULL AND EXISTS (SELECT 1 FROM communities c WHERE c.id = o.community_id)
    GROUP BY community_id, status ORDER BY community_id, status
    ON CONFLICT (community_id, status, shard) DO UPDATE SET n = t.n + excluded.n;
    INSERT INTO incident_day_tallies AS t (community_id, day, shard, n)
    SELECT community_id, created_at / 86400000, pg_backend_pid() & 15, -COUNT(*) FROM old_rows o
    WHERE deleted_at IS NULL AND EXISTS (SELECT 1 FROM communities c WHERE c.id = o.community_id)
    GROUP BY community_id, created_at / 86400000 ORDER BY community_id, created_at / 86400000
    ON CONFLICT (community_id, day, shard) DO UPDATE SET n = t.n + excluded.n;
    RETURN NULL;
END $$;

-- Most updates move no count (an edit of the text, the no-op update that locks a row): their rows cancel
-- out and nothing is written.
CREATE FUNCTION incidents_tally_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO incident_status_tallies AS t (community_id, status, shard, n)
    SELECT community_id, status, pg_backend_pid() & 15, SUM(d) FROM (
        SELECT community_id, status, -1 AS d FROM old_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT community_id, status, 1 FROM new_rows WHERE deleted_at IS NULL
    ) x
    WHERE EXISTS (SELECT 1 FROM communities c WHERE c.id = x.community_id)
    GROUP BY community_id, status HAVING SUM(d) <> 0 ORDER BY community_id, status
    ON CONFLICT (community_id, status, shard) DO UPDATE SET n = t.n + excluded.n;
    INSERT INTO incident_day_tallies AS t (community_id, day, shard, n)
    SELECT community_id, day, pg_backend_pid() & 15, SUM(d) FROM (
        SELECT community_id, created_at / 86400000 AS day, -1 AS d FROM old_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT community_id, created_at / 86400000, 1 FROM new_rows WHERE deleted_at IS NULL
    ) x
    WHERE EXISTS (SELECT 1 FROM communities c WHERE c.id = x.community_id)
    GROUP BY community_id, day HAVING SUM(d) <> 0 ORDER BY community_id, day
    ON CONFLICT (community_id, day, shard) DO UPDATE SET n = t.n + excluded.n;
    RETURN NULL;
END $$;

CREATE TRIGGER incidents_tally_insert AFTER INSERT ON incidents
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_tally_insert();
CREATE TRIGGER incidents_tally_delete AFTER DELETE ON incidents
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_tally_delete();
CREATE TRIGGER incidents_tally_update AFTER UPDATE ON incidents
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION incidents_tally_update();

-- The search (search_text LIKE '%…%') can use a trigram index: the planner weighs it per pattern against
-- walking the community index newest first, and takes it for rare words, which the walk would look for
-- through the whole community. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, but a
-- server may lack it or refuse it: then the search keeps walking the community index rather than the
-- migration failing; create the extension and the index later to get it.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX incidents_search ON incidents USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'incident search without a trigram index: %', SQLERRM;
END $$;
