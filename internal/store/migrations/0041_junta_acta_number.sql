-- The libro de actas (art. 19 LPH): each junta's acta is numbered in its community's sequence when it is
-- first drafted, and keeps its number.
ALTER TABLE juntas ADD COLUMN acta_number INTEGER;
CREATE UNIQUE INDEX juntas_acta_number ON juntas (community_id, acta_number) WHERE acta_number IS NOT NULL;
