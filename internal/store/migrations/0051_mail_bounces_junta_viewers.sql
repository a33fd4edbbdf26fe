-- Bounces reported after the SMTP server accepted an email (issue #38, ADR 0041): a delivery-status
-- notification (RFC 3464) posted to the bounce endpoint names the outbox row (VERP address or
-- Message-ID); a permanent failure (Action: failed, Status 5.x.x) is recorded here, once, for any
-- feature to read. The junta's proof of notice lists a bounced owner for a paper letter.
ALTER TABLE mail_outbox ADD COLUMN bounced_at BIGINT;
ALTER TABLE mail_outbox ADD COLUMN bounce_status TEXT;
ALTER TABLE mail_outbox ADD COLUMN bounce_detail TEXT;

-- Who has a junta's live attendance panel open (issue #38): each admin's screen says so every 20 s; a row
-- not renewed within 45 s is gone. Shared by every instance, so every admin sees the others wherever
-- their stream is served; an arrival or a departure is announced as a change of area 'juntas'.
CREATE TABLE junta_viewers (
    junta_id TEXT NOT NULL REFERENCES juntas (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seen_at  BIGINT NOT NULL,
    PRIMARY KEY (junta_id, user_id)
);
