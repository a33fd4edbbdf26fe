-- The building's maintenance and legal inspections (ADR 0054): what is done every so many months, when it
-- was last done and when it is due again (next_due, kept by the service), the history of each time it was
-- done (never edited), and the reminders already sent, one per item, due date and stage, so that several
-- instances never send one twice. Dates are days, 'YYYY-MM-DD', compared as text.
CREATE TABLE maintenance_items (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('inspection', 'contract', 'other')),
    provider      TEXT,
    period_months INTEGER NOT NULL CHECK (period_months BETWEEN 1 AND 240),
    last_done     TEXT NOT NULL,
    next_due      TEXT NOT NULL,
    notes         TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX maintenance_items_community ON maintenance_items (community_id, next_due);
CREATE INDEX maintenance_items_due ON maintenance_items (next_due);

CREATE TABLE maintenance_done (
    id           TEXT PRIMARY KEY,
    item_id      TEXT NOT NULL REFERENCES maintenance_items (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    done_on      TEXT NOT NULL,
    note         TEXT,
    done_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX maintenance_done_item ON maintenance_done (item_id, done_on);
CREATE INDEX maintenance_done_by ON maintenance_done (done_by);

CREATE TABLE maintenance_reminders (
    item_id TEXT NOT NULL REFERENCES maintenance_items (id) ON DELETE CASCADE,
    due_on  TEXT NOT NULL,
    stage   TEXT NOT NULL CHECK (stage IN ('soon', 'overdue')),
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (item_id, due_on, stage)
);
