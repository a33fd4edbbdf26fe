-- The office's overview at 200 communities (issue #35, docs/adr/0045's session 27 addendum).
--
-- The overview counted each community's open incidents by age, its pending bookings to come and its
-- next junta convened through three indexes that lead with community_id: 600 descents for an office of
-- 200 communities, the 13,400 open incidents read among the incidents' own entries, and each community's
-- name read by key. office_overview_rows holds, for the communities an office runs now (its processor
-- active there), the rows those counters read: the open incidents (at: created), the pending bookings
-- (at: start) and the juntas convened (at: first call), led by the office, so that the overview reads
-- them in one range of one small index. office_overview_source says which rows those are; triggers keep
-- the table equal to it in the transaction of every write of an incident, a booking, a junta or a
-- processor (a community joining or leaving the office takes its rows with it). The index leads with the
-- office and the kind, so that each counter reads one range: the open incidents of the last 30 days, the
-- bookings to come, the juntas.
--
-- community_processors.community_name is a copy of the community's name, kept by triggers, so that the
-- overview lists and orders the office's communities without reading communities.
--
-- On PostgreSQL units.search_label gets a trigram index, which the office's search asks first.
-- both engines:
CREATE TABLE office_overview_rows (
    organisation_id TEXT NOT NULL,
    community_id    TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('incident', 'booking', 'junta')),
    id              TEXT NOT NULL,
    at              BIGINT NOT NULL,
    PRIMARY KEY (community_id, kind, id)
);
CREATE INDEX office_overview_rows_office ON office_overview_rows (organisation_id, kind, at, community_id);

