-- Invitations to own a unit (issue #35, ADR 0045 addendum): the office's CSV import of units and owners
-- sends each owner an invitation for their unit with unit_relation 'owner'. When that address joins the
-- community it becomes the owner of record of each such unit nobody owns yet, and lives in the first.
-- NULL: an ordinary invitation (the unit, if any, is only preselected).
ALTER TABLE invitations ADD COLUMN unit_relation TEXT;
CREATE INDEX invitations_community_email ON invitations (community_id, email);
