package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"vecinos/internal/domain"
)

// The money module's queries (issue #36). They only run SQL: the rules, the transactions and the errors a
// user reads are internal/money's. "Not found" is a nil result.

// MoneyUnits lists the units of the registry of communityID (not the proposed ones) with their
// coeficiente and owner, in the registry's order.
func (db *DB) MoneyUnits(ctx context.Context, communityID string) ([]domain.MoneyUnit, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanMoneyUnit, moneyUnitSelect+moneyUnitOrder, communityID))
}

// moneyUnitOrder is the registry's order, in which every list of a community's paying units comes: the
// budget's largest remainder breaks its ties by it, so each of those reads must share it.
const moneyUnitOrder = `
	ORDER BY ` + unitRegistryKey

// unitRegistryKey is the registry's order of the units u, for a list that sorts by unit after something
// else (the admins' mandates, by status first).
const unitRegistryKey = `COALESCE(u.building, ''), COALESCE(u.staircase, ''), u.unit_number, u.id`

// moneyUnitSelect reads the units of a community that pay (not a member's proposal), with their owners.
const moneyUnitSelect = `SELECT u.id, u.building, u.staircase, u.unit_number, u.coefficient, u.owner_id, COALESCE(p.full_name, '')
	FROM units u LEFT JOIN profiles p ON p.id = u.owner_id
	WHERE u.community_id = ? AND u.proposed_by IS NULL`

func scanMoneyUnit(row scanner) (domain.MoneyUnit, error) {
	var u domain.MoneyUnit
	var unit domain.Unit
	err := row.Scan(&u.ID, &unit.Building, &unit.Staircase, &unit.UnitNumber, &u.Coefficient, &u.OwnerID, &u.OwnerName)
	u.Label = unit.Label()
	return u, err
}

// MoneyUnitWeights lists the units of communityID as MoneyUnits does (the same units, in the same order)
// with only their id and coeficiente: what sharing a budget line over General takes, without the owners'
// names and the labels that 'Mis cuotas' needs of the caller's units alone (docs/adr/0044).
func (db *DB) MoneyUnitWeights(ctx context.Context, communityID string) ([]domain.MoneyUnit, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.MoneyUnit, error) {
		var u domain.MoneyUnit
		return u, row.Scan(&u.ID, &u.Coefficient)
	}, `SELECT u.id, u.coefficient FROM units u WHERE u.community_id = ? AND u.proposed_by IS NULL`+moneyUnitOrder, communityID))
}

// OwnedMoneyUnits lists the units of communityID that userID owns, as MoneyUnits does (through the
// owner index: an owner's reads never list the community).
func (db *DB) OwnedMoneyUnits(ctx context.Context, communityID, userID string) ([]domain.MoneyUnit, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanMoneyUnit, moneyUnitSelect+` AND u.owner_id = ?`+moneyUnitOrder, communityID, userID))
}

// CallerMoneyUnits is OwnedMoneyUnits and GrantedUnits in one round trip ('Mis cuotas', docs/adr/0035):
// the units of communityID that userID owns, in MoneyUnits' order, and those whose receipts userID has
// been let see, by id.
func (db *DB) CallerMoneyUnits(ctx context.Context, communityID, userID string) (owned []domain.MoneyUnit, granted []string, err error) {
	type row struct {
		granted bool
		unit    domain.MoneyUnit
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(r scanner) (row, error) {
		var out row
		var unit domain.Unit
		var kind int
		var b, st string
		err := r.Scan(&kind, &out.unit.ID, &unit.Building, &unit.Staircase, &unit.UnitNumber, &out.unit.Coefficient, &out.unit.OwnerID,
			&out.unit.OwnerName, &b, &st)
		out.granted, out.unit.Label = kind == 1, unit.Label()
		return out, err
	}, `SELECT 0, u.id, u.building, u.staircase, u.unit_number, u.coefficient, u.owner_id, COALESCE(p.full_name, ''),
			COALESCE(u.building, ''), COALESCE(u.staircase, '')
		FROM units u LEFT JOIN profiles p ON p.id = u.owner_id
		WHERE u.community_id = ? AND u.proposed_by IS NULL AND u.owner_id = ?
		UNION ALL
		SELECT 1, unit_id, NULL, NULL, '', NULL, NULL, '', '', '' FROM money_receipt_grants WHERE community_id = ? AND user_id = ?
		ORDER BY 1, 9, 10, 5, 2`, communityID, userID, communityID, userID)
	if err != nil {
		return nil, nil, err
	}
	owned = []domain.MoneyUnit{}
	for _, r := range rows {
		if r.granted {
			granted = append(granted, r.unit.ID)
		} else {
			owned = append(owned, r.unit)
		}
	}
	return owned, granted, nil
}

