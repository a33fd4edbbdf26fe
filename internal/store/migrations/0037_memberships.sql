-- One account, many communities (issue #35, ADR 0040). A person's place in a community — which community,
-- the home unit, how they relate to it and whether the directory shows their contact — moves from
-- `profiles` (one per person) into `memberships` (one per person and community). The role stays in
-- `user_roles`, which already has the same key. A membership that ends moves to `former_memberships`.
CREATE TABLE memberships (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id         TEXT REFERENCES units (id) ON DELETE SET NULL, -- where they live (owner or tenant)
    relation        TEXT CHECK (relation IN ('resident', 'worker', 'neighbor')),
    contact_visible BOOLEAN NOT NULL DEFAULT FALSE,                -- RGPD opt-in for the directory, per community
    joined_at       BIGINT NOT NULL,
    PRIMARY KEY (user_id, community_id)
);
CREATE INDEX memberships_community ON memberships (community_id, user_id);
CREATE INDEX memberships_unit ON memberships (unit_id);

INSERT INTO memberships (user_id, community_id, unit_id, relation, contact_visible, joined_at)
    SELECT p.id, p.community_id, p.unit_id, p.relation, p.contact_visible,
        COALESCE((SELECT r.created_at FROM user_roles r WHERE r.user_id = p.id AND r.community_id = p.community_id), p.created_at)
    FROM profiles p WHERE p.community_id IS NOT NULL;

CREATE TABLE former_memberships (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    unit_id      TEXT REFERENCES units (id) ON DELETE SET NULL,
    relation     TEXT,
    role         TEXT,
    joined_at    BIGINT NOT NULL,
    left_at      BIGINT NOT NULL,
    PRIMARY KEY (user_id, community_id, left_at)
);
CREATE INDEX former_memberships_community ON former_memberships (community_id, left_at);

-- Where a request that names no community acts (the web app names it; old clients and bookmarks do not).
ALTER TABLE profiles ADD COLUMN last_community_id TEXT REFERENCES communities (id) ON DELETE SET NULL;
UPDATE profiles SET last_community_id = community_id;

-- profiles.relation stays: it is the answer of the onboarding's /join page, given before any membership
-- exists, and the relation a new membership starts with.
DROP INDEX profiles_community;
ALTER TABLE profiles DROP COLUMN community_id;
ALTER TABLE profiles DROP COLUMN unit_id;
ALTER TABLE profiles DROP COLUMN contact_visible;

-- The people of a community in one shape: the queries that read "the members of community X" read this
-- view where they used to read profiles (p.id, p.community_id, p.unit_id, p.full_name…).
CREATE VIEW members AS
    SELECT m.user_id AS id, m.community_id, m.unit_id, m.relation, m.contact_visible, m.joined_at,
        p.full_name, p.phone, p.avatar_url, p.created_at
    FROM memberships m JOIN profiles p ON p.id = m.user_id;
