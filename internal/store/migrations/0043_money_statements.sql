-- Bank statements (issue #37, docs/adr/0044-money-books.md): each imported Norma 43 account block, and its
-- movements. A file is imported once (its hash), a movement once (its key in its account), a statement
-- whole or not at all (one transaction).
CREATE TABLE money_bank_statements (
    id            TEXT PRIMARY KEY,
    community_id  TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    account_id    TEXT NOT NULL REFERENCES money_accounts (id) ON DELETE CASCADE,
    file_sha256   TEXT NOT NULL,
    file_name     TEXT NOT NULL DEFAULT '',
    start_date    TEXT NOT NULL,
    end_date      TEXT NOT NULL,
    opening_cents BIGINT NOT NULL,
    closing_cents BIGINT NOT NULL,
    movements     INTEGER NOT NULL,
    created_by    TEXT,
    created_at    BIGINT NOT NULL
);
CREATE INDEX money_bank_statements_account ON money_bank_statements (account_id, end_date, created_at);
CREATE INDEX money_bank_statements_file ON money_bank_statements (community_id, file_sha256);

CREATE TABLE money_bank_movements (
    id             TEXT PRIMARY KEY,
    community_id   TEXT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    account_id     TEXT NOT NULL REFERENCES money_accounts (id) ON DELETE CASCADE,
    statement_id   TEXT NOT NULL REFERENCES money_bank_statements (id) ON DELETE CASCADE,
    op_date        TEXT NOT NULL,
    value_date     TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    common_concept TEXT NOT NULL DEFAULT '',
    own_concept    TEXT NOT NULL DEFAULT '',
    document       TEXT NOT NULL DEFAULT '',
    reference1     TEXT NOT NULL DEFAULT '',
    reference2     TEXT NOT NULL DEFAULT '',
    concept        TEXT NOT NULL DEFAULT '',
    movement_key   TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    UNIQUE (account_id, movement_key)
);
CREATE INDEX money_bank_movements_date ON money_bank_movements (account_id, op_date);
