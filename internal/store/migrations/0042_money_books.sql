-- The community's books (issue #37, docs/adr/0044-money-books.md): its accounts (at a bank, or the cash
-- box), the expenses it pays with their payments, and the 'Facturas' category of Documentos where their
-- invoices are filed (admins only, kept 5 years).
INSERT INTO document_category_seeds (kind, name, position) VALUES ('facturas', 'Facturas', 8);
-- A community that already made its own 'Facturas' keeps it, now with the kind; the others get the seed.
UPDATE document_categories SET kind = 'facturas' WHERE kind IS NULL AND name_key = 'facturas';
INSERT INTO document_categories (id, community_id, name, name_key, kind, members_upload, position, created_at)
SELECT c.id || ':facturas', c.id, 'Facturas', 'facturas', 'facturas', FALSE, 8, c.created_at FROM communities c
WHERE NOT EXISTS (SELECT 1 FROM document_categories d WHERE d.community_id = c.id AND d.name_key = 'facturas');

CREATE TABLE money_accounts (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('bank', 'cash')),
    iban          TEXT NOT NULL DEFAULT '',
    bank          TEXT NOT NULL DEFAULT '',
    opening_date  TEXT NOT NULL,
    opening_cents BIGINT NOT NULL,
    created_by    TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX money_accounts_iban ON money_accounts (community_id, iban) WHERE iban <> '';
CREATE INDEX money_accounts_community ON money_accounts (community_id);

-- An expense keeps the provider's name and NIF as the invoice says them; provider_id links the services
-- directory when the provider is there. What it costs is base + VAT; what the provider is paid is that
-- less the IRPF withheld.
CREATE TABLE money_expenses (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    expense_date  TEXT NOT NULL,
    provider_id   TEXT REFERENCES providers (id) ON DELETE SET NULL,
    provider_name TEXT NOT NULL,
    nif           TEXT NOT NULL DEFAULT '',
    concept       TEXT NOT NULL,
    group_id      TEXT NOT NULL,
    base_cents    BIGINT NOT NULL CHECK (base_cents > 0),
    vat_rate      INTEGER NOT NULL DEFAULT 0,
    vat_cents     BIGINT NOT NULL DEFAULT 0,
    irpf_rate     INTEGER NOT NULL DEFAULT 0,
    irpf_cents    BIGINT NOT NULL DEFAULT 0,
    due_date      TEXT NOT NULL DEFAULT '',
    document_id   TEXT REFERENCES documents (id) ON DELETE SET NULL,
    incident_id   TEXT REFERENCES incidents (id) ON DELETE SET NULL,
    task_id       TEXT REFERENCES tasks (id) ON DELETE SET NULL,
    created_by    TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (community_id, number)
);
CREATE INDEX money_expenses_date ON money_expenses (community_id, expense_date);
CREATE INDEX money_expenses_incident ON money_expenses (incident_id) WHERE incident_id IS NOT NULL;

-- Payments are only added: a part-payment is one more row.
CREATE TABLE money_expense_payments (
    id           TEXT PRIMARY KEY,
    expense_id   TEXT NOT NULL REFERENCES money_expenses (id) ON DELETE CASCADE,
    community_id TEXT NOT NULL,
    account_id   TEXT NOT NULL REFERENCES money_accounts (id),
    paid_on      TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    created_by   TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX money_expense_payments_expense ON money_expense_payments (expense_id);
CREATE INDEX money_expense_payments_account ON money_expense_payments (account_id, paid_on);