// MoneyUnitLedgerCount reads one unit of communityID as MoneyUnit does, with the number of its ledger
// entries, in one round trip: a statement's reads (docs/adr/0035); nil when there is none. The number is
// the row a trigger keeps (migration 0072), not a count of the entries (docs/adr/0044).
func (db *DB) MoneyUnitLedgerCount(ctx context.Context, communityID, unitID string) (*domain.MoneyUnit, int, error) {
	var n int
	us, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.MoneyUnit, error) {
		var u domain.MoneyUnit
		var unit domain.Unit
		err := row.Scan(&u.ID, &unit.Building, &unit.Staircase, &unit.UnitNumber, &u.Coefficient, &u.OwnerID, &u.OwnerName, &n)
		u.Label = unit.Label()
		return u, err
	}, `SELECT u.id, u.building, u.staircase, u.unit_number, u.coefficient, u.owner_id, COALESCE(p.full_name, ''),
		COALESCE((SELECT c.entries FROM money_ledger_counts c WHERE c.community_id = u.community_id AND c.unit_id = u.id), 0)
		FROM units u LEFT JOIN profiles p ON p.id = u.owner_id
		WHERE u.community_id = ? AND u.proposed_by IS NULL AND u.id = ?`, communityID, unitID)
	if err != nil || len(us) == 0 {
		return nil, 0, err
	}
	return &us[0], n, nil
}

// MoneyUnit reads one unit of communityID as MoneyUnits does; nil when there is none.
func (db *DB) MoneyUnit(ctx context.Context, communityID, unitID string) (*domain.MoneyUnit, error) {
	us, err := queryAll(ctx, db.readerIn(ctx), scanMoneyUnit, moneyUnitSelect+" AND u.id = ?", communityID, unitID)
	if err != nil || len(us) == 0 {
		return nil, err
	}
	return &us[0], nil
}

// MoneyPeriodicity is how often communityID's owners pay (quarterly until an admin sets it).
func (db *DB) MoneyPeriodicity(ctx context.Context, communityID string) (domain.Periodicity, error) {
	var p string
	err := db.reader().queryRow(ctx, "SELECT periodicity FROM money_settings WHERE community_id = ?", communityID).Scan(&p)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Quarterly, nil
	}
	return domain.Periodicity(p), err
}

// LockMoneySettings creates communityID's money settings if needed and locks them until the transaction
// of ctx ends (InTx): the community's money changes that must not interleave (a period's receipts and
// their numbers, budget versions) serialize on it. It returns the periodicity.
func (db *DB) LockMoneySettings(ctx context.Context, communityID string, at time.Time) (domain.Periodicity, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return "", err
	}
	if _, err := tx.exec(ctx, `INSERT INTO money_settings (community_id, updated_at) VALUES (?, ?)
		ON CONFLICT (community_id) DO UPDATE SET updated_at = money_settings.updated_at`, communityID, ms(at)); err != nil {
		return "", err
	}
	var p string
	err = tx.queryRow(ctx, "SELECT periodicity FROM money_settings WHERE community_id = ?", communityID).Scan(&p)
	return domain.Periodicity(p), err
}

// SaveMoneyPeriodicity writes the periodicity, after LockMoneySettings.
func (db *DB) SaveMoneyPeriodicity(ctx context.Context, communityID string, p domain.Periodicity, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE money_settings SET periodicity = ?, updated_at = ? WHERE community_id = ?", string(p), ms(at), communityID)
	return err
}

