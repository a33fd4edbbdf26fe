-- SQLite's trigram index of the incidents' texts (migrations/0077_incidents_trigram_sqlite.sql).
-- PostgreSQL has its own (migration 0008). Nothing to do.
SELECT 1;
