-- The community's money (issue #36): settings, cost-sharing groups, budgets, receipts and each unit's
-- ledger. Every amount is an integer of euro cents (docs/adr/0035-money-ledger.md). The 'General' group
-- (every unit by coeficiente) is not stored: it follows the registry.
CREATE TABLE money_settings (
    community_id TEXT PRIMARY KEY REFERENCES communities (id) ON DELETE CASCADE,
    periodicity  TEXT NOT NULL DEFAULT 'quarterly' CHECK (periodicity IN ('monthly', 'quarterly', 'halfyearly', 'yearly')),
    updated_at   BIGINT NOT NULL
);

CREATE TABLE money_groups (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    method       TEXT NOT NULL CHECK (method IN ('coefficient', 'percentage', 'equal', 'fixed')),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX money_groups_community ON money_groups (community_id);

-- weight: ten-thousandths of a percent (percentage), cents a year (fixed), 1 (coefficient, equal).
CREATE TABLE money_group_units (
    group_id TEXT NOT NULL REFERENCES money_groups (id) ON DELETE CASCADE,
    unit_id  TEXT NOT NULL REFERENCES units (id) ON DELETE CASCADE,
    weight   BIGINT NOT NULL CHECK (weight >= 0),
    PRIMARY KEY (group_id, unit_id)
);

-- A budget is versioned: an approved version is never changed, a new version replaces it (superseded).
CREATE TABLE money_budgets (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    year          INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('draft', 'approved', 'superseded')),
    junta_date    TEXT,
    reserve_cents BIGINT NOT NULL DEFAULT 0 CHECK (reserve_cents >= 0),
    created_by    TEXT,
    updated_by    TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (community_id, year, version)
);

CREATE TABLE money_budget_lines (
    budget_id    TEXT NOT NULL REFERENCES money_budgets (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    concept      TEXT NOT NULL,
    group_id     TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    PRIMARY KEY (budget_id, position)
);
CREATE INDEX money_budget_lines_group ON money_budget_lines (group_id);

-- One row per generated period: its primary key makes concurrent generations of a period have one winner.
CREATE TABLE money_receipt_runs (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    period_key   TEXT NOT NULL,
    budget_id    TEXT NOT NULL,
    created_by   TEXT,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (community_id, period_key)
);

-- The receipts' numbering per community and year: taken inside the generating transaction, so a number
-- is never skipped.
CREATE TABLE money_receipt_counters (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    year         INTEGER NOT NULL,
    last         INTEGER NOT NULL,
    PRIMARY KEY (community_id, year)
);

-- A receipt keeps the unit's and owner's names as they were when it was issued.
CREATE TABLE money_receipts (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    year         INTEGER NOT NULL,
    number       INTEGER NOT NULL,
    period_key   TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    unit_label   TEXT NOT NULL,
    owner_id     TEXT,
    owner_name   TEXT NOT NULL DEFAULT '',
    budget_id    TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    paid_cents   BIGINT NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    due_date     TEXT NOT NULL,
    method       TEXT NOT NULL CHECK (method IN ('direct_debit', 'transfer', 'cash')),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'partial', 'paid')),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    UNIQUE (community_id, year, number),
    UNIQUE (community_id, period_key, unit_id),
    CHECK (paid_cents <= amount_cents)
);
CREATE INDEX money_receipts_unit ON money_receipts (community_id, unit_id, due_date);

CREATE TABLE money_receipt_lines (
    receipt_id   TEXT NOT NULL REFERENCES money_receipts (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    concept      TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    PRIMARY KEY (receipt_id, position)
);

-- Each unit's ledger: append-only (a correction is a new entry). amount_cents > 0: the unit owes more.
-- No foreign keys, as the audit log: nothing rewrites an entry; triggers refuse every UPDATE and DELETE.
CREATE TABLE money_ledger (
    id           TEXT PRIMARY KEY,
    community_id TEXT NOT NULL,
    unit_id      TEXT NOT NULL,
    entry_date   TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'payment', 'correction')),
    amount_cents BIGINT NOT NULL,
    receipt_id   TEXT,
    receipt_code TEXT NOT NULL DEFAULT '',
    method       TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    created_by   TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX money_ledger_unit ON money_ledger (community_id, unit_id, entry_date, created_at);
