-- SQLite's word index of the incident search (docs/adr/0046, store/search.go). PostgreSQL runs
-- migrations/postgres/0048_incident_words.sql, which changes nothing: it keeps its trigram index (0008).
--
-- incident_vocabulary: the distinct words of a community's incidents (a longest run of letters of
-- search_text, 3 letters or more), in the order they came: seq is the word's id, never reused
-- (AUTOINCREMENT), which the store caches in memory with the word and reads on from the last it saw.
CREATE TABLE incident_vocabulary (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    community_id TEXT NOT NULL,
    word         TEXT NOT NULL,
    UNIQUE (community_id, word)
);
CREATE INDEX incident_vocabulary_seq ON incident_vocabulary (community_id, seq);

-- incident_words: per word of the vocabulary, the incidents that hold it, newest first as the list
-- orders them. Written by the store with the incident (insert, and the words gained and lost on an edit);
-- soft deletes keep their rows, since the list's query decides. Keyed by the word's id, not by community
-- and word: half the key, and half an insert's cost. No foreign keys: a check per row would cost as
-- much again; the rows go with their community (trigger below), the only way an incident is removed.
CREATE TABLE incident_words (
    word_id     INTEGER NOT NULL,
    created_at  BIGINT NOT NULL,
    incident_id TEXT NOT NULL,
    PRIMARY KEY (word_id, created_at, incident_id)
) WITHOUT ROWID;

CREATE TRIGGER incident_words_community_deleted AFTER DELETE ON communities BEGIN
    DELETE FROM incident_words WHERE word_id IN (SELECT seq FROM incident_vocabulary WHERE community_id = old.id);
    DELETE FROM incident_vocabulary WHERE community_id = old.id;
END;

-- The incidents already there are indexed by the store, in Go, in this migration's transaction
-- (migrationSteps in migrate.go).
