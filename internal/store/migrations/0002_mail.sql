-- A message that keeps failing is given up: it stays in the outbox with its last error, for an operator to
-- read, but is no longer retried.
ALTER TABLE mail_outbox ADD COLUMN failed_at BIGINT;

DROP INDEX mail_outbox_pending;
CREATE INDEX mail_outbox_pending ON mail_outbox (next_try_at) WHERE sent_at IS NULL AND failed_at IS NULL;
