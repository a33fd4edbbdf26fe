-- SQLite's incident search reads the text from the community index (docs/adr/0008). This file is
-- SQLite's; PostgreSQL runs migrations/postgres/0009_incident_search_in_index.sql, which changes nothing.
--
-- A search walks the community's incidents newest first and keeps those whose search_text holds the
-- words. With search_text only in the table, every incident walked costs a seek into the table (most of a
-- search's CPU); with it at the end of the index, SQLite tests each index entry and seeks the table only
-- for the matches it returns (a deferred seek). The list, which reads 20 entries, does not notice the
-- longer entries.
DROP INDEX incidents_community;
CREATE INDEX incidents_community ON incidents (community_id, created_at DESC, id DESC, deleted_at, search_text);
