-- The audit of admin actions (issue #18): append-only. See the SQLite version for the reasons.
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
