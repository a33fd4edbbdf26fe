package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// The year's accounts and their closing (issue #37, docs/adr/0050-year-accounts-and-closing.md). As
// money.go, these only run SQL; internal/money owns the rules.

// LedgerSums adds up communityID's ledger entries dated from..to (inclusive) by unit, kind and whether
// their receipt is a derrama's.
func (db *DB) LedgerSums(ctx context.Context, communityID, from, to string) ([]domain.LedgerSum, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.LedgerSum, error) {
		var s domain.LedgerSum
		var kind string
		var derrama int
		err := row.Scan(&s.UnitID, &kind, &derrama, &s.Amount)
		s.Kind, s.Derrama = domain.LedgerKind(kind), derrama == 1
		return s, err
	}, `SELECT unit_id, kind, CASE WHEN receipt_id IN (SELECT id FROM money_receipts WHERE community_id = ? AND period_key LIKE 'DER%')
		THEN 1 ELSE 0 END AS derrama, SUM(amount_cents) FROM money_ledger
		WHERE community_id = ? AND entry_date >= ? AND entry_date <= ? GROUP BY unit_id, kind, derrama`, communityID, communityID, from, to)
}

// LedgerBalances adds up each unit's ledger before the date before.
func (db *DB) LedgerBalances(ctx context.Context, communityID, before string) (map[string]domain.Cents, error) {
	type bal struct {
		unit string
		sum  domain.Cents
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (bal, error) {
		var b bal
		return b, row.Scan(&b.unit, &b.sum)
	}, "SELECT unit_id, SUM(amount_cents) FROM money_ledger WHERE community_id = ? AND entry_date < ? GROUP BY unit_id", communityID, before)
	if err != nil {
		return nil, err
	}
	out := make(map[string]domain.Cents, len(rows))
	for _, b := range rows {
		out[b.unit] = b.sum
	}
	return out, nil
}

// ReceiptConceptSums adds up, per unit, the lines named concept of the receipts due from..to that are
// not a derrama's (the reserve fund's part of the cuotas).
func (db *DB) ReceiptConceptSums(ctx context.Context, communityID, concept, from, to string) (map[string]domain.Cents, error) {
	type sum struct {
		unit string
		sum  domain.Cents
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (sum, error) {
		var s sum
		return s, row.Scan(&s.unit, &s.sum)
	}, `SELECT r.unit_id, SUM(l.amount_cents) FROM money_receipts r JOIN money_receipt_lines l ON l.receipt_id = r.id
		WHERE r.community_id = ? AND r.due_date >= ? AND r.due_date <= ? AND r.period_key NOT LIKE 'DER%' AND l.concept = ?
		GROUP BY r.unit_id`, communityID, from, to, concept)
	if err != nil {
		return nil, err
	}
	out := make(map[string]domain.Cents, len(rows))
	for _, s := range rows {
		out[s.unit] = s.sum
	}
	return out, nil
}

// AccountFlows adds up, by account and month, what expenses paid from communityID's accounts, what
// receipts and remittances reconciled into them brought and what returned debits the bank charged back
// took, up to the date to (inclusive).
func (db *DB) AccountFlows(ctx context.Context, communityID, to string) ([]domain.AccountFlow, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.AccountFlow, error) {
		var f domain.AccountFlow
		return f, row.Scan(&f.AccountID, &f.Month, &f.In, &f.Out)
	}, `SELECT account_id, month, SUM(in_cents), SUM(out_cents) FROM (
		SELECT p.account_id AS account_id, SUBSTR(p.paid_on, 1, 7) AS month, 0 AS in_cents, p.amount_cents AS out_cents
			FROM money_expense_payments p WHERE p.community_id = ? AND p.paid_on <= ?
		UNION ALL
		SELECT m.account_id, SUBSTR(m.op_date, 1, 7), CASE WHEN m.amount_cents > 0 THEN m.amount_cents ELSE 0 END,
			CASE WHEN m.amount_cents < 0 THEN -m.amount_cents ELSE 0 END
			FROM money_bank_movements m JOIN money_reconciliations c ON c.movement_id = m.id
			WHERE m.community_id = ? AND c.kind <> 'expense' AND m.op_date <= ?
		) f GROUP BY account_id, month ORDER BY account_id, month`, communityID, to, communityID, to)
}

