-- Web push (issue #17, docs/adr/0030). The same SQL runs on both engines.

-- The server's VAPID key pair (RFC 8292): one row, made by the first instance that starts; the others read
-- it, so every instance signs with the same key and subscriptions outlive restarts and deploys.
CREATE TABLE push_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT NOT NULL,
    private_key TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- One row per device that opted in (the browser's PushSubscription). The endpoint is the push service's
-- URL for that device; signing in with another account on the device moves the row to that account.
CREATE TABLE push_subscriptions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint   TEXT NOT NULL UNIQUE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    device     TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- The kinds of notification a person turned off (every kind is on for a device that opted in).
CREATE TABLE push_opt_outs (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- Pushes go through the mail outbox (docs/adr/0013): a row of kind 'push' has the subscription id in
-- to_addr, the notification's kind in subject and its JSON payload in text_body.
ALTER TABLE mail_outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'mail';
DROP INDEX mail_outbox_pending;
CREATE INDEX mail_outbox_pending ON mail_outbox (kind, next_try_at) WHERE sent_at IS NULL AND failed_at IS NULL;
