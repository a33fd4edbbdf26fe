-- The open incidents by community and age (issue #35): the office's overview counts each community's open
-- incidents by age through it, without walking past the resolved ones and the deleted ones (two thirds
-- of them at the scale workload) or descending once per open status as the status index does.
CREATE INDEX incidents_community_open ON incidents (community_id, created_at) WHERE status IN ('open', 'in_progress') AND deleted_at IS NULL;
