package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// The community's books (issue #37): accounts, expenses and their payments. As money.go, these only run
// SQL; internal/money owns the rules.

const accountSelect = `SELECT a.id, a.community_id, a.name, a.kind, a.iban, a.bank, a.opening_date, a.opening_cents, a.created_at,
	COALESCE((SELECT SUM(p.amount_cents) FROM money_expense_payments p WHERE p.account_id = a.id), 0) FROM money_accounts a`

func scanAccount(r scanner) (domain.BankAccount, error) {
	var a domain.BankAccount
	var kind string
	err := r.Scan(&a.ID, &a.CommunityID, &a.Name, &kind, &a.IBAN, &a.Bank, &a.OpeningDate, &a.Opening, &a.CreatedAt, &a.Paid)
	a.Kind = domain.BankAccountKind(kind)
	return a, err
}

// BankAccounts lists communityID's accounts by name.
func (db *DB) BankAccounts(ctx context.Context, communityID string) ([]domain.BankAccount, error) {
	return queryAll(ctx, db.readerIn(ctx), scanAccount, accountSelect+" WHERE a.community_id = ? ORDER BY a.name, a.id", communityID)
}

// BankAccount returns an account of communityID; nil when it has none such.
func (db *DB) BankAccount(ctx context.Context, communityID, id string) (*domain.BankAccount, error) {
	as, err := queryAll(ctx, db.readerIn(ctx), scanAccount, accountSelect+" WHERE a.id = ? AND a.community_id = ?", id, communityID)
	if err != nil || len(as) == 0 {
		return nil, err
	}
	return &as[0], nil
}

