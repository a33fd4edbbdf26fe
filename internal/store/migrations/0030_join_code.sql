-- Issue 33, finding 6: the community code alone is no longer full membership.

-- 'Approval required': a code starts a join request that an admin decides, instead of letting the
-- person in. Communities that existed before keep letting in by code (FALSE); every community created
-- from now on is inserted with TRUE (store.createCommunity).
ALTER TABLE communities ADD COLUMN join_approval BOOLEAN NOT NULL DEFAULT FALSE;

-- The codes an admin replaced: the old letters and links then say the code was changed, instead of
-- answering as if it never existed. A code is never given out again while it is kept here.
CREATE TABLE retired_community_codes (
    code         TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    retired_at   BIGINT NOT NULL
);
CREATE INDEX retired_community_codes_community ON retired_community_codes (community_id);

-- An invitation email's own link: the hash of a personal token, spent once by the invited address.
-- NULL for invitations sent before (their emails carry the community code only).
ALTER TABLE invitations ADD COLUMN token_hash TEXT;
CREATE UNIQUE INDEX invitations_token ON invitations (token_hash);
