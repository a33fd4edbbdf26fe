-- PostgreSQL gets the word index of the incident search that SQLite has had since migration 0048
-- (docs/adr/0046, docs/adr/0048, store/search.go): both engines now serve a search of letters from it.
-- SQLite has the tables already; nothing to do there.
--
-- incident_vocabulary: the distinct words of a community's incidents (a longest run of letters of
-- search_text, 3 letters or more); seq is the word's id. incident_words: per word, the incidents that hold
-- it, newest first as the list orders them. As on SQLite: no foreign keys (a check per posting would
-- cost as much again on every insert), soft deletes keep their postings (the list's query decides), and
-- the rows go with their community (the trigger below), the only way an incident is removed.
--
-- The incidents already there are indexed by the store, in Go, in this migration's transaction
-- (migrationSteps in migrate.go). The trigram index of migration 0008 stays: the walk, which a search of
-- anything other than letters still takes, uses it for rare patterns.
-- sqlite only:
SELECT 1;
-- postgres only:
CREATE TABLE incident_vocabulary (
    seq          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    community_id TEXT NOT NULL,
    word         TEXT NOT NULL,
    UNIQUE (community_id, word)
);

CREATE TABLE incident_words (
    word_id     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    incident_id TEXT NOT NULL,
    PRIMARY KEY (word_id, created_at, incident_id)
);

CREATE FUNCTION incident_words_community_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM incident_words WHERE word_id IN (SELECT seq FROM incident_vocabulary WHERE community_id = OLD.id);
    DELETE FROM incident_vocabulary WHERE community_id = OLD.id;
    RETURN OLD;
END;
$$;

CREATE TRIGGER incident_words_community_deleted AFTER DELETE ON communities
    FOR EACH ROW EXECUTE FUNCTION incident_words_community_deleted();
