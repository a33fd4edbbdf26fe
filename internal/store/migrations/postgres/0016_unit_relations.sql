-- PostgreSQL's version of migrations/0016_unit_relations.sql (read it for the why): the same two new
-- kinds of a member's relation to a further unit, in place.
ALTER TABLE unit_members DROP CONSTRAINT unit_members_relation_check;
ALTER TABLE unit_members ADD CONSTRAINT unit_members_relation_check
    CHECK (relation IN ('owner', 'resident', 'tenant', 'family'));
