-- Issue #12 (docs/adr/0009-trust-model.md). This file is SQLite's; PostgreSQL runs
-- migrations/postgres/0011_trust.sql, which makes the same changes with ALTER TABLE.
--
-- 1. Rate-limit counters shared by every instance over one database (ratelimit.Shared). SQLite, with one
--    instance, counts in memory and leaves the table empty. bucket is the SHA-256 of the limit's key (an
--    email or an address never reaches the table); one upsert counts an attempt. expires_at lets old rows
--    be purged (DeleteExpiredRateLimits).
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);

-- 2. A new link purpose: the notice sent to the old address of an email change carries a link that
--    cancels the change while it is pending. And session_id: the session that asked for an email change,
--    which stays open when the change is confirmed while every other session ends. SQLite cannot alter a
--    CHECK constraint: the table is rebuilt (nothing references email_tokens).
CREATE TABLE email_tokens_new (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm', 'reset', 'email_change', 'email_change_cancel', 'delete_account')),
    email      TEXT NOT NULL,                           -- the address the token was sent to
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT,
    session_id TEXT                                     -- email_change: the session that asked for it
);
INSERT INTO email_tokens_new (token_hash, user_id, purpose, email, created_at, expires_at, used_at)
    SELECT token_hash, user_id, purpose, email, created_at, expires_at, used_at FROM email_tokens;
DROP TABLE email_tokens;
ALTER TABLE email_tokens_new RENAME TO email_tokens;
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);
