-- Secret ballots (issue 33, docs/adr/0033-secret-ballot.md). A secret vote that may be changed is found
-- by a key that only the device that cast it holds: the voter's row keeps one hash of it, the ballot
-- another, and neither can be computed from the other without the key. A change is allowed to who the
-- caller is (the voter, or their representative at that moment) and only when their row's hash matches
-- the key they send; the ballot is the one whose hash matches. Both hashes are erased at the close.
-- Every write of a poll's ballots rewrites them all, in the order of their random ids, in one statement
-- sequence (store/voting.go): no ballot keeps the transaction (xmin), the heap place (ctid) or the
-- arrival order of the vote that cast it. This replaces what 0018's comment on poll_ballots said.
ALTER TABLE poll_voters ADD COLUMN change_tag TEXT;
ALTER TABLE poll_ballots ADD COLUMN change_tag TEXT;
-- The record says who took part in a secret poll, not when: the votes already cast keep their day (UTC).
UPDATE poll_voters SET voted_at = voted_at - voted_at % 86400000 WHERE poll_id IN (SELECT id FROM polls WHERE secret = TRUE);
