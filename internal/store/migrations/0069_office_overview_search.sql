-- The office's overview and search at 200 communities (issue #35, docs/adr/0045's last addendum).
--
-- The overview counts each community's bookings awaiting approval that are still to come. Through
-- reservations_community (community, start) it read every booking to come and its row for the status;
-- the pending ones are few, and this index holds them alone, so the count reads no table.
CREATE INDEX reservations_pending ON reservations (community_id, start_at) WHERE status = 'pending';