// MoneyOverpayments is what communityID does with a payment over what its receipt owes.
func (db *DB) MoneyOverpayments(ctx context.Context, communityID string) (domain.Overpayments, error) {
	var o string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT overpayments FROM money_settings WHERE community_id = ?", communityID).Scan(&o)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.OverpaymentsRefused, nil
	}
	return domain.Overpayments(o), err
}

// SaveMoneyOverpayments writes what to do with overpayments, after LockMoneySettings.
func (db *DB) SaveMoneyOverpayments(ctx context.Context, communityID string, o domain.Overpayments, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE money_settings SET overpayments = ?, updated_at = ? WHERE community_id = ?", string(o), ms(at), communityID)
	return err
}

func (db *DB) groupShares(ctx context.Context, c conn, communityID string, groupIDs []string) (map[string][]domain.GroupShare, error) {
	q := `SELECT gu.group_id, gu.unit_id, gu.weight FROM money_group_units gu JOIN money_groups g ON g.id = gu.group_id
		WHERE g.community_id = ?`
	args := []any{communityID}
	if groupIDs != nil {
		q += " AND g.id IN (" + placeholders(len(groupIDs)) + ")"
		for _, id := range groupIDs {
			args = append(args, id)
		}
	}
	type groupShare struct {
		group string
		domain.GroupShare
	}
	rows, err := queryAll(ctx, c, func(row scanner) (groupShare, error) {
		var g groupShare
		err := row.Scan(&g.group, &g.UnitID, &g.Weight)
		return g, err
	}, q+" ORDER BY gu.group_id, gu.unit_id", args...)
	out := map[string][]domain.GroupShare{}
	for _, g := range rows {
		out[g.group] = append(out[g.group], g.GroupShare)
	}
	return out, err
}

// MoneyGroups lists communityID's stored groups (not General) by name, with their shares.
func (db *DB) MoneyGroups(ctx context.Context, communityID string) ([]domain.MoneyGroup, error) {
	return db.moneyGroups(ctx, communityID, nil)
}

// MoneyGroupsByID is MoneyGroups for the groups of ids alone (those of a budget's lines).
func (db *DB) MoneyGroupsByID(ctx context.Context, communityID string, ids []string) ([]domain.MoneyGroup, error) {
	if len(ids) == 0 {
		return []domain.MoneyGroup{}, nil
	}
	return db.moneyGroups(ctx, communityID, ids)
}

func (db *DB) moneyGroups(ctx context.Context, communityID string, ids []string) ([]domain.MoneyGroup, error) {
	c := db.readerIn(ctx)
	q := "SELECT id, name, method FROM money_groups WHERE community_id = ?"
	args := []any{communityID}
	if ids != nil {
		q += " AND id IN (" + placeholders(len(ids)) + ")"
		for _, id := range ids {
			args = append(args, id)
		}
	}
	out, err := queryAll(ctx, c, func(row scanner) (domain.MoneyGroup, error) {
		var g domain.MoneyGroup
		var m string
		err := row.Scan(&g.ID, &g.Name, &m)
		g.Method = domain.ShareMethod(m)
		return g, err
	}, q+" ORDER BY name, id", args...)
	if err != nil {
		return nil, err
	}
	shares, err := db.groupShares(ctx, c, communityID, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Shares = shares[out[i].ID]
	}
	return out, nil
}

// MoneyGroupForUpdate reads a group of communityID and locks it (InTx); nil when there is none.
func (db *DB) MoneyGroupForUpdate(ctx context.Context, communityID, id string) (*domain.MoneyGroup, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE money_groups SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	var g domain.MoneyGroup
	var m string
	if err := tx.queryRow(ctx, "SELECT id, name, method FROM money_groups WHERE id = ?", id).Scan(&g.ID, &g.Name, &m); err != nil {
		return nil, err
	}
	g.Method = domain.ShareMethod(m)
	shares, err := db.groupShares(ctx, tx, communityID, []string{id})
	if err != nil {
		return nil, err
	}
	g.Shares = shares[id]
	return &g, nil
}

// InsertMoneyGroup stores a new group and its shares (InTx).
func (db *DB) InsertMoneyGroup(ctx context.Context, communityID string, g *domain.MoneyGroup, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "INSERT INTO money_groups (id, community_id, name, method, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
		g.ID, communityID, g.Name, string(g.Method), ms(at), ms(at)); err != nil {
		return err
	}
	return insertShares(ctx, tx, g)
}

