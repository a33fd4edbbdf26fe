-- The chat a community can leave WhatsApp for (issue #20, docs/adr/0023): replies, edits, deletions,
-- reactions, attachments, search, muting and hiding a conversation. The same SQL runs on both engines.

-- rev is a UUIDv7 drawn at every change of the message (creation, edit, deletion, reaction): the stream's
-- replay sends what changed after the Last-Event-ID by rev, so an edit is replayed like a new message.
-- search_text is the content lower-cased and accent-free (domain.SearchText); NULL for messages written
-- before this migration, which the search reads as lower(content).
ALTER TABLE direct_messages ADD COLUMN reply_to TEXT;
ALTER TABLE direct_messages ADD COLUMN edited_at BIGINT;
ALTER TABLE direct_messages ADD COLUMN deleted_at BIGINT;
ALTER TABLE direct_messages ADD COLUMN search_text TEXT;
ALTER TABLE direct_messages ADD COLUMN rev TEXT;
UPDATE direct_messages SET rev = id;
CREATE INDEX direct_messages_rev ON direct_messages (conversation_id, rev);

ALTER TABLE messages ADD COLUMN reply_to TEXT;
ALTER TABLE messages ADD COLUMN edited_at BIGINT;
ALTER TABLE messages ADD COLUMN deleted_at BIGINT;
ALTER TABLE messages ADD COLUMN search_text TEXT;
ALTER TABLE messages ADD COLUMN rev TEXT;
UPDATE messages SET rev = id;
CREATE INDEX messages_rev ON messages (channel_id, rev);

-- One reaction per person and message, as on announcements; one table per kind of message so that the
-- reactions go with their message.
CREATE TABLE direct_message_reactions (
    message_id TEXT NOT NULL REFERENCES direct_messages (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    emoji      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (message_id, user_id)
);
CREATE TABLE channel_message_reactions (
    message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    emoji      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (message_id, user_id)
);

-- Files sent in a chat. scope_id is the conversation or channel it was uploaded to; message_id is NULL
-- while it waits to be sent (a pending upload older than a day is purged with its files).
CREATE TABLE chat_attachments (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    scope_kind   TEXT NOT NULL CHECK (scope_kind IN ('direct', 'channel')),
    scope_id     TEXT NOT NULL,
    message_id   TEXT,
    uploader_id  TEXT REFERENCES users (id) ON DELETE SET NULL,
    file_key     TEXT NOT NULL,
    thumb_key    TEXT,
    name         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    width        INTEGER,
    height       INTEGER,
    created_at   BIGINT NOT NULL
);
CREATE INDEX chat_attachments_message ON chat_attachments (message_id);
CREATE INDEX chat_attachments_pending ON chat_attachments (created_at) WHERE message_id IS NULL;

-- Who removed a community-chat message, when and why (admins' moderation is audited).
CREATE TABLE chat_message_removals (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    message_id   TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    author_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    removed_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    reason       TEXT NOT NULL,
    removed_at   BIGINT NOT NULL
);
CREATE INDEX chat_message_removals_community ON chat_message_removals (community_id, removed_at);

-- Muted conversations and channels (the community chat has no member rows, so a table of its own):
-- until is Unix ms; 'always' is the far future.
CREATE TABLE chat_mutes (
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scope_id TEXT NOT NULL,
    until_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, scope_id)
);

-- 'Eliminar conversación': hidden drops it from the participant's list until a new message arrives;
-- cleared_before hides, for them only, every message up to that id.
ALTER TABLE conversation_participants ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE conversation_participants ADD COLUMN cleared_before TEXT;

-- Leaving a private channel keeps the row (left_at) so that a later post gets a clear refusal.
ALTER TABLE channel_members ADD COLUMN left_at BIGINT;
