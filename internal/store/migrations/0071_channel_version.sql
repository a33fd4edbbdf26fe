-- A channel's version (issue #35, docs/adr/0023's last addendum): a counter that every change of its
-- messages moves (posted, edited, deleted, reacted to), in the transaction that makes the change. Each
-- instance keeps the latest page of the channels read lately and serves it only while the channel's
-- version is the one it was read at, which a read of the channel row (the reader's access check) returns.
ALTER TABLE channels ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