func insertShares(ctx context.Context, tx conn, g *domain.MoneyGroup) error {
	for _, s := range g.Shares {
		if _, err := tx.exec(ctx, "INSERT INTO money_group_units (group_id, unit_id, weight) VALUES (?, ?, ?)", g.ID, s.UnitID, s.Weight); err != nil {
			return err
		}
	}
	return nil
}

// SaveMoneyGroup replaces a group's name, method and shares (InTx, after MoneyGroupForUpdate).
func (db *DB) SaveMoneyGroup(ctx context.Context, communityID string, g *domain.MoneyGroup, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE money_groups SET name = ?, method = ?, updated_at = ? WHERE id = ? AND community_id = ?",
		g.Name, string(g.Method), ms(at), g.ID, communityID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM money_group_units WHERE group_id = ?", g.ID); err != nil {
		return err
	}
	return insertShares(ctx, tx, g)
}

// DeleteMoneyGroup removes a group (InTx).
func (db *DB) DeleteMoneyGroup(ctx context.Context, communityID, id string, _ time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "DELETE FROM money_groups WHERE id = ? AND community_id = ?", id, communityID)
	return err
}

// MoneyGroupInUse reports whether a budget line of communityID names the group (InTx).
func (db *DB) MoneyGroupInUse(ctx context.Context, communityID, id string) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	var n int
	err = tx.queryRow(ctx, `SELECT COUNT(*) FROM money_budget_lines l JOIN money_budgets b ON b.id = l.budget_id
		WHERE b.community_id = ? AND l.group_id = ?`, communityID, id).Scan(&n)
	return n > 0, err
}

const budgetSelect = "SELECT id, community_id, year, version, status, junta_date, reserve_cents FROM money_budgets"

