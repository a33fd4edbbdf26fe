-- Notification opt-outs per membership (issue #35, ADR 0040): the kinds of push a person turned off and
-- their choice about the emails of new actas and accounts now hold for one community, so an owner of two
-- homes can silence one building and not the other. Each person's earlier choice is copied to every
-- community they belong to, so nobody gets a notification they had turned off.
CREATE TABLE push_opt_outs_m (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    PRIMARY KEY (user_id, community_id, kind)
);
INSERT INTO push_opt_outs_m (user_id, community_id, kind)
    SELECT o.user_id, m.community_id, o.kind FROM push_opt_outs o JOIN memberships m ON m.user_id = o.user_id;
DROP TABLE push_opt_outs;
ALTER TABLE push_opt_outs_m RENAME TO push_opt_outs;

CREATE TABLE document_mail_optouts_m (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, community_id)
);
INSERT INTO document_mail_optouts_m (user_id, community_id, created_at)
    SELECT o.user_id, m.community_id, o.created_at FROM document_mail_optouts o JOIN memberships m ON m.user_id = o.user_id;
DROP TABLE document_mail_optouts;
ALTER TABLE document_mail_optouts_m RENAME TO document_mail_optouts;
