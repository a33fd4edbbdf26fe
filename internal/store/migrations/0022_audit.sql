-- The audit of admin actions (issue #18): append-only. No foreign keys, so that neither a deleted account
-- nor anything else rewrites a record; the actor's name is kept as it was. Triggers refuse every UPDATE,
-- and every DELETE of a record younger than 5 years (the purge removes the older ones).
CREATE TABLE audit_log (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL,
    actor_id     TEXT,
    actor_name   TEXT NOT NULL,
    action       TEXT NOT NULL,
    target_kind  TEXT NOT NULL,
    target_id    TEXT NOT NULL DEFAULT '',
    target_label TEXT NOT NULL DEFAULT '',
    before_json  TEXT,
    after_json   TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX audit_log_community ON audit_log (community_id, created_at DESC, id DESC);

-- sqlite only:
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_keep BEFORE DELETE ON audit_log
WHEN old.created_at > (CAST(strftime('%s', 'now') AS INTEGER) - 157680000) * 1000
BEGIN
    SELECT RAISE(ABORT, 'audit_log records are kept 5 years');
END;
-- postgres only:
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'audit_log is append-only';
    END IF;
    IF OLD.created_at > (EXTRACT(EPOCH FROM now())::BIGINT - 157680000) * 1000 THEN
        RAISE EXCEPTION 'audit_log records are kept 5 years';
    END IF;
    RETURN OLD;
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