func (db *DB) scanBudgets(ctx context.Context, c conn, q string, args ...any) ([]domain.Budget, error) {
	out, err := queryAll(ctx, c, func(row scanner) (domain.Budget, error) {
		var b domain.Budget
		var status string
		err := row.Scan(&b.ID, &b.CommunityID, &b.Year, &b.Version, &status, &b.JuntaDate, &b.ReserveCents)
		b.Status = domain.BudgetStatus(status)
		return b, err
	}, q, args...)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Lines, err = listOrEmpty(queryAll(ctx, c, func(row scanner) (domain.BudgetLine, error) {
			var l domain.BudgetLine
			err := row.Scan(&l.Concept, &l.GroupID, &l.Amount)
			return l, err
		}, "SELECT concept, group_id, amount_cents FROM money_budget_lines WHERE budget_id = ? ORDER BY position", out[i].ID)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (db *DB) oneBudget(ctx context.Context, c conn, q string, args ...any) (*domain.Budget, error) {
	bs, err := db.scanBudgets(ctx, c, q, args...)
	if err != nil || len(bs) == 0 {
		return nil, err
	}
	return &bs[0], nil
}

// Budgets lists the versions of communityID's budget of year, newest first.
func (db *DB) Budgets(ctx context.Context, communityID string, year int) ([]domain.Budget, error) {
	bs, err := db.scanBudgets(ctx, db.reader(), budgetSelect+" WHERE community_id = ? AND year = ? ORDER BY version DESC", communityID, year)
	if bs == nil && err == nil {
		bs = []domain.Budget{}
	}
	return bs, err
}

// Budget returns a budget of communityID; nil when there is none.
func (db *DB) Budget(ctx context.Context, communityID, id string) (*domain.Budget, error) {
	return db.oneBudget(ctx, db.reader(), budgetSelect+" WHERE id = ? AND community_id = ?", id, communityID)
}

// BudgetForUpdate reads a budget of communityID and locks it (InTx); nil when there is none.
func (db *DB) BudgetForUpdate(ctx context.Context, communityID, id string) (*domain.Budget, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_budgets SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return db.oneBudget(ctx, tx, budgetSelect+" WHERE id = ? AND community_id = ?", id, communityID)
}

// ApprovedBudget returns the approved version of communityID's budget of year; nil when there is none.
// Inside InTx it reads in the transaction.
func (db *DB) ApprovedBudget(ctx context.Context, communityID string, year int) (*domain.Budget, error) {
	c := db.reader()
	if tx, err := txOf(ctx); err == nil {
		c = tx
	}
	return db.oneBudget(ctx, c, budgetSelect+" WHERE community_id = ? AND year = ? AND status = 'approved'", communityID, year)
}

// LatestBudgetVersion returns the newest version number of communityID's budget of year and its status
// (0 and "" when there is none), InTx.
func (db *DB) LatestBudgetVersion(ctx context.Context, communityID string, year int) (int, domain.BudgetStatus, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return 0, "", err
	}
	var v int
	var s string
	err = tx.queryRow(ctx, "SELECT version, status FROM money_budgets WHERE community_id = ? AND year = ? ORDER BY version DESC LIMIT 1",
		communityID, year).Scan(&v, &s)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return v, domain.BudgetStatus(s), err
}

// InsertBudget stores a new budget version with its lines (InTx).
func (db *DB) InsertBudget(ctx context.Context, b *domain.Budget, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO money_budgets (id, community_id, year, version, status, junta_date, reserve_cents, created_by,
		updated_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, b.ID, b.CommunityID, b.Year, b.Version, string(b.Status),
		b.JuntaDate, b.ReserveCents, by, by, ms(at), ms(at)); err != nil {
		return err
	}
	return insertLines(ctx, tx, b)
}

func insertLines(ctx context.Context, tx conn, b *domain.Budget) error {
	for i, l := range b.Lines {
		if _, err := tx.exec(ctx, "INSERT INTO money_budget_lines (budget_id, position, concept, group_id, amount_cents) VALUES (?, ?, ?, ?, ?)",
			b.ID, i, l.Concept, l.GroupID, l.Amount); err != nil {
			return err
		}
	}
	return nil
}

// SaveBudget writes a budget read with BudgetForUpdate: its status, junta date, reserve and lines.
func (db *DB) SaveBudget(ctx context.Context, b *domain.Budget, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE money_budgets SET status = ?, junta_date = ?, reserve_cents = ?, updated_by = ?, updated_at = ? WHERE id = ? AND community_id = ?",
		string(b.Status), b.JuntaDate, b.ReserveCents, by, ms(at), b.ID, b.CommunityID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM money_budget_lines WHERE budget_id = ?", b.ID); err != nil {
		return err
	}
	return insertLines(ctx, tx, b)
}

// InsertReceiptRun records that a period's receipts are being generated (InTx); false when they already
// were: the unique key lets one of two concurrent generations through, the other waits and gets false.
func (db *DB) InsertReceiptRun(ctx context.Context, communityID, periodKey, budgetID, by string, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, `INSERT INTO money_receipt_runs (community_id, period_key, budget_id, created_by, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (community_id, period_key) DO NOTHING`, communityID, periodKey, budgetID, by, ms(at))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TakeReceiptNumbers reserves the next n receipt numbers of communityID's year (InTx) and returns the
// first; they roll back with the transaction, so the sequence has no gaps.
func (db *DB) TakeReceiptNumbers(ctx context.Context, communityID string, year, n int) (int, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return 0, err
	}
	var last int
	err = tx.queryRow(ctx, `INSERT INTO money_receipt_counters (community_id, year, last) VALUES (?, ?, ?)
		ON CONFLICT (community_id, year) DO UPDATE SET last = money_receipt_counters.last + excluded.last RETURNING last`,
		communityID, year, n).Scan(&last)
	return last - n + 1, err
}

