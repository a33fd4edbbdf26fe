-- Direct messages between two neighbours, the community chat and private channels (see docs/adr/0006).
-- Ids are UUIDv7: ordering by id is ordering by creation, which the lists and the realtime replay use.

CREATE TABLE conversations (
    id              TEXT PRIMARY KEY,
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    pair_key        TEXT NOT NULL UNIQUE,               -- smaller user id || ':' || larger user id
    created_at      BIGINT NOT NULL,
    last_message_at BIGINT                              -- NULL until the first message
);
CREATE INDEX conversations_community ON conversations (community_id);

CREATE TABLE conversation_participants (
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_participants_user ON conversation_participants (user_id, conversation_id);

CREATE TABLE direct_messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       TEXT REFERENCES users (id) ON DELETE SET NULL,   -- NULL: 'Usuario eliminado'
    recipient_id    TEXT REFERENCES users (id) ON DELETE SET NULL,   -- the other participant (unread count)
    content         TEXT NOT NULL,
    client_id       TEXT,                                            -- idempotency key chosen by the client
    created_at      BIGINT NOT NULL,
    read_at         BIGINT                                           -- NULL: unread
);
-- The conversation, in order (list, last message, replay).
CREATE INDEX direct_messages_conversation ON direct_messages (conversation_id, id);
-- The badge: unread messages to a user.
CREATE INDEX direct_messages_unread ON direct_messages (recipient_id, conversation_id) WHERE read_at IS NULL;
-- A retry of the same send returns the first message; also serves ON DELETE SET NULL of the sender.
CREATE UNIQUE INDEX direct_messages_client ON direct_messages (sender_id, client_id);

CREATE TABLE channels (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    description  TEXT,
    kind         TEXT NOT NULL CHECK (kind IN ('community', 'private')),
    created_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX channels_community ON channels (community_id, kind);
-- One 'Chat Comunitario' per community, created lazily by whoever gets there first.
CREATE UNIQUE INDEX channels_one_community_chat ON channels (community_id) WHERE kind = 'community';

-- Members of private channels (everyone in the community is a member of its community channel).
CREATE TABLE channel_members (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at   BIGINT NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
CREATE INDEX channel_members_user ON channel_members (user_id, channel_id);

CREATE TABLE messages (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,      -- NULL: 'Usuario eliminado'
    content    TEXT NOT NULL,
    client_id  TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX messages_channel ON messages (channel_id, id);
CREATE UNIQUE INDEX messages_client ON messages (user_id, client_id);
-- The dashboard's "community messages in the last 7 days".
CREATE INDEX messages_created ON messages (channel_id, created_at);
