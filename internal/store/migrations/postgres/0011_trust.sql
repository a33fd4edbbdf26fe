-- PostgreSQL's version of migrations/0011_trust.sql (read it for the why): the same rate_limits table,
-- and the new email-token purpose and session_id column in place.
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    hits         INTEGER NOT NULL
);
CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);

ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check
    CHECK (purpose IN ('confirm', 'reset', 'email_change', 'email_change_cancel', 'delete_account'));
ALTER TABLE email_tokens ADD COLUMN session_id TEXT;
