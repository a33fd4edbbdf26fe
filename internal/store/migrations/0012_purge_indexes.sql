-- The hourly purge (internal/purge) deletes sessions idle or past their expiry and email tokens spent or
-- expired long ago; these indexes let it find them without reading every row (sessions_expires exists).
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);
CREATE INDEX email_tokens_expires ON email_tokens (expires_at);
CREATE INDEX email_tokens_used ON email_tokens (used_at);
