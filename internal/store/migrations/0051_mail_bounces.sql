-- Bounces reported after the SMTP server accepted an email (issue #38, ADR 0041): a delivery-status
-- notification (RFC 3464) posted to the bounce endpoint names the outbox row (VERP address or
-- Message-ID); a permanent failure (Action: failed, Status 5.x.x) is recorded here, once, for any
-- feature to read. The junta's proof of notice lists a bounced owner for a paper letter.
ALTER TABLE mail_outbox ADD COLUMN bounced_at BIGINT;
ALTER TABLE mail_outbox ADD COLUMN bounce_status TEXT;
ALTER TABLE mail_outbox ADD COLUMN bounce_detail TEXT;
