-- Issue 33, finding 1: a verification names one unit, and a verification code is for one person and
-- one unit. A level-2 verification then confirms the owner claim to that unit only, never every claim
-- of the member.

-- The unit a request is about: a document is of the member's home when they send it; a code's unit is
-- the one the admin named. NULL on requests from before (they confirmed nothing more once decided).
ALTER TABLE verification_requests ADD COLUMN unit_id TEXT REFERENCES units (id) ON DELETE SET NULL;

-- The member a code was issued for, and the unit it verifies.
ALTER TABLE verification_codes ADD COLUMN user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE verification_codes ADD COLUMN unit_id TEXT REFERENCES units (id) ON DELETE CASCADE;
-- Unused codes from before were good for anyone: they stop working (the admin issues a new one for the
-- neighbour and their unit).
DELETE FROM verification_codes WHERE used_at IS NULL;