// BankPositions says, for each account of communityID with imported statements, its bank balance at the
// date at (its first statement's opening plus its movements up to that date), its last statement's end up
// to that date, and how many of those movements are unreconciled.
func (db *DB) BankPositions(ctx context.Context, communityID, at string) ([]domain.BankPosition, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.BankPosition, error) {
		var p domain.BankPosition
		var end sql.NullString
		err := row.Scan(&p.AccountID, &p.Balance, &end, &p.Unreconciled)
		p.StatementEnd = end.String
		return p, err
	}, `SELECT a.id,
		(SELECT s.opening_cents FROM money_bank_statements s WHERE s.account_id = a.id ORDER BY s.start_date, s.created_at LIMIT 1)
			+ COALESCE((SELECT SUM(m.amount_cents) FROM money_bank_movements m WHERE m.account_id = a.id AND m.op_date <= ?), 0),
		(SELECT MAX(s.end_date) FROM money_bank_statements s WHERE s.account_id = a.id AND s.start_date <= ?),
		(SELECT COUNT(*) FROM money_bank_movements m WHERE m.account_id = a.id AND m.op_date <= ?
			AND NOT EXISTS (SELECT 1 FROM money_reconciliations c WHERE c.movement_id = m.id))
		FROM money_accounts a WHERE a.community_id = ?
		AND EXISTS (SELECT 1 FROM money_bank_statements s WHERE s.account_id = a.id AND s.start_date <= ?)
		ORDER BY a.id`, at, at, at, communityID, at)
}

// ClosingSettings are what communityID's closing does with surpluses and shortfalls, and whether its
// tenants read the approved accounts.
func (db *DB) ClosingSettings(ctx context.Context, communityID string) (domain.ClosingMode, bool, error) {
	var mode string
	var tenants bool
	err := db.readerIn(ctx).queryRow(ctx, "SELECT closing_mode, accounts_for_tenants FROM money_settings WHERE community_id = ?", communityID).
		Scan(&mode, &tenants)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ClosingApplied, false, nil
	}
	return domain.ClosingMode(mode), tenants, err
}

// SaveClosingSettings writes them, after LockMoneySettings.
func (db *DB) SaveClosingSettings(ctx context.Context, communityID string, mode domain.ClosingMode, tenants bool, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE money_settings SET closing_mode = ?, accounts_for_tenants = ?, updated_at = ? WHERE community_id = ?",
		string(mode), tenants, ms(at), communityID)
	return err
}

const closedYearSelect = `SELECT community_id, year, closing_mode, accounts, COALESCE(document_id, ''), COALESCE(junta_date, ''),
	COALESCE(closed_by, ''), closed_at, COALESCE(approved_at, 0) FROM money_closed_years`

func scanClosedYear(row scanner) (domain.ClosedYear, error) {
	var c domain.ClosedYear
	var mode, accounts string
	err := row.Scan(&c.CommunityID, &c.Year, &mode, &accounts, &c.DocumentID, &c.JuntaDate, &c.ClosedBy, &c.ClosedAt, &c.ApprovedAt)
	c.Mode, c.Accounts = domain.ClosingMode(mode), []byte(accounts)
	return c, err
}

// ClosedYearNumbers lists communityID's closed years, in the transaction of ctx if any: every money
// write checks it.
func (db *DB) ClosedYearNumbers(ctx context.Context, communityID string) ([]int, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (int, error) {
		var y int
		return y, row.Scan(&y)
	}, "SELECT year FROM money_closed_years WHERE community_id = ? ORDER BY year", communityID)
}

// ClosedYears lists communityID's closed years, the latest first, without their accounts.
func (db *DB) ClosedYears(ctx context.Context, communityID string) ([]domain.ClosedYear, error) {
	return queryAll(ctx, db.readerIn(ctx), scanClosedYear, `SELECT community_id, year, closing_mode, '', COALESCE(document_id, ''),
		COALESCE(junta_date, ''), COALESCE(closed_by, ''), closed_at, COALESCE(approved_at, 0) FROM money_closed_years
		WHERE community_id = ? ORDER BY year DESC`, communityID)
}

