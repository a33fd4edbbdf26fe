-- The office's search at 200 communities (issue #35, docs/adr/0045's last addendum; migration 0062).
--
-- memberships.full_name: a copy of the member's profiles.full_name (NULL without a profile), kept with
-- search_name by the same triggers, and in the index the people's query reads: it sorts the members whose
-- folded name matches by name and reads no profile (at the scale workload 1,400 profiles read by key for
-- a common surname, a third of the query).
-- both engines:
ALTER TABLE memberships ADD COLUMN full_name TEXT;
DROP INDEX memberships_community_search;
-- postgres only:
CREATE INDEX memberships_community_search ON memberships (community_id, search_name) INCLUDE (user_id, unit_id, joined_at, full_name);
UPDATE memberships m SET full_name = p.full_name FROM profiles p WHERE p.id = m.user_id;

CREATE OR REPLACE FUNCTION memberships_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.full_name := (SELECT p.full_name FROM profiles p WHERE p.id = NEW.user_id);
    NEW.search_name := COALESCE(office_fold(NEW.full_name, 0), '');
    RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION profiles_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE memberships SET search_name = office_fold(NEW.full_name, 0), full_name = NEW.full_name
        WHERE user_id = NEW.id AND full_name IS DISTINCT FROM NEW.full_name;
    RETURN NULL;
END;
$$;

-- sqlite only:
CREATE INDEX memberships_community_search ON memberships (community_id, search_name, user_id, unit_id, joined_at, full_name);

-- On SQLite the triggers that keep memberships.search_name and units.search_label folded called
-- office_fold, a function only the vecinos binary registers, so an operator could not insert or rename a profile, a membership or a unit with the plain sqlite3
-- tool ("no such function: office_fold"). The triggers now fold in plain SQL, exactly as PostgreSQL's
-- office_fold does (migration 0062): its translate() of the accented letters of Spanish and Catalan
-- names, letter by letter (replace), then lower() (SQLite's lowers ASCII only, which is all that is
-- left to lower of those letters), and for a unit's label without spaces, ordinal signs, dots, middle
-- dots and dashes. Both engines now store the same folded text. The fold is written once, in a view
-- that the triggers read by key.
CREATE VIEW profiles_search_name (id, full_name, search_name) AS SELECT p.id, p.full_name, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(p.full_name,
        'Á', 'A'), 'À', 'A'), 'Â', 'A'), 'Ä', 'A'), 'Ã', 'A'), 'É', 'E'), 'È', 'E'), 'Ê', 'E'),
        'Ë', 'E'), 'Í', 'I'), 'Ì', 'I'), 'Î', 'I'), 'Ï', 'I'), 'Ó', 'O'), 'Ò', 'O'), 'Ô', 'O'),
        'Ö', 'O'), 'Õ', 'O'), 'Ú', 'U'), 'Ù', 'U'), 'Û', 'U'), 'Ü', 'U'), 'Ñ', 'N'), 'Ç', 'C'),
        'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'),
        'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o'),
        'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c'))
    FROM profiles p;

CREATE VIEW units_search_label (id, search_label) AS SELECT u.id, replace(replace(replace(replace(replace(replace(lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(COALESCE(u.building, '') || COALESCE(u.staircase, '') || u.unit_number,
        'Á', 'A'), 'À', 'A'), 'Â', 'A'), 'Ä', 'A'), 'Ã', 'A'), 'É', 'E'), 'È', 'E'), 'Ê', 'E'),
        'Ë', 'E'), 'Í', 'I'), 'Ì', 'I'), 'Î', 'I'), 'Ï', 'I'), 'Ó', 'O'), 'Ò', 'O'), 'Ô', 'O'),
        'Ö', 'O'), 'Õ', 'O'), 'Ú', 'U'), 'Ù', 'U'), 'Û', 'U'), 'Ü', 'U'), 'Ñ', 'N'), 'Ç', 'C'),
        'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'),
        'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o'),
        'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c')),
        ' ', ''), 'º', ''), 'ª', ''), '.', ''), '·', ''), '-', '')
    FROM units u;

DROP TRIGGER memberships_search_name_insert;
DROP TRIGGER memberships_search_name_user;
DROP TRIGGER profiles_search_name_insert;
DROP TRIGGER profiles_search_name_update;
DROP TRIGGER units_search_label_insert;
DROP TRIGGER units_search_label_update;

CREATE TRIGGER memberships_search_name_insert AFTER INSERT ON memberships BEGIN
    UPDATE memberships SET search_name = COALESCE((SELECT f.search_name FROM profiles_search_name f WHERE f.id = new.user_id), ''),
            full_name = (SELECT f.full_name FROM profiles_search_name f WHERE f.id = new.user_id)
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER memberships_search_name_user AFTER UPDATE OF user_id ON memberships BEGIN
    UPDATE memberships SET search_name = COALESCE((SELECT f.search_name FROM profiles_search_name f WHERE f.id = new.user_id), ''),
            full_name = (SELECT f.full_name FROM profiles_search_name f WHERE f.id = new.user_id)
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER profiles_search_name_insert AFTER INSERT ON profiles BEGIN
    UPDATE memberships SET search_name = (SELECT f.search_name FROM profiles_search_name f WHERE f.id = new.id), full_name = new.full_name
        WHERE user_id = new.id;
END;
CREATE TRIGGER profiles_search_name_update AFTER UPDATE OF full_name ON profiles BEGIN
    UPDATE memberships SET search_name = (SELECT f.search_name FROM profiles_search_name f WHERE f.id = new.id), full_name = new.full_name
        WHERE user_id = new.id;
END;
CREATE TRIGGER units_search_label_insert AFTER INSERT ON units BEGIN
    UPDATE units SET search_label = (SELECT f.search_label FROM units_search_label f WHERE f.id = new.id) WHERE id = new.id;
END;
CREATE TRIGGER units_search_label_update AFTER UPDATE OF building, staircase, unit_number ON units BEGIN
    UPDATE units SET search_label = (SELECT f.search_label FROM units_search_label f WHERE f.id = new.id) WHERE id = new.id;
END;

-- What is stored already, folded as the new triggers fold.
UPDATE memberships SET search_name = COALESCE((SELECT f.search_name FROM profiles_search_name f WHERE f.id = memberships.user_id), ''),
    full_name = (SELECT f.full_name FROM profiles_search_name f WHERE f.id = memberships.user_id);
UPDATE units SET search_label = (SELECT f.search_label FROM units_search_label f WHERE f.id = units.id);
