-- SQLite's word index of the incident search (migrations/0048_incident_words.sql, docs/adr/0046).
-- PostgreSQL keeps its trigram index and walk (migration 0008). Nothing to do.
SELECT 1;