// InsertBankAccount stores a new account (InTx); false when the community has an account with its IBAN.
func (db *DB) InsertBankAccount(ctx context.Context, a *domain.BankAccount, by string, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, `INSERT INTO money_accounts (id, community_id, name, kind, iban, bank, opening_date, opening_cents, created_by,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		a.ID, a.CommunityID, a.Name, string(a.Kind), a.IBAN, a.Bank, a.OpeningDate, a.Opening, by, ms(at), ms(at))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SaveBankAccount writes an account's name, bank and opening balance (InTx); false when another account
// of the community has its IBAN.
func (db *DB) SaveBankAccount(ctx context.Context, a *domain.BankAccount, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	var taken int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM money_accounts WHERE community_id = ? AND iban = ? AND iban <> '' AND id <> ?",
		a.CommunityID, a.IBAN, a.ID).Scan(&taken); err != nil || taken > 0 {
		return false, err
	}
	_, err = tx.exec(ctx, `UPDATE money_accounts SET name = ?, iban = ?, bank = ?, opening_date = ?, opening_cents = ?, updated_at = ?
		WHERE id = ? AND community_id = ?`, a.Name, a.IBAN, a.Bank, a.OpeningDate, a.Opening, ms(at), a.ID, a.CommunityID)
	return err == nil, err
}

// BankAccountForUpdate reads an account of communityID and locks it (InTx); nil when there is none.
func (db *DB) BankAccountForUpdate(ctx context.Context, communityID, id string) (*domain.BankAccount, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_accounts SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return db.BankAccount(ctx, communityID, id)
}

const expenseSelect = `SELECT id, community_id, number, expense_date, COALESCE(provider_id, ''), provider_name, nif, concept, group_id,
	base_cents, vat_rate, vat_cents, irpf_rate, irpf_cents, due_date, COALESCE(document_id, ''), COALESCE(incident_id, ''),
	COALESCE(task_id, ''), reserve_junta_date, created_at FROM money_expenses`

func (db *DB) scanExpenses(ctx context.Context, c conn, query string, args ...any) ([]domain.Expense, error) {
	es, err := queryAll(ctx, c, func(r scanner) (domain.Expense, error) {
		var e domain.Expense
		err := r.Scan(&e.ID, &e.CommunityID, &e.Number, &e.Date, &e.ProviderID, &e.ProviderName, &e.NIF, &e.Concept, &e.GroupID,
			&e.Base, &e.VATRate, &e.VAT, &e.IRPFRate, &e.IRPF, &e.DueDate, &e.DocumentID, &e.IncidentID, &e.TaskID, &e.ReserveJuntaDate, &e.CreatedAt)
		return e, err
	}, query, args...)
	if err != nil || len(es) == 0 {
		return es, err
	}
	byID := make(map[string]*domain.Expense, len(es))
	for i := range es {
		byID[es[i].ID] = &es[i]
	}
	// One query for the payments of all of them: those of the community's expenses of the same selection.
	ps, err := queryAll(ctx, c, func(r scanner) (domain.ExpensePayment, error) {
		var p domain.ExpensePayment
		err := r.Scan(&p.ID, &p.ExpenseID, &p.AccountID, &p.Date, &p.Amount, &p.CreatedAt)
		return p, err
	}, `SELECT id, expense_id, account_id, paid_on, amount_cents, created_at FROM money_expense_payments WHERE community_id = ?
		ORDER BY paid_on, created_at, id`, es[0].CommunityID)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if e := byID[p.ExpenseID]; e != nil {
			e.Payments = append(e.Payments, p)
		}
	}
	return es, nil
}

// Expenses lists communityID's expenses by f, newest first, with their payments.
func (db *DB) Expenses(ctx context.Context, communityID string, f domain.ExpenseFilter) ([]domain.Expense, error) {
	q := expenseSelect + " WHERE community_id = ?"
	args := []any{communityID}
	if f.Year != 0 {
		q += " AND expense_date >= ? AND expense_date < ?"
		args = append(args, yearStart(f.Year), yearStart(f.Year+1))
	}
	if f.IncidentID != "" {
		q += " AND incident_id = ?"
		args = append(args, f.IncidentID)
	}
	return db.scanExpenses(ctx, db.readerIn(ctx), q+" ORDER BY expense_date DESC, number DESC", args...)
}

func yearStart(y int) string {
	return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).Format(domain.DateLayout)
}

// ExpenseForUpdate reads an expense of communityID with its payments and locks it (InTx); nil when there
// is none.
func (db *DB) ExpenseForUpdate(ctx context.Context, communityID, id string) (*domain.Expense, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_expenses SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	es, err := db.scanExpenses(ctx, tx, expenseSelect+" WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil || len(es) == 0 {
		return nil, err
	}
	return &es[0], nil
}

// InsertExpense stores an expense numbered on in its community (InTx, after LockMoneySettings).
func (db *DB) InsertExpense(ctx context.Context, e *domain.Expense, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	return tx.queryRow(ctx, `INSERT INTO money_expenses (id, community_id, number, expense_date, provider_id, provider_name, nif, concept,
		group_id, base_cents, vat_rate, vat_cents, irpf_rate, irpf_cents, due_date, document_id, incident_id, task_id, reserve_junta_date,
		created_by, created_at, updated_at) SELECT ?, ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
		FROM money_expenses WHERE community_id = ? RETURNING number`,
		e.ID, e.CommunityID, e.Date, nullString(e.ProviderID), e.ProviderName, e.NIF, e.Concept, e.GroupID, e.Base, e.VATRate, e.VAT,
		e.IRPFRate, e.IRPF, e.DueDate, nullString(e.DocumentID), nullString(e.IncidentID), nullString(e.TaskID), e.ReserveJuntaDate, by,
		ms(at), ms(at),
		e.CommunityID).Scan(&e.Number)
}

// SaveExpenseInvoice links an expense to its invoice in Documentos (InTx, after ExpenseForUpdate).
func (db *DB) SaveExpenseInvoice(ctx context.Context, e *domain.Expense, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE money_expenses SET document_id = ?, updated_at = ? WHERE id = ?", nullString(e.DocumentID), ms(at), e.ID)
	return err
}

// InsertExpensePayment adds a payment of an expense (InTx, after ExpenseForUpdate).
func (db *DB) InsertExpensePayment(ctx context.Context, communityID string, p *domain.ExpensePayment, by string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `INSERT INTO money_expense_payments (id, expense_id, community_id, account_id, paid_on, amount_cents, created_by,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, p.ExpenseID, communityID, p.AccountID, p.Date, p.Amount, by, p.CreatedAt)
	return err
}

// IncidentOf reports whether communityID has the incident; TaskOf the same of a task.
func (db *DB) IncidentOf(ctx context.Context, communityID, id string) (bool, error) {
	return db.exists(ctx, "SELECT 1 FROM incidents WHERE id = ? AND community_id = ?", id, communityID)
}

