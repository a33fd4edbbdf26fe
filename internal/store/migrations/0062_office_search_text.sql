-- The office's search (issue #35, docs/adr/0045 addendum, store/organisations_search.go) compares a
-- person's name and a unit's label folded as the search folds them. Folding them per row and per search
-- was most of the people's query at the scale workload (10 µs a name over an office's 16,800 members,
-- and a join with every profile): they are now stored, folded, where the query reads them, and kept by
-- triggers, as incidents keep search_text (written with the row, never computed by the search).
--
-- memberships.search_name: the member's profiles.full_name folded (domain.SearchText). On the
-- membership, not the profile, because the office's query starts from the members of its communities
-- (memberships_community_search leads with community_id): it tests the names of its own members only, and
-- reads the profile of those that match. A profile's new name is copied to its memberships.
--
-- units.search_label: building, staircase and unit_number run together and folded as CompactUnitText.
--
-- The folding is the one the search did in the query until now, so that results stay the same: on
-- SQLite office_fold, which the store registers (domain.SearchText, CompactUnitText); on PostgreSQL the
-- function office_fold below, the lower(translate(…)) of organisations_search.go's accentsFrom and
-- accentsTo, and unitNoise removed for a unit.
-- sqlite only:
ALTER TABLE memberships ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE units ADD COLUMN search_label TEXT NOT NULL DEFAULT '';

UPDATE memberships SET search_name = office_fold(COALESCE((SELECT p.full_name FROM profiles p WHERE p.id = memberships.user_id), ''), 0);
UPDATE units SET search_label = office_fold(COALESCE(building, '') || COALESCE(staircase, '') || unit_number, 1);

-- The index the people's query reads: the members of a community with their folded names, and what the
-- query returns of them (no read of the table for a name that does not match).
CREATE INDEX memberships_community_search ON memberships (community_id, search_name, user_id, unit_id, joined_at);

CREATE TRIGGER memberships_search_name_insert AFTER INSERT ON memberships BEGIN
    UPDATE memberships SET search_name = office_fold(COALESCE((SELECT p.full_name FROM profiles p WHERE p.id = new.user_id), ''), 0)
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER memberships_search_name_user AFTER UPDATE OF user_id ON memberships BEGIN
    UPDATE memberships SET search_name = office_fold(COALESCE((SELECT p.full_name FROM profiles p WHERE p.id = new.user_id), ''), 0)
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER profiles_search_name_insert AFTER INSERT ON profiles BEGIN
    UPDATE memberships SET search_name = office_fold(new.full_name, 0) WHERE user_id = new.id;
END;
CREATE TRIGGER profiles_search_name_update AFTER UPDATE OF full_name ON profiles BEGIN
    UPDATE memberships SET search_name = office_fold(new.full_name, 0) WHERE user_id = new.id;
END;
CREATE TRIGGER units_search_label_insert AFTER INSERT ON units BEGIN
    UPDATE units SET search_label = office_fold(COALESCE(new.building, '') || COALESCE(new.staircase, '') || new.unit_number, 1)
        WHERE id = new.id;
END;
CREATE TRIGGER units_search_label_update AFTER UPDATE OF building, staircase, unit_number ON units BEGIN
    UPDATE units SET search_label = office_fold(COALESCE(new.building, '') || COALESCE(new.staircase, '') || new.unit_number, 1)
        WHERE id = new.id;
END;
-- postgres only:
-- office_fold(text, compact): text lower-cased without the accents of Spanish and Catalan names; with
-- compact 1 also without spaces, ordinal signs, dots, middle dots and dashes.
CREATE FUNCTION office_fold(t text, compact integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN compact = 1
        THEN translate(lower(translate(t, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), ' º ª.·-', '')
        ELSE lower(translate(t, 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
    END
$$;

ALTER TABLE memberships ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE units ADD COLUMN search_label TEXT NOT NULL DEFAULT '';

UPDATE memberships m SET search_name = office_fold(p.full_name, 0) FROM profiles p WHERE p.id = m.user_id;
UPDATE units SET search_label = office_fold(COALESCE(building, '') || COALESCE(staircase, '') || unit_number, 1);

-- The index the people's query reads: the members of a community by folded name, with what the query
-- returns of them, so that a name that does not match costs no read of the table (an index-only scan).
CREATE INDEX memberships_community_search ON memberships (community_id, search_name) INCLUDE (user_id, unit_id, joined_at);

CREATE FUNCTION memberships_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_name := COALESCE(office_fold((SELECT p.full_name FROM profiles p WHERE p.id = NEW.user_id), 0), '');
    RETURN NEW;
END;
$$;
CREATE TRIGGER memberships_search_name BEFORE INSERT OR UPDATE OF user_id ON memberships
    FOR EACH ROW EXECUTE FUNCTION memberships_search_name();

CREATE FUNCTION profiles_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE memberships SET search_name = office_fold(NEW.full_name, 0)
        WHERE user_id = NEW.id AND search_name IS DISTINCT FROM office_fold(NEW.full_name, 0);
    RETURN NULL;
END;
$$;
CREATE TRIGGER profiles_search_name AFTER INSERT OR UPDATE OF full_name ON profiles
    FOR EACH ROW EXECUTE FUNCTION profiles_search_name();

CREATE FUNCTION units_search_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_label := office_fold(COALESCE(NEW.building, '') || COALESCE(NEW.staircase, '') || NEW.unit_number, 1);
    RETURN NEW;
END;
$$;
CREATE TRIGGER units_search_label BEFORE INSERT OR UPDATE OF building, staircase, unit_number ON units
    FOR EACH ROW EXECUTE FUNCTION units_search_label();
