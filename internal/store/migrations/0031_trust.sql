-- Issue #33: each facility's booking horizon, the days ahead of today (local) on which a booking may
-- start; 90 unless an admin changes it.
ALTER TABLE facilities ADD COLUMN horizon_days INTEGER NOT NULL DEFAULT 90;
