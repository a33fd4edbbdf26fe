-- The announcements board (issue 6): announcements with their audience, one reaction per member and
-- announcement, and read receipts. Timestamps are Unix milliseconds, like everywhere else.

CREATE TABLE announcements (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    title          TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    -- 'expirado' is also derived when reading: a 'publicado' row past valid_until reads as expired.
    status         TEXT NOT NULL DEFAULT 'publicado' CHECK (status IN ('publicado', 'archivado', 'expirado', 'eliminado')),
    priority       TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('normal', 'critico')),
    type           TEXT NOT NULL DEFAULT 'general' CHECK (type IN ('general', 'mantenimiento', 'normativa')),
    is_pinned      BOOLEAN NOT NULL DEFAULT FALSE,
    valid_until    BIGINT,
    image_url      TEXT,
    document_url   TEXT,                                -- an uploaded PDF (/files/…) or a URL
    audience_kind  TEXT NOT NULL DEFAULT 'all' CHECK (audience_kind IN ('all', 'owners', 'building')),
    audience_value TEXT,                                -- units.building of a 'building' audience
    created_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    search_text    TEXT NOT NULL,                       -- lower-cased, accent-free title + ' ' + description (Go)
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    deleted_at     BIGINT
);
-- The board, in its order: pinned first, then newest (keyset on is_pinned, created_at, id).
CREATE INDEX announcements_community ON announcements (community_id, is_pinned DESC, created_at DESC, id DESC);
-- The dashboard's unread tally walks the published ones.
CREATE INDEX announcements_community_status ON announcements (community_id, status, deleted_at);
CREATE INDEX announcements_creator ON announcements (created_by);

CREATE TABLE announcement_reactions (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    emoji           TEXT NOT NULL CHECK (emoji IN ('thumbs_up', 'thumbs_down', 'heart', 'bell')),
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (announcement_id, user_id)              -- one reaction per member and announcement
);
CREATE INDEX announcement_reactions_user ON announcement_reactions (user_id);

CREATE TABLE announcement_read_receipts (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at         BIGINT NOT NULL,
    PRIMARY KEY (announcement_id, user_id)              -- recorded once: INSERT … ON CONFLICT DO NOTHING
);
CREATE INDEX announcement_read_receipts_user ON announcement_read_receipts (user_id);
