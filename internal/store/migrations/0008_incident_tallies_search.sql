-- The dashboard's incident counts without counting incidents (docs/adr/0008). This file is SQLite's;
-- PostgreSQL runs migrations/postgres/0008_incident_tallies_search.sql instead (the same tables, its
-- triggers in PL/pgSQL, spread over shards, and the pg_trgm index of the search).
--
-- Every live (not deleted) incident adds one to the row of its community and status, and one to the row
-- of its community and creation day (UTC). Triggers keep the rows in the transaction that writes the
-- incident, whatever statement does it, so the sums are always those of the table: nothing to expire or
-- invalidate, on one instance or many. The dashboard adds up a few rows instead of walking every open or
-- recent incident. One writer at a time on SQLite: one shard (0).
--
-- The search keeps walking the community index on SQLite: an FTS5 trigram index would cost more CPU per
-- insert than the rest of the insert and would not make a search of a common word cheaper (ADR 0008).

CREATE TABLE incident_status_tallies (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    status       TEXT NOT NULL,
    shard        INTEGER NOT NULL,
    n            BIGINT NOT NULL,
    PRIMARY KEY (community_id, status, shard)
) WITHOUT ROWID;

CREATE TABLE incident_day_tallies (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    day          BIGINT NOT NULL,                       -- created_at / 86400000
    shard        INTEGER NOT NULL,
    n            BIGINT NOT NULL,
    PRIMARY KEY (community_id, day, shard)
) WITHOUT ROWID;

INSERT INTO incident_status_tallies (community_id, status, shard, n)
SELECT community_id, status, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, status;

INSERT INTO incident_day_tallies (community_id, day, shard, n)
SELECT community_id, created_at / 86400000, 0, COUNT(*) FROM incidents WHERE deleted_at IS NULL
GROUP BY community_id, created_at / 86400000;

CREATE TRIGGER incidents_tally_insert AFTER INSERT ON incidents WHEN new.deleted_at IS NULL
BEGIN
    INSERT INTO incident_status_tallies (community_id, status, shard, n) VALUES (new.community_id, new.status, 0, 1)
        ON CONFLICT (community_id, status, shard) DO UPDATE SET n = n + 1;
    INSERT INTO incident_day_tallies (community_id, day, shard, n) VALUES (new.community_id, new.created_at / 86400000, 0, 1)
        ON CONFLICT (community_id, day, shard) DO UPDATE SET n = n + 1;
END;

-- Decrements only update: when a community is deleted its tallies go with it (ON DELETE CASCADE), and
-- the cascade's incident deletions then find nothing to update instead of re-creating rows.
CREATE TRIGGER incidents_tally_delete AFTER DELETE ON incidents WHEN old.deleted_at IS NULL
BEGIN
    UPDATE incident_status_tallies SET n = n - 1
        WHERE community_id = old.community_id AND status = old.status AND shard = 0;
    UPDATE incident_day_tallies SET n = n - 1
        WHERE community_id = old.community_id AND day = old.created_at / 86400000 AND shard = 0;
END;

-- Edits, soft deletion and restoring: take the old row out, put the new one in.
CREATE TRIGGER incidents_tally_update AFTER UPDATE OF community_id, status, created_at, deleted_at ON incidents
WHEN old.community_id <> new.community_id OR old.status <> new.status OR old.created_at <> new.created_at
    OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL)
BEGIN
    UPDATE incident_status_tallies SET n = n - 1
        WHERE old.deleted_at IS NULL AND community_id = old.community_id AND status = old.status AND shard = 0;
    UPDATE incident_day_tallies SET n = n - 1
        WHERE old.deleted_at IS NULL AND community_id = old.community_id AND day = old.created_at / 86400000 AND shard = 0;
    INSERT INTO incident_status_tallies (community_id, status, shard, n)
        SELECT new.community_id, new.status, 0, 1 WHERE new.deleted_at IS NULL
        ON CONFLICT (community_id, status, shard) DO UPDATE SET n = n + 1;
    INSERT INTO incident_day_tallies (community_id, day, shard, n)
        SELECT new.community_id, new.created_at / 86400000, 0, 1 WHERE new.deleted_at IS NULL
        ON CONFLICT (community_id, day, shard) DO UPDATE SET n = n + 1;
END;
