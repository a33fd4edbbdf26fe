-- Incidents, their status history, events and the private calendar feeds. Every list is community-scoped:
-- the indexes lead with community_id so authorization never costs a scan.

CREATE TABLE incidents (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL,
    location     TEXT,
    priority     TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
    status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved')),
    created_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    assigned_to  TEXT REFERENCES users (id) ON DELETE SET NULL,
    image_url    TEXT,
    search_text  TEXT NOT NULL,                         -- lower-cased, accent-free title + ' ' + description (Go)
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    deleted_at   BIGINT
);
-- The list, newest first (keyset on created_at, id); search walks it and filters on search_text. The
-- trailing deleted_at lets the dashboard's counts read the index alone.
CREATE INDEX incidents_community ON incidents (community_id, created_at DESC, id DESC, deleted_at);
-- The status filter and the dashboard's open count.
CREATE INDEX incidents_community_status ON incidents (community_id, status, created_at DESC, id DESC, deleted_at);
-- 'Mis incidencias', the assignee and creator filters, and ON DELETE SET NULL of an account.
CREATE INDEX incidents_assigned ON incidents (assigned_to, created_at DESC);
CREATE INDEX incidents_creator ON incidents (created_by, created_at DESC);

CREATE TABLE incident_status_changes (
    id          TEXT PRIMARY KEY,
    incident_id TEXT NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
    changed_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    from_status TEXT,                                   -- NULL for the creation
    to_status   TEXT NOT NULL,
    changed_at  BIGINT NOT NULL
);
CREATE INDEX incident_status_changes_incident ON incident_status_changes (incident_id, changed_at);
CREATE INDEX incident_status_changes_user ON incident_status_changes (changed_by);

CREATE TABLE events (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    title        TEXT NOT NULL,
    description  TEXT,
    location     TEXT,
    start_at     BIGINT NOT NULL,
    end_at       BIGINT,
    status       TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'completed')),
    created_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    search_text  TEXT NOT NULL,                         -- lower-cased, accent-free title + ' ' + description (Go)
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    deleted_at   BIGINT
);
CREATE INDEX events_community_start ON events (community_id, start_at, id, deleted_at);
CREATE INDEX events_community_created ON events (community_id, created_at, deleted_at);
CREATE INDEX events_creator ON events (created_by);

-- Private iCalendar feeds: one secret URL per member (see internal/events). Only the SHA-256 of the
-- token is stored; the URL is shown once, when it is created or rotated.
CREATE TABLE calendar_feeds (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL
);
CREATE INDEX calendar_feeds_community ON calendar_feeds (community_id);
