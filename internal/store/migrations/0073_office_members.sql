-- The office's search of people (issue #35, docs/adr/0045's session 25 addendum).
--
-- The people's part took the office's members community by community (memberships_community_search,
-- one descent each) and tested every folded name (16,800 at the scale workload's office of 200
-- communities) before sorting those that matched by name and keeping 20: 5 ms of PostgreSQL's CPU a
-- search, a third of it. memberships.office_id is the organisation whose processor is active in the
-- membership's community (NULL: none), and memberships_office_name holds the members of each office in
-- name order, so the search walks the office's members by name and stops at the 20th that matches: for a
-- common surname a few hundred names, not all of them; for a name that matches none, all of them still,
-- but in one range of one index.
--
-- The office's access rule (its processor active in the community) is kept in advance, by triggers in
-- the transactions that write memberships (a new membership, or one moved to another community, takes
-- its community's office) and the processors (a processor written sets the office of every membership of
-- its community again). A community has one active processor at most (the service refuses a second
-- invitation while one is pending or active): community_processors_active makes it a rule of the
-- database, so that office_id names the only office that may see the membership.
-- both engines:
CREATE UNIQUE INDEX community_processors_active ON community_processors (community_id) WHERE status = 'active';
ALTER TABLE memberships ADD COLUMN office_id TEXT;
UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp
    WHERE cp.community_id = memberships.community_id AND cp.status = 'active')
    WHERE community_id IN (SELECT cp.community_id FROM community_processors cp WHERE cp.status = 'active');
-- postgres only:
CREATE INDEX memberships_office_name ON memberships (office_id, full_name, community_id, user_id) INCLUDE (search_name, unit_id, joined_at)
    WHERE office_id IS NOT NULL AND full_name IS NOT NULL;

CREATE FUNCTION memberships_office() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.office_id := (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = NEW.community_id AND cp.status = 'active');
    RETURN NEW;
END;
$$;
CREATE TRIGGER memberships_office BEFORE INSERT OR UPDATE OF community_id ON memberships
    FOR EACH ROW EXECUTE FUNCTION memberships_office();

CREATE FUNCTION processors_office() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    c TEXT;
BEGIN
    FOR c IN SELECT DISTINCT x FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.community_id END),
            (CASE WHEN TG_OP <> 'DELETE' THEN NEW.community_id END)) v (x) WHERE x IS NOT NULL LOOP
        UPDATE memberships m SET office_id = a.organisation_id
            FROM (SELECT (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = c AND cp.status = 'active') AS organisation_id) a
            WHERE m.community_id = c AND m.office_id IS DISTINCT FROM a.organisation_id;
    END LOOP;
    RETURN NULL;
END;
$$;
CREATE TRIGGER processors_office AFTER INSERT OR DELETE OR UPDATE OF community_id, organisation_id, status ON community_processors
    FOR EACH ROW EXECUTE FUNCTION processors_office();

-- sqlite only:
CREATE INDEX memberships_office_name ON memberships (office_id, full_name, community_id, user_id, search_name, unit_id, joined_at)
    WHERE office_id IS NOT NULL AND full_name IS NOT NULL;

CREATE TRIGGER memberships_office_insert AFTER INSERT ON memberships BEGIN
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active')
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER memberships_office_update AFTER UPDATE OF community_id ON memberships BEGIN
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active')
        WHERE user_id = new.user_id AND community_id = new.community_id;
END;
CREATE TRIGGER processors_office_insert AFTER INSERT ON community_processors BEGIN
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active')
        WHERE community_id = new.community_id;
END;
CREATE TRIGGER processors_office_update AFTER UPDATE OF community_id, organisation_id, status ON community_processors BEGIN
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = old.community_id AND cp.status = 'active')
        WHERE community_id = old.community_id;
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active')
        WHERE community_id = new.community_id;
END;
CREATE TRIGGER processors_office_delete AFTER DELETE ON community_processors BEGIN
    UPDATE memberships SET office_id = (SELECT cp.organisation_id FROM community_processors cp WHERE cp.community_id = old.community_id AND cp.status = 'active')
        WHERE community_id = old.community_id;
END;
