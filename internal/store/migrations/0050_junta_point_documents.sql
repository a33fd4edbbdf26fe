-- The documents a point of the orden del día attaches from Documentos (issue #38): the accounts, the
-- budget, the quotes for works. A JSON list of {"id", "title"}; each reader sees those Documentos lets
-- them see.
ALTER TABLE junta_points ADD COLUMN documents TEXT NOT NULL DEFAULT '[]';
