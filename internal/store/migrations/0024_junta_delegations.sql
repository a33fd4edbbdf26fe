-- Representation for a whole junta (art. 15.1, issue #15): an owner names one member for every vote of a
-- junta, which is its day in the community's time zone. A representation for one vote overrides it. At
-- a vote's close the representations of its junta are copied into poll_delegations (junta = TRUE), so
-- a later change never rewrites a closed vote's record. See docs/adr/0020-voting.md.
CREATE TABLE junta_delegations (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    junta_day    TEXT NOT NULL, -- 'YYYY-MM-DD' in the community's time zone
    owner_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delegate_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (community_id, junta_day, owner_id)
);

ALTER TABLE poll_delegations ADD COLUMN junta BOOLEAN NOT NULL DEFAULT FALSE;
