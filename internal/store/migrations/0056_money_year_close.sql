-- The year's accounts and their closing (issue #37, docs/adr/0050-year-accounts-and-closing.md).
-- What a closing does with each unit's surplus or shortfall ('apply': a ledger entry on the first day of
-- the next year; 'settle': recorded only, settled outside), and whether tenants read the approved accounts.
ALTER TABLE money_settings ADD COLUMN closing_mode TEXT NOT NULL DEFAULT 'apply' CHECK (closing_mode IN ('apply', 'settle'));
ALTER TABLE money_settings ADD COLUMN accounts_for_tenants BOOLEAN NOT NULL DEFAULT FALSE;

-- A closed year: its accounts as they were closed (JSON, so that a later change of groups, units or
-- accounts never changes them), the PDF filed in Documentos, and the junta that approved them. Every
-- money write dated in a closed year is refused by the money service.
CREATE TABLE money_closed_years (
    community_id TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    year         INTEGER NOT NULL,
    closing_mode TEXT NOT NULL CHECK (closing_mode IN ('apply', 'settle')),
    accounts     TEXT NOT NULL,
    document_id  TEXT REFERENCES documents (id) ON DELETE SET NULL,
    junta_date   TEXT,
    approved_by  TEXT,
    approved_at  BIGINT,
    closed_by    TEXT,
    closed_at    BIGINT NOT NULL,
    PRIMARY KEY (community_id, year)
);

-- The liquidación of a closed year: each unit's share of the actual expenses against its cuotas; result
-- > 0 is a shortfall (the unit owes it), < 0 a surplus. ledger_entry_id names the entry that applied it.
CREATE TABLE money_liquidations (
    community_id    TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    year            INTEGER NOT NULL,
    unit_id         TEXT NOT NULL,
    unit_label      TEXT NOT NULL,
    expenses_cents  BIGINT NOT NULL,
    cuotas_cents    BIGINT NOT NULL,
    paid_cents      BIGINT NOT NULL,
    result_cents    BIGINT NOT NULL,
    ledger_entry_id TEXT,
    PRIMARY KEY (community_id, year, unit_id)
);

-- The year's accounts read a community's ledger by date range (a year's entries, the balances before it).
CREATE INDEX money_ledger_date ON money_ledger (community_id, entry_date);
