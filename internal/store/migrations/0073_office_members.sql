-- The office's search of people (issue #35, docs/adr/0045's session 25 addendum).
--
-- The people's part took the office's members community by community (memberships_community_search,
-- one descent each) and tested every folded name (16,800 at the scale workload's office of 200
-- communities) before sorting those that matched by name and keeping 20: 5 ms of PostgreSQL's CPU a
-- search, a third of it. office_members holds the members of the communities each office runs now (its
-- processor active there), one row per office and member with a name, in the office's name order
-- (office_members_name), so the search walks the office's members by name and stops at the 20th that
-- matches: for a common surname a few hundred names, not all of them; for a name that matches none, all
-- of them still, but in one range of one index.
--
-- Kept by triggers in the transactions that write memberships (their names and units come with them,
-- from profiles, through the triggers of migrations 0062 and 0068) and the processors: a membership
-- written is taken out and put back for each office active in its community; a processor written takes
-- its office's rows of the community out, and puts them back from memberships if it is active. The rows
-- are the office's access rule (status 'active') kept in advance: the search reads no other.
CREATE TABLE office_members (
    organisation_id TEXT NOT NULL,
    community_id    TEXT NOT NULL,
    user_id         TEXT NOT NULL,
    full_name       TEXT NOT NULL,
    search_name     TEXT NOT NULL,
    unit_id         TEXT,
    joined_at       BIGINT NOT NULL,
    PRIMARY KEY (organisation_id, community_id, user_id)
);
-- both engines:
INSERT INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
    SELECT cp.organisation_id, m.community_id, m.user_id, m.full_name, m.search_name, m.unit_id, m.joined_at
    FROM community_processors cp JOIN memberships m ON m.community_id = cp.community_id
    WHERE cp.status = 'active' AND m.full_name IS NOT NULL;
-- postgres only:
CREATE INDEX office_members_name ON office_members (organisation_id, full_name, community_id, user_id) INCLUDE (search_name, unit_id, joined_at);
CREATE INDEX office_members_member ON office_members (community_id, user_id);

CREATE FUNCTION office_members_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM office_members WHERE community_id = OLD.community_id AND user_id = OLD.user_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.full_name IS NOT NULL THEN
        INSERT INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
            SELECT cp.organisation_id, NEW.community_id, NEW.user_id, NEW.full_name, NEW.search_name, NEW.unit_id, NEW.joined_at
            FROM community_processors cp WHERE cp.community_id = NEW.community_id AND cp.status = 'active';
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER office_members_membership AFTER INSERT OR DELETE OR UPDATE OF user_id, community_id, full_name, search_name, unit_id, joined_at
    ON memberships FOR EACH ROW EXECUTE FUNCTION office_members_membership();

CREATE FUNCTION office_members_processor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM office_members WHERE organisation_id = OLD.organisation_id AND community_id = OLD.community_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
        INSERT INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
            SELECT NEW.organisation_id, m.community_id, m.user_id, m.full_name, m.search_name, m.unit_id, m.joined_at
            FROM memberships m WHERE m.community_id = NEW.community_id AND m.full_name IS NOT NULL;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER office_members_processor AFTER INSERT OR DELETE OR UPDATE OF community_id, organisation_id, status
    ON community_processors FOR EACH ROW EXECUTE FUNCTION office_members_processor();

-- sqlite only:
CREATE INDEX office_members_name ON office_members (organisation_id, full_name, community_id, user_id, search_name, unit_id, joined_at);
CREATE INDEX office_members_member ON office_members (community_id, user_id);

CREATE TRIGGER office_members_membership_insert AFTER INSERT ON memberships BEGIN
    INSERT OR REPLACE INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
        SELECT cp.organisation_id, new.community_id, new.user_id, new.full_name, new.search_name, new.unit_id, new.joined_at
        FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active' AND new.full_name IS NOT NULL;
END;
CREATE TRIGGER office_members_membership_update AFTER UPDATE OF user_id, community_id, full_name, search_name, unit_id, joined_at ON memberships BEGIN
    DELETE FROM office_members WHERE community_id = old.community_id AND user_id = old.user_id;
    INSERT OR REPLACE INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
        SELECT cp.organisation_id, new.community_id, new.user_id, new.full_name, new.search_name, new.unit_id, new.joined_at
        FROM community_processors cp WHERE cp.community_id = new.community_id AND cp.status = 'active' AND new.full_name IS NOT NULL;
END;
CREATE TRIGGER office_members_membership_delete AFTER DELETE ON memberships BEGIN
    DELETE FROM office_members WHERE community_id = old.community_id AND user_id = old.user_id;
END;
CREATE TRIGGER office_members_processor_insert AFTER INSERT ON community_processors BEGIN
    INSERT OR REPLACE INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
        SELECT new.organisation_id, m.community_id, m.user_id, m.full_name, m.search_name, m.unit_id, m.joined_at
        FROM memberships m WHERE m.community_id = new.community_id AND m.full_name IS NOT NULL AND new.status = 'active';
END;
CREATE TRIGGER office_members_processor_update AFTER UPDATE OF community_id, organisation_id, status ON community_processors BEGIN
    DELETE FROM office_members WHERE organisation_id = old.organisation_id AND community_id = old.community_id;
    INSERT OR REPLACE INTO office_members (organisation_id, community_id, user_id, full_name, search_name, unit_id, joined_at)
        SELECT new.organisation_id, m.community_id, m.user_id, m.full_name, m.search_name, m.unit_id, m.joined_at
        FROM memberships m WHERE m.community_id = new.community_id AND m.full_name IS NOT NULL AND new.status = 'active';
END;
CREATE TRIGGER office_members_processor_delete AFTER DELETE ON community_processors BEGIN
    DELETE FROM office_members WHERE organisation_id = old.organisation_id AND community_id = old.community_id;
END;
