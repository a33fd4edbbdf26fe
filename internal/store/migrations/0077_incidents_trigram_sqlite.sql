-- The office's search on SQLite asks a trigram index of the incidents' texts first (issue #35,
-- docs/adr/0045's session 27 SQLite addendum), as PostgreSQL asks its own (migration 0008): a term that
-- few incidents of the database hold no longer walks the office's 20,000–40,000 incidents
-- (store/organisations_search.go). incidents_trigram is an FTS5 index of incidents.search_text that
-- stores no copy of the text (content='incidents': the rows are found by the incident's rowid, which
-- neither VACUUM nor VACUUM INTO changes, the table having indexes). Case-sensitive: the texts are folded
-- already, and a phrase then matches exactly the byte substrings the walk's contains_text finds. Triggers
-- keep it in the transaction of every write of an incident.
-- sqlite only:
CREATE VIRTUAL TABLE incidents_trigram USING fts5(search_text, content='incidents', content_rowid='rowid',
    tokenize='trigram case_sensitive 1');
INSERT INTO incidents_trigram (incidents_trigram) VALUES ('rebuild');

CREATE TRIGGER incidents_trigram_insert AFTER INSERT ON incidents BEGIN
    INSERT INTO incidents_trigram (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
CREATE TRIGGER incidents_trigram_update AFTER UPDATE OF search_text ON incidents BEGIN
    INSERT INTO incidents_trigram (incidents_trigram, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO incidents_trigram (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
CREATE TRIGGER incidents_trigram_delete AFTER DELETE ON incidents BEGIN
    INSERT INTO incidents_trigram (incidents_trigram, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
END;