// TaskOf reports whether communityID has the task.
func (db *DB) TaskOf(ctx context.Context, communityID, id string) (bool, error) {
	return db.exists(ctx, "SELECT 1 FROM tasks WHERE id = ? AND community_id = ?", id, communityID)
}

// ProviderOf reports whether communityID's directory has the provider.
func (db *DB) ProviderOf(ctx context.Context, communityID, id string) (bool, error) {
	return db.exists(ctx, "SELECT 1 FROM providers WHERE id = ? AND community_id = ?", id, communityID)
}

func (db *DB) exists(ctx context.Context, query string, args ...any) (bool, error) {
	var one int
	err := db.readerIn(ctx).queryRow(ctx, query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// IncidentCost adds up the expenses linked to an incident of communityID.
func (db *DB) IncidentCost(ctx context.Context, communityID, incidentID string) (domain.IncidentCost, error) {
	var c domain.IncidentCost
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COALESCE(SUM(base_cents + vat_cents), 0), COUNT(*) FROM money_expenses
		WHERE community_id = ? AND incident_id = ?`, communityID, incidentID).Scan(&c.Total, &c.Expenses)
	return c, err
}

// LastBankStatement is the account's latest statement (by its end, then import); nil when none.
func (db *DB) LastBankStatement(ctx context.Context, accountID string) (*domain.BankStatement, error) {
	var s domain.BankStatement
	err := db.readerIn(ctx).queryRow(ctx, `SELECT id, community_id, account_id, file_sha256, file_name, start_date, end_date, opening_cents,
		closing_cents, movements, created_at FROM money_bank_statements WHERE account_id = ? ORDER BY end_date DESC, created_at DESC LIMIT 1`,
		accountID).Scan(&s.ID, &s.CommunityID, &s.AccountID, &s.FileSHA256, &s.FileName, &s.Start, &s.End, &s.Opening, &s.Closing, &s.Movements,
		&s.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &s, err
}

// BankFileImported reports whether communityID imported a file of that hash.
func (db *DB) BankFileImported(ctx context.Context, communityID, sha string) (bool, error) {
	return db.exists(ctx, "SELECT 1 FROM money_bank_statements WHERE community_id = ? AND file_sha256 = ? LIMIT 1", communityID, sha)
}

// InsertBankStatement stores a statement and its movements (InTx, after BankAccountForUpdate); false with
// the movement whose key its account has already.
func (db *DB) InsertBankStatement(ctx context.Context, s *domain.BankStatement, ms []domain.BankMovement, by string) (*domain.BankMovement, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO money_bank_statements (id, community_id, account_id, file_sha256, file_name, start_date, end_date,
		opening_cents, closing_cents, movements, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, s.CommunityID, s.AccountID, s.FileSHA256, s.FileName, s.Start, s.End, s.Opening, s.Closing, s.Movements, by, s.CreatedAt); err != nil {
		return nil, err
	}
	for i := range ms {
		m := &ms[i]
		res, err := tx.exec(ctx, `INSERT INTO money_bank_movements (id, community_id, account_id, statement_id, op_date, value_date, amount_cents,
			common_concept, own_concept, document, reference1, reference2, concept, movement_key, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, movement_key) DO NOTHING`,
			m.ID, m.CommunityID, m.AccountID, m.StatementID, m.Date, m.ValueDate, m.Amount, m.CommonConcept, m.OwnConcept, m.Document,
			m.Reference1, m.Reference2, m.Concept, m.Key, m.CreatedAt)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return m, nil
		}
	}
	return nil, nil
}

// BankMovements lists an account's movements of a year (0: all), newest first, with their matches.
func (db *DB) BankMovements(ctx context.Context, communityID, accountID string, year int) ([]domain.BankMovement, error) {
	q := movementSelect + " WHERE m.community_id = ? AND m.account_id = ?"
	args := []any{communityID, accountID}
	if year != 0 {
		q += " AND m.op_date >= ? AND m.op_date < ?"
		args = append(args, yearStart(year), yearStart(year+1))
	}
	return queryAll(ctx, db.readerIn(ctx), scanMovement, q+" ORDER BY m.op_date DESC, m.created_at DESC, m.id", args...)
}

const movementSelect = `SELECT m.id, m.community_id, m.account_id, m.statement_id, m.op_date, m.value_date, m.amount_cents, m.common_concept,
	m.own_concept, m.document, m.reference1, m.reference2, m.concept, m.movement_key, m.created_at, COALESCE(r.kind, ''), COALESCE(r.target_id, '')
	FROM money_bank_movements m LEFT JOIN money_reconciliations r ON r.movement_id = m.id`

func scanMovement(r scanner) (domain.BankMovement, error) {
	var m domain.BankMovement
	var kind, target string
	err := r.Scan(&m.ID, &m.CommunityID, &m.AccountID, &m.StatementID, &m.Date, &m.ValueDate, &m.Amount, &m.CommonConcept, &m.OwnConcept,
		&m.Document, &m.Reference1, &m.Reference2, &m.Concept, &m.Key, &m.CreatedAt, &kind, &target)
	if kind != "" {
		m.Match = &domain.MovementMatch{Kind: domain.MatchKind(kind), TargetID: target}
	}
	return m, err
}

// BankMovementForUpdate reads a movement of communityID with its match and locks it (InTx); nil when none.
func (db *DB) BankMovementForUpdate(ctx context.Context, communityID, id string) (*domain.BankMovement, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_bank_movements SET created_at = created_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	ms, err := queryAll(ctx, tx, scanMovement, movementSelect+" WHERE m.id = ? AND m.community_id = ?", id, communityID)
	if err != nil || len(ms) == 0 {
		return nil, err
	}
	return &ms[0], nil
}

// InsertReconciliation matches a movement (InTx, after BankMovementForUpdate); false when the movement is
// reconciled already, or the remittance credited already.
func (db *DB) InsertReconciliation(ctx context.Context, communityID, movementID string, match domain.MovementMatch, by string, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, `INSERT INTO money_reconciliations (movement_id, community_id, kind, target_id, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, movementID, communityID, string(match.Kind), match.TargetID, by, ms(at))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CreditedRemittances lists the ids of communityID's remittances a movement was reconciled with.
func (db *DB) CreditedRemittances(ctx context.Context, communityID string) ([]string, error) {
	return queryAll(ctx, db.readerIn(ctx), func(r scanner) (string, error) {
		var id string
		err := r.Scan(&id)
		return id, err
	}, "SELECT target_id FROM money_reconciliations WHERE community_id = ? AND kind = 'remittance'", communityID)
}

// ReturnedDebits lists communityID's returned direct debits with the movement each was matched with ("":
// none yet), the oldest return first.
func (db *DB) ReturnedDebits(ctx context.Context, communityID string) ([]domain.ReturnedDebit, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ReturnedDebit, error) {
		var d domain.ReturnedDebit
		var year, number int
		err := row.Scan(&d.ReceiptID, &year, &number, &d.UnitLabel, &d.RemittanceID, &d.RemittanceNumber, &d.MessageID, &d.CollectionDate,
			&d.MandateReference, &d.Collected, &d.Charge, &d.ReturnedOn, &d.Reason, &d.MovementID)
		d.ReceiptCode = (&domain.Receipt{Year: year, Number: number}).Code()
		return d, err
	}, `SELECT rr.receipt_id, r.year, r.number, r.unit_label, rr.remittance_id, rem.number, rem.message_id, rr.collection_date,
		COALESCE(m.reference, ''), rr.collected_cents, rr.return_charge_cents, rr.returned_on, rr.return_reason, COALESCE(c.movement_id, '')
		FROM money_remittance_receipts rr JOIN money_remittances rem ON rem.id = rr.remittance_id
		JOIN money_receipts r ON r.id = rr.receipt_id LEFT JOIN money_mandates m ON m.id = rr.mandate_id
		LEFT JOIN money_reconciled_returns c ON c.receipt_id = rr.receipt_id
		WHERE rem.community_id = ? AND rr.returned_on IS NOT NULL ORDER BY rr.returned_on, rem.number, r.year, r.number`, communityID)
}

// InsertReconciledReturns records that a movement charged back the returned debits of receiptIDs (InTx,
// after InsertReconciliation); false when one of them was matched with a movement already.
func (db *DB) InsertReconciledReturns(ctx context.Context, communityID, movementID string, receiptIDs []string) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	for _, id := range receiptIDs {
		res, err := tx.exec(ctx, `INSERT INTO money_reconciled_returns (receipt_id, movement_id, community_id) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, id, movementID, communityID)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return false, err
		}
	}
	return true, nil
}