// InsertReceipts stores receipts and their lines (InTx), many rows a statement.
func (db *DB) InsertReceipts(ctx context.Context, rs []domain.Receipt, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	rows := make([][]any, 0, len(rs))
	var lines [][]any
	for _, r := range rs {
		rows = append(rows, []any{r.ID, r.CommunityID, r.Year, r.Number, r.PeriodKey, r.UnitID, r.UnitLabel, r.OwnerID, r.OwnerName, r.BudgetID,
			r.Amount, r.Paid, r.DueDate, string(r.Method), string(r.Status), ms(at), ms(at)})
		for i, l := range r.Lines {
			lines = append(lines, []any{r.ID, i, l.Concept, l.Amount})
		}
	}
	if err := insertMany(ctx, tx, `INSERT INTO money_receipts (id, community_id, year, number, period_key, unit_id, unit_label, owner_id,
		owner_name, budget_id, amount_cents, paid_cents, due_date, method, status, created_at, updated_at)`, rows); err != nil {
		return err
	}
	return insertMany(ctx, tx, "INSERT INTO money_receipt_lines (receipt_id, position, concept, amount_cents)", lines)
}

// insertBatch is how many rows insertMany writes a statement: few enough for either engine's limit of
// bound values, and few distinct statements for the prepared-statement cache.
const insertBatch = 100

// insertMany runs prefix VALUES (…), (…)… for rows (each of the same number of values), insertBatch rows
// a statement.
func insertMany(ctx context.Context, c conn, prefix string, rows [][]any) error {
	for start := 0; start < len(rows); start += insertBatch {
		batch := rows[start:min(start+insertBatch, len(rows))]
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(batch[0])), ", ") + ")"
		args := make([]any, 0, len(batch)*len(batch[0]))
		for _, r := range batch {
			args = append(args, r...)
		}
		if _, err := c.exec(ctx, prefix+" VALUES "+strings.TrimSuffix(strings.Repeat(one+", ", len(batch)), ", "), args...); err != nil {
			return err
		}
	}
	return nil
}

// receiptSelect reads a receipt with its direct debit, if it went in a remittance (0034).
const receiptSelect = `SELECT id, community_id, year, number, period_key, unit_id, unit_label, owner_id, owner_name, budget_id, amount_cents,
	paid_cents, due_date, method, status, remittance_id, mandate_id, sequence_type, collected_cents, collection_date, returned_on,
	return_reason, return_charge_cents, compensated_cents FROM money_receipts LEFT JOIN money_remittance_receipts ON receipt_id = id`

// scanReceipt reads a row of receiptSelect; its lines come from scanReceipts.
func scanReceipt(row scanner) (domain.Receipt, error) {
	var r domain.Receipt
	var method, status string
	var remittance, mandate, seq, collectionDate, reason sql.NullString
	var collected, charge sql.NullInt64
	var d domain.ReceiptDebit
	if err := row.Scan(&r.ID, &r.CommunityID, &r.Year, &r.Number, &r.PeriodKey, &r.UnitID, &r.UnitLabel, &r.OwnerID, &r.OwnerName,
		&r.BudgetID, &r.Amount, &r.Paid, &r.DueDate, &method, &status, &remittance, &mandate, &seq, &collected, &collectionDate,
		&d.ReturnedOn, &reason, &charge, &r.Compensated); err != nil {
		return r, err
	}
	r.Method, r.Status = domain.PaymentMethod(method), domain.ReceiptStatus(status)
	if remittance.Valid {
		d.RemittanceID, d.MandateID, d.SequenceType, d.Collected = remittance.String, mandate.String, seq.String, collected.Int64
		d.CollectionDate, d.ReturnReason, d.ReturnCharge = collectionDate.String, reason.String, charge.Int64
		r.Debit = &d
	}
	r.Lines = []domain.ReceiptLine{}
	return r, nil
}

func (db *DB) scanReceipts(ctx context.Context, c conn, q string, args ...any) ([]domain.Receipt, error) {
	out, err := listOrEmpty(queryAll(ctx, c, scanReceipt, q, args...))
	if err != nil || len(out) == 0 {
		return out, err
	}
	// The lines the cache holds, then the others' in one query per 500 receipts.
	missing := db.receiptLines.fill(out)
	if len(missing) == 0 {
		return out, nil
	}
	idx := make(map[string]int, len(missing))
	for _, i := range missing {
		idx[out[i].ID] = i
	}
	for start := 0; start < len(missing); start += 500 {
		end := min(start+500, len(missing))
		ids := make([]any, 0, end-start)
		for _, i := range missing[start:end] {
			ids = append(ids, out[i].ID)
		}
		type receiptLine struct {
			receipt string
			domain.ReceiptLine
		}
		lines, err := queryAll(ctx, c, func(row scanner) (receiptLine, error) {
			var l receiptLine
			err := row.Scan(&l.receipt, &l.Concept, &l.Amount)
			return l, err
		}, "SELECT receipt_id, concept, amount_cents FROM money_receipt_lines WHERE receipt_id IN ("+
			strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+") ORDER BY receipt_id, position", ids...)
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			out[idx[l.receipt]].Lines = append(out[idx[l.receipt]].Lines, l.ReceiptLine)
		}
	}
	// Only what committed goes into the cache: a transaction's receipt may yet roll back.
	if !c.inTransaction() {
		db.receiptLines.add(out, missing)
	}
	return out, nil
}

