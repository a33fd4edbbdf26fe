-- Issue #16: the community's directory of service providers with their ratings, its tasks for the staff
-- and providers, and its wall of posts. Every table is reached through its community; timestamps are
-- Unix milliseconds.

CREATE TABLE providers (
    id               TEXT PRIMARY KEY,
    community_id     TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    category         TEXT NOT NULL CHECK (category IN ('plumbing', 'electricity', 'locksmith', 'cleaning', 'lifts', 'hvac', 'other')),
    description      TEXT NOT NULL DEFAULT '',
    phone            TEXT,
    email            TEXT,
    address          TEXT,
    emergency        BOOLEAN NOT NULL DEFAULT FALSE,   -- 'Urgencias 24h'
    verified         BOOLEAN NOT NULL DEFAULT FALSE,   -- set by admins only
    -- A member's suggestion is 'pending' until an admin approves it (listed) or rejects it (with a reason);
    -- an archived provider is kept for its tasks and ratings but no longer listed.
    status           TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'archived')),
    rejection_reason TEXT,
    suggested_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    search_text      TEXT NOT NULL,                    -- lower-cased, accent-free name + description (Go)
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX providers_community ON providers (community_id, status, name);
CREATE INDEX providers_suggested_by ON providers (suggested_by);

CREATE TABLE provider_ratings (
    provider_id TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stars       INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    comment     TEXT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (provider_id, user_id)                 -- one rating per member: a second one replaces it
);
CREATE INDEX provider_ratings_user ON provider_ratings (user_id);

CREATE TABLE tasks (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    title         TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    assignee      TEXT NOT NULL CHECK (assignee IN ('janitor', 'cleaning', 'gardening', 'provider')),
    provider_id   TEXT REFERENCES providers (id) ON DELETE SET NULL,
    priority      TEXT NOT NULL CHECK (priority IN ('low', 'medium', 'high')),
    status        TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed')),
    due_date      TEXT,                                -- YYYY-MM-DD, the community's calendar day
    recurrence    TEXT NOT NULL DEFAULT 'none' CHECK (recurrence IN ('none', 'weekly', 'monthly', 'yearly')),
    -- The task its completion created: set once, so reopening and completing again makes no second one.
    next_task_id  TEXT,
    incident_id   TEXT REFERENCES incidents (id) ON DELETE SET NULL,
    created_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    search_text   TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    completed_at  BIGINT,
    deleted_at    BIGINT
);
CREATE INDEX tasks_community ON tasks (community_id, created_at DESC, id DESC);
CREATE INDEX tasks_provider ON tasks (provider_id);
CREATE INDEX tasks_incident ON tasks (incident_id);
CREATE INDEX tasks_creator ON tasks (created_by);

-- Members who are not admins but may create and edit tasks, as an admin allowed.
CREATE TABLE task_editors (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    granted_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    granted_at   BIGINT NOT NULL,
    PRIMARY KEY (community_id, user_id)
);
CREATE INDEX task_editors_user ON task_editors (user_id);
CREATE INDEX task_editors_granted_by ON task_editors (granted_by);

CREATE TABLE wall_posts (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    author_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('announcement', 'event', 'question', 'discussion')),
    body         TEXT NOT NULL,
    image_url    TEXT,
    event_id     TEXT REFERENCES events (id) ON DELETE SET NULL,
    hidden_at    BIGINT,                               -- hidden by an admin: gone for members, kept for admins
    hidden_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    edited_at    BIGINT,
    deleted_at   BIGINT
);
-- The wall, newest first (keyset on created_at, id).
CREATE INDEX wall_posts_community ON wall_posts (community_id, created_at DESC, id DESC);
CREATE INDEX wall_posts_author ON wall_posts (author_id);
CREATE INDEX wall_posts_event ON wall_posts (event_id);
CREATE INDEX wall_posts_hidden_by ON wall_posts (hidden_by);

CREATE TABLE wall_likes (
    post_id    TEXT NOT NULL REFERENCES wall_posts (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (post_id, user_id)                     -- one like per member: liking twice changes nothing
);
CREATE INDEX wall_likes_user ON wall_likes (user_id);

CREATE TABLE wall_comments (
    id         TEXT PRIMARY KEY,
    post_id    TEXT NOT NULL REFERENCES wall_posts (id) ON DELETE CASCADE,
    author_id  TEXT REFERENCES users (id) ON DELETE SET NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX wall_comments_post ON wall_comments (post_id, created_at, id);
CREATE INDEX wall_comments_author ON wall_comments (author_id);

CREATE TABLE wall_reports (
    post_id    TEXT NOT NULL REFERENCES wall_posts (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason     TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (post_id, user_id)                     -- a member reports a post once
);
CREATE INDEX wall_reports_user ON wall_reports (user_id);
