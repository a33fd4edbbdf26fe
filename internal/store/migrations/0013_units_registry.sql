-- The units registry (issue #21): a unit's staircase (escalera; its portal stays in units.building, which
-- portal-targeted announcements read), its kind and its coeficiente de participación. The coeficiente is
-- a percentage with up to 4 decimals, stored exactly as an integer of ten-thousandths of a percent
-- (12,3456 % = 123456; 100 % = 1000000); NULL until an admin sets it. Voting will weigh by it.
ALTER TABLE units ADD COLUMN staircase TEXT;
ALTER TABLE units ADD COLUMN kind TEXT NOT NULL DEFAULT 'vivienda' CHECK (kind IN ('vivienda', 'local', 'garaje'));
ALTER TABLE units ADD COLUMN coefficient BIGINT CHECK (coefficient IS NULL OR (coefficient >= 0 AND coefficient <= 1000000));
-- A unit's name is unique within its portal and staircase; the registry checks it (rows from before this
-- issue may repeat, so there is no unique index). This index serves that check and the registry's list.
CREATE INDEX units_registry ON units (community_id, building, staircase, unit_number);
