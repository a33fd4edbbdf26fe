-- Reservations of common facilities (issue #13). Every rule is computed in the community's time zone, a
-- new community setting; times are stored as UTC milliseconds, [start_at, end_at).
ALTER TABLE communities ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Madrid';

-- A facility of a community. capacity 1 is exclusive (the hall), more is shared (a pool's aforo). hours is
-- a JSON array of 7 entries indexed by weekday (0 = Sunday): [open, close] in minutes after midnight, or
-- null when closed that day. slot_minutes > 0: fixed slots from the opening time; 0: free start and end
-- between min_minutes and max_minutes.
CREATE TABLE facilities (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    photo_url      TEXT,
    capacity       INTEGER NOT NULL CHECK (capacity >= 1),
    hours          TEXT NOT NULL,
    slot_minutes   INTEGER NOT NULL,
    min_minutes    INTEGER NOT NULL,
    max_minutes    INTEGER NOT NULL,
    max_per_month  INTEGER NOT NULL,
    cancel_hours   INTEGER NOT NULL,
    deposit_cents  INTEGER NOT NULL,
    needs_approval BOOLEAN NOT NULL,
    rules          TEXT NOT NULL DEFAULT '',
    archived_at    BIGINT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX facilities_community ON facilities (community_id, name);

-- Days a facility is closed (maintenance, holidays), as local dates of the community.
CREATE TABLE facility_closures (
    facility_id TEXT NOT NULL REFERENCES facilities (id) ON DELETE CASCADE,
    day         TEXT NOT NULL, -- YYYY-MM-DD
    reason      TEXT NOT NULL,
    PRIMARY KEY (facility_id, day)
);

-- A booking. month is the local month of start_at (YYYY-MM), fixed when booked: the quota counts by it.
-- exclusive copies capacity = 1 of the facility, for the PostgreSQL exclusion constraint.
CREATE TABLE reservations (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    facility_id    TEXT NOT NULL REFERENCES facilities (id) ON DELETE CASCADE,
    unit_id        TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    user_id        TEXT REFERENCES users (id) ON DELETE SET NULL,
    start_at       BIGINT NOT NULL,
    end_at         BIGINT NOT NULL,
    month          TEXT NOT NULL,
    exclusive      BOOLEAN NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected', 'cancelled')),
    reason         TEXT,
    deposit_cents  INTEGER NOT NULL,
    deposit_status TEXT CHECK (deposit_status IN ('pending', 'received', 'returned', 'retained')),
    deposit_reason TEXT,
    reminded_at    BIGINT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    CHECK (end_at > start_at)
);
CREATE INDEX reservations_facility ON reservations (facility_id, start_at);
CREATE INDEX reservations_quota ON reservations (facility_id, unit_id, month);
CREATE INDEX reservations_user ON reservations (user_id, start_at);
CREATE INDEX reservations_community ON reservations (community_id, start_at);
-- The reminder job: confirmed reservations not yet reminded, by start.
CREATE INDEX reservations_reminder ON reservations (start_at) WHERE status = 'confirmed' AND reminded_at IS NULL;

-- postgres only:
-- No two pending or confirmed reservations of one exclusive facility overlap: the database refuses the
-- second (SQLSTATE 23P01), not a check followed by an insert. '[)': one may start when another ends.
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE reservations ADD CONSTRAINT reservations_no_overlap EXCLUDE USING gist (
    facility_id WITH =, int8range(start_at, end_at, '[)') WITH &&
) WHERE (exclusive AND status IN ('pending', 'confirmed'));