// receiptLinesCache keeps the lines of the receipts read last (docs/adr/0035, the addendum on 'Mis
// cuotas'): a receipt's lines are written with it, in its transaction, and never change (nothing updates
// or deletes them but the receipt's own deletion, and a receipt's id is never used again), so what a
// committed read found is right for good on every instance and needs no invalidation. The receipts
// themselves (what is paid, their debit) are read every time.
type receiptLinesCache struct {
	mu    sync.RWMutex
	lines map[string][]domain.ReceiptLine
}

// maxCachedReceipts bounds the cache (a few MB): a full cache forgets one receipt at random per new one.
const maxCachedReceipts = 1 << 16

// fill sets the lines of the receipts of rs that the cache holds and returns the indexes of the others.
func (rc *receiptLinesCache) fill(rs []domain.Receipt) (missing []int) {
	rc.mu.RLock()
	defer rc.mu.RUnlock()
	for i := range rs {
		if lines, ok := rc.lines[rs[i].ID]; ok {
			rs[i].Lines = lines
		} else {
			missing = append(missing, i)
		}
	}
	return missing
}

// add keeps the lines of the receipts rs[i] for i in which, clipped so that a caller's append copies them.
func (rc *receiptLinesCache) add(rs []domain.Receipt, which []int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.lines == nil {
		rc.lines = make(map[string][]domain.ReceiptLine, len(which))
	}
	for _, i := range which {
		if len(rc.lines) >= maxCachedReceipts {
			for id := range rc.lines {
				delete(rc.lines, id)
				break
			}
		}
		rs[i].Lines = slices.Clip(rs[i].Lines)
		rc.lines[rs[i].ID] = rs[i].Lines
	}
}

// receiptsQuery is Receipts' query.
func receiptsQuery(communityID string, f domain.ReceiptFilter) (string, []any) {
	q := receiptSelect + " WHERE community_id = ?"
	args := []any{communityID}
	if f.Year != 0 {
		q += " AND year = ?"
		args = append(args, f.Year)
	}
	if f.PeriodKey != "" {
		q += " AND period_key = ?"
		args = append(args, f.PeriodKey)
	}
	if f.Open {
		q += " AND paid_cents < amount_cents"
	}
	if f.RemittanceID != "" {
		q += " AND remittance_id = ?"
		args = append(args, f.RemittanceID)
	}
	order := " ORDER BY year DESC, number DESC"
	if len(f.UnitIDs) > 0 {
		q += " AND unit_id IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(f.UnitIDs)), ", ") + ")"
		for _, id := range f.UnitIDs {
			args = append(args, id)
		}
		// A few units' receipts: found through their unit index and sorted, never by walking the
		// community's receipts in number order (which SQLite picks for the ORDER BY): '+year' is an
		// expression, so no index gives that order (TestMyReceiptsUseTheUnitIndex).
		order = " ORDER BY +year DESC, number DESC"
	}
	return q + order, args
}

// Receipts lists communityID's receipts by f, by number (year, then number).
func (db *DB) Receipts(ctx context.Context, communityID string, f domain.ReceiptFilter) ([]domain.Receipt, error) {
	q, args := receiptsQuery(communityID, f)
	return db.scanReceipts(ctx, db.readerIn(ctx), q, args...)
}