-- The open incidents of each community the office runs, counted (the rows of kind 'incident'), kept by
-- triggers on office_overview_rows: the overview reads the open incidents of the last 30 days as rows,
-- in one range of the office's index, and counts those older as the rest of this number, so that it no
-- longer reads the old ones (at the scale workload three quarters of an office's 13,400).
CREATE TABLE office_open_incidents (
    organisation_id TEXT NOT NULL,
    community_id    TEXT NOT NULL,
    n               INTEGER NOT NULL,
    PRIMARY KEY (organisation_id, community_id)
);

CREATE VIEW office_overview_source (organisation_id, community_id, kind, id, at) AS
    SELECT cp.organisation_id, i.community_id, CAST('incident' AS TEXT), i.id, i.created_at FROM community_processors cp
        JOIN incidents i ON i.community_id = cp.community_id AND i.status IN ('open', 'in_progress') AND i.deleted_at IS NULL
        WHERE cp.status = 'active'
    UNION ALL
    SELECT cp.organisation_id, r.community_id, CAST('booking' AS TEXT), r.id, r.start_at FROM community_processors cp
        JOIN reservations r ON r.community_id = cp.community_id AND r.status = 'pending'
        WHERE cp.status = 'active'
    UNION ALL
    SELECT cp.organisation_id, j.community_id, CAST('junta' AS TEXT), j.id, j.first_call_at FROM community_processors cp
        JOIN juntas j ON j.community_id = cp.community_id AND j.status = 'convocada'
        WHERE cp.status = 'active';

INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
    SELECT organisation_id, community_id, kind, id, at FROM office_overview_source;
INSERT INTO office_open_incidents (organisation_id, community_id, n)
    SELECT organisation_id, community_id, COUNT(*) FROM office_overview_rows WHERE kind = 'incident' GROUP BY organisation_id, community_id;

ALTER TABLE community_processors ADD COLUMN community_name TEXT NOT NULL DEFAULT '';
UPDATE community_processors SET community_name = (SELECT c.name FROM communities c WHERE c.id = community_processors.community_id);
-- postgres only:
-- The planner's figures of the new rows, so that the overview's first plans read them through the index.
ANALYZE office_overview_rows;

-- The office's search looks up a term's units across the database in a trigram index first, as it does
-- its incidents (store/organisations_search.go): a term that matches no unit, or a few, no longer walks
-- the office's 8,000 units. Without pg_trgm (migration 0008) the search walks them as before.
DO $$
BEGIN
    CREATE INDEX units_search_label_trgm ON units USING gin (search_label gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'unit search without a trigram index: %', SQLERRM;
END $$;

-- The rows of one community again (a processor written), and of one incident, booking or junta (the
-- trigger's argument is its kind).
CREATE FUNCTION office_overview_refresh(c TEXT) RETURNS void LANGUAGE sql AS $$
    DELETE FROM office_overview_rows WHERE community_id = c;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source WHERE community_id = c;
$$;

CREATE FUNCTION office_overview_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM office_overview_rows WHERE community_id = OLD.community_id AND kind = TG_ARGV[0] AND id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
            SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
            WHERE community_id = NEW.community_id AND kind = TG_ARGV[0] AND id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER incidents_office_overview AFTER INSERT OR DELETE OR UPDATE OF community_id, status, deleted_at, created_at ON incidents
    FOR EACH ROW EXECUTE FUNCTION office_overview_follow('incident');
CREATE TRIGGER reservations_office_overview AFTER INSERT OR DELETE OR UPDATE OF community_id, status, start_at ON reservations
    FOR EACH ROW EXECUTE FUNCTION office_overview_follow('booking');
CREATE TRIGGER juntas_office_overview AFTER INSERT OR DELETE OR UPDATE OF community_id, status, first_call_at ON juntas
    FOR EACH ROW EXECUTE FUNCTION office_overview_follow('junta');

CREATE FUNCTION processors_office_overview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM office_overview_refresh(NEW.community_id);
        RETURN NULL;
    END IF;
    PERFORM office_overview_refresh(OLD.community_id);
    IF TG_OP = 'UPDATE' AND NEW.community_id <> OLD.community_id THEN
        PERFORM office_overview_refresh(NEW.community_id);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER processors_office_overview AFTER INSERT OR DELETE OR UPDATE OF community_id, organisation_id, status ON community_processors
    FOR EACH ROW EXECUTE FUNCTION processors_office_overview();

CREATE FUNCTION office_open_incidents_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO office_open_incidents AS o (organisation_id, community_id, n) VALUES (NEW.organisation_id, NEW.community_id, 1)
            ON CONFLICT (organisation_id, community_id) DO UPDATE SET n = o.n + 1;
    ELSE
        UPDATE office_open_incidents SET n = n - 1 WHERE organisation_id = OLD.organisation_id AND community_id = OLD.community_id;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER office_open_incidents_insert AFTER INSERT ON office_overview_rows
    FOR EACH ROW WHEN (NEW.kind = 'incident') EXECUTE FUNCTION office_open_incidents_count();
CREATE TRIGGER office_open_incidents_delete AFTER DELETE ON office_overview_rows
    FOR EACH ROW WHEN (OLD.kind = 'incident') EXECUTE FUNCTION office_open_incidents_count();

CREATE FUNCTION processors_community_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.community_name := (SELECT c.name FROM communities c WHERE c.id = NEW.community_id);
    RETURN NEW;
END;
$$;
CREATE TRIGGER processors_community_name BEFORE INSERT OR UPDATE OF community_id ON community_processors
    FOR EACH ROW EXECUTE FUNCTION processors_community_name();

CREATE FUNCTION communities_processor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE community_processors SET community_name = NEW.name WHERE community_id = NEW.id AND community_name <> NEW.name;
    RETURN NULL;
END;
$$;
CREATE TRIGGER communities_processor_name AFTER UPDATE OF name ON communities
    FOR EACH ROW EXECUTE FUNCTION communities_processor_name();
-- sqlite only:
CREATE TRIGGER office_open_incidents_insert AFTER INSERT ON office_overview_rows WHEN new.kind = 'incident' BEGIN
    INSERT INTO office_open_incidents (organisation_id, community_id, n) VALUES (new.organisation_id, new.community_id, 1)
        ON CONFLICT (organisation_id, community_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER office_open_incidents_delete AFTER DELETE ON office_overview_rows WHEN old.kind = 'incident' BEGIN
    UPDATE office_open_incidents SET n = n - 1 WHERE organisation_id = old.organisation_id AND community_id = old.community_id;
END;

CREATE TRIGGER incidents_office_overview_insert AFTER INSERT ON incidents BEGIN
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'incident' AND id = new.id;
END;
CREATE TRIGGER incidents_office_overview_update AFTER UPDATE OF community_id, status, deleted_at, created_at ON incidents BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'incident' AND id = old.id;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'incident' AND id = new.id;
END;
CREATE TRIGGER incidents_office_overview_delete AFTER DELETE ON incidents BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'incident' AND id = old.id;
END;
CREATE TRIGGER reservations_office_overview_insert AFTER INSERT ON reservations BEGIN
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'booking' AND id = new.id;
END;
CREATE TRIGGER reservations_office_overview_update AFTER UPDATE OF community_id, status, start_at ON reservations BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'booking' AND id = old.id;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'booking' AND id = new.id;
END;
CREATE TRIGGER reservations_office_overview_delete AFTER DELETE ON reservations BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'booking' AND id = old.id;
END;
CREATE TRIGGER juntas_office_overview_insert AFTER INSERT ON juntas BEGIN
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'junta' AND id = new.id;
END;
CREATE TRIGGER juntas_office_overview_update AFTER UPDATE OF community_id, status, first_call_at ON juntas BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'junta' AND id = old.id;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
        WHERE community_id = new.community_id AND kind = 'junta' AND id = new.id;
END;
CREATE TRIGGER juntas_office_overview_delete AFTER DELETE ON juntas BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id AND kind = 'junta' AND id = old.id;
END;

CREATE TRIGGER processors_office_overview_insert AFTER INSERT ON community_processors BEGIN
    DELETE FROM office_overview_rows WHERE community_id = new.community_id;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source WHERE community_id = new.community_id;
END;
CREATE TRIGGER processors_office_overview_update AFTER UPDATE OF community_id, organisation_id, status ON community_processors BEGIN
    DELETE FROM office_overview_rows WHERE community_id IN (old.community_id, new.community_id);
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source WHERE community_id IN (old.community_id, new.community_id);
END;
CREATE TRIGGER processors_office_overview_delete AFTER DELETE ON community_processors BEGIN
    DELETE FROM office_overview_rows WHERE community_id = old.community_id;
    INSERT INTO office_overview_rows (organisation_id, community_id, kind, id, at)
        SELECT organisation_id, community_id, kind, id, at FROM office_overview_source WHERE community_id = old.community_id;
END;
CREATE TRIGGER processors_community_name_insert AFTER INSERT ON community_processors BEGIN
    UPDATE community_processors SET community_name = (SELECT c.name FROM communities c WHERE c.id = new.community_id)
        WHERE community_id = new.community_id AND organisation_id = new.organisation_id;
END;
CREATE TRIGGER processors_community_name_update AFTER UPDATE OF community_id ON community_processors BEGIN
    UPDATE community_processors SET community_name = (SELECT c.name FROM communities c WHERE c.id = new.community_id)
        WHERE community_id = new.community_id AND organisation_id = new.organisation_id;
END;
CREATE TRIGGER communities_processor_name AFTER UPDATE OF name ON communities BEGIN
    UPDATE community_processors SET community_name = new.name WHERE community_id = new.id AND community_name <> new.name;
END;