// ClosedYear returns a closed year of communityID with its accounts; nil when the year is not closed.
func (db *DB) ClosedYear(ctx context.Context, communityID string, year int) (*domain.ClosedYear, error) {
	cs, err := queryAll(ctx, db.readerIn(ctx), scanClosedYear, closedYearSelect+" WHERE community_id = ? AND year = ?", communityID, year)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0], nil
}

// InsertClosedYear records a closed year and its liquidación (InTx); false when the year was closed already.
func (db *DB) InsertClosedYear(ctx context.Context, c *domain.ClosedYear, ls []domain.Liquidation) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, `INSERT INTO money_closed_years (community_id, year, closing_mode, accounts, closed_by, closed_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, c.CommunityID, c.Year, string(c.Mode), string(c.Accounts), c.ClosedBy, c.ClosedAt)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if len(ls) == 0 {
		return true, nil
	}
	rows := make([][]any, 0, len(ls))
	for _, l := range ls {
		var entry *string
		if l.LedgerEntryID != "" {
			id := l.LedgerEntryID
			entry = &id
		}
		rows = append(rows, []any{c.CommunityID, c.Year, l.UnitID, l.UnitLabel, l.Expenses, l.Cuotas, l.Paid, l.Result, entry})
	}
	return true, insertMany(ctx, tx, `INSERT INTO money_liquidations (community_id, year, unit_id, unit_label, expenses_cents, cuotas_cents,
		paid_cents, result_cents, ledger_entry_id)`, rows)
}

// Liquidations lists a closed year's liquidación by unit label.
func (db *DB) Liquidations(ctx context.Context, communityID string, year int) ([]domain.Liquidation, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Liquidation, error) {
		var l domain.Liquidation
		var entry sql.NullString
		err := row.Scan(&l.UnitID, &l.UnitLabel, &l.Expenses, &l.Cuotas, &l.Paid, &l.Result, &entry)
		l.LedgerEntryID = entry.String
		return l, err
	}, `SELECT unit_id, unit_label, expenses_cents, cuotas_cents, paid_cents, result_cents, ledger_entry_id FROM money_liquidations
		WHERE community_id = ? AND year = ? ORDER BY unit_label, unit_id`, communityID, year)
}

// ClosedYearForUpdate locks a closed year of communityID (InTx); nil when the year is not closed.
func (db *DB) ClosedYearForUpdate(ctx context.Context, communityID string, year int) (*domain.ClosedYear, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_closed_years SET closed_at = closed_at WHERE community_id = ? AND year = ?", communityID, year); err != nil {
		return nil, err
	}
	cs, err := queryAll(ctx, tx, scanClosedYear, closedYearSelect+" WHERE community_id = ? AND year = ?", communityID, year)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0], nil
}

// SaveClosedYearApproval records the junta that approved a closed year's accounts (InTx).
func (db *DB) SaveClosedYearApproval(ctx context.Context, communityID string, year int, juntaDate, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE money_closed_years SET junta_date = ?, approved_by = ?, approved_at = ? WHERE community_id = ? AND year = ?",
		juntaDate, by, ms(at), communityID, year)
	return err
}

// SaveClosedYearDocument links a closed year to its PDF in Documentos.
func (db *DB) SaveClosedYearDocument(ctx context.Context, communityID string, year int, documentID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE money_closed_years SET document_id = ? WHERE community_id = ? AND year = ?",
		documentID, communityID, year)
	return err
}

// LockMoneyBooks waits, on PostgreSQL, for the transactions writing the ledger, the receipts, the expenses
// and their payments to end, and holds back new ones until the transaction of ctx ends (InTx): a closing
// then reads a year no write can still slip into. SQLite runs one writer at a time already.
func (db *DB) LockMoneyBooks(ctx context.Context) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if db.engine != Postgres {
		return nil
	}
	_, err = tx.exec(ctx, "LOCK TABLE money_ledger, money_receipts, money_expenses, money_expense_payments, money_reconciliations IN SHARE MODE")
	return err
}