// ReceiptForUpdate reads a receipt of communityID and locks it (InTx); nil when there is none.
func (db *DB) ReceiptForUpdate(ctx context.Context, communityID, id string) (*domain.Receipt, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE money_receipts SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	rs, err := db.scanReceipts(ctx, tx, receiptSelect+" WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	return &rs[0], nil
}

// SaveReceiptPaid writes what has been paid of a receipt (and of that, compensated) and its status (InTx).
func (db *DB) SaveReceiptPaid(ctx context.Context, r *domain.Receipt, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "UPDATE money_receipts SET paid_cents = ?, compensated_cents = ?, status = ?, updated_at = ? WHERE id = ? AND community_id = ?",
		r.Paid, r.Compensated, string(r.Status), ms(at), r.ID, r.CommunityID)
	return err
}

// InsertLedgerEntries appends entries to the units' ledgers (InTx), many rows a statement. Nothing ever
// updates or deletes one.
func (db *DB) InsertLedgerEntries(ctx context.Context, es []domain.LedgerEntry) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	rows := make([][]any, 0, len(es))
	for _, e := range es {
		rows = append(rows, []any{e.ID, e.CommunityID, e.UnitID, e.Date, string(e.Kind), e.Amount, e.ReceiptID, e.ReceiptCode, e.Method, e.Reference,
			e.Note, e.CreatedBy, e.CreatedAt})
	}
	return insertMany(ctx, tx, `INSERT INTO money_ledger (id, community_id, unit_id, entry_date, kind, amount_cents, receipt_id, receipt_code,
		method, reference, note, created_by, created_at)`, rows)
}

// LedgerBalance adds up a unit's ledger before the date before (DateLayout), in the transaction of ctx if any.
func (db *DB) LedgerBalance(ctx context.Context, communityID, unitID, before string) (domain.Cents, error) {
	var sum domain.Cents
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COALESCE(SUM(amount_cents), 0) FROM money_ledger WHERE community_id = ? AND unit_id = ? AND entry_date < ?",
		communityID, unitID, before).Scan(&sum)
	return sum, err
}

// LedgerEntries lists a unit's ledger from..to (inclusive; from empty: from the start), in order. It reads
// what a statement shows (not who wrote each entry, nor when): a statement is read often.
func (db *DB) LedgerEntries(ctx context.Context, communityID, unitID, from, to string) ([]domain.LedgerEntry, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.LedgerEntry, error) {
		e := domain.LedgerEntry{CommunityID: communityID, UnitID: unitID}
		var kind string
		err := row.Scan(&e.ID, &e.Date, &kind, &e.Amount, &e.ReceiptID, &e.ReceiptCode, &e.Method, &e.Reference, &e.Note)
		e.Kind = domain.LedgerKind(kind)
		return e, err
	}, `SELECT id, entry_date, kind, amount_cents, receipt_id, receipt_code, method, reference, note
		FROM money_ledger WHERE community_id = ? AND unit_id = ? AND entry_date >= ? AND entry_date <= ?
		ORDER BY entry_date, created_at, id`, communityID, unitID, from, to)
}

// UnitsWithCredit lists the units of communityID whose owed receipts add up to more than their ledger
// balance (money.applyCredit's credit), in one query: those with a credit to set against them.
func (db *DB) UnitsWithCredit(ctx context.Context, communityID string) ([]string, error) {
	return queryAll(ctx, db.readerIn(ctx), scanValue[string], `SELECT l.unit_id FROM
		(SELECT unit_id, SUM(amount_cents) AS balance FROM money_ledger WHERE community_id = ? GROUP BY unit_id) l
		LEFT JOIN (SELECT unit_id, SUM(amount_cents - paid_cents) AS owed FROM money_receipts
			WHERE community_id = ? AND paid_cents < amount_cents GROUP BY unit_id) r ON r.unit_id = l.unit_id
		WHERE COALESCE(r.owed, 0) > l.balance ORDER BY l.unit_id`, communityID, communityID)
}

// UnitsInCredit lists the units of communityID whose ledger adds up below zero (a credit in their favour).
func (db *DB) UnitsInCredit(ctx context.Context, communityID string) ([]string, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	}, "SELECT unit_id FROM money_ledger WHERE community_id = ? GROUP BY unit_id HAVING SUM(amount_cents) < 0 ORDER BY unit_id", communityID)
}
