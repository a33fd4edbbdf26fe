package store

import (
	"context"
	"maps"
	"slices"
	"strings"

	"vecinos/internal/domain"
)

// The money columns of the office's overview (issue #35): what each community's units owe and how its
// bank accounts square with its books, for all of an office's communities at once (inOffice). The rules (when a
// receipt is a debt, what the books say) are the money's; these only sum.

// sqlQuery is a query and its arguments.
type sqlQuery struct {
	q    string
	args []any
}

// inCommunities is "community_id IN (?, …)" and its arguments.
func inCommunities(column string, communityIDs []string) (string, []any) {
	args := make([]any, len(communityIDs))
	for i, id := range communityIDs {
		args[i] = id
	}
	return column + " IN (" + placeholders(len(communityIDs)) + ")", args
}

// DebtsBefore sums, for each community orgID runs, the unpaid part of its receipts due before dueBefore
// (or, for those in except, before their own date), and counts the units that owe it; communities that
// owe nothing are left out. The communities that share a date share one condition, through the open
// receipts' index.
func (db *DB) DebtsBefore(ctx context.Context, orgID, dueBefore string, except map[string]string) (map[string]domain.Debt, error) {
	out := map[string]domain.Debt{}
	q, args := debtsQuery(orgID, dueBefore, except)
	type row struct {
		id string
		d  domain.Debt
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(s scanner) (row, error) {
		var r row
		return r, s.Scan(&r.id, &r.d.Owed, &r.d.Units)
	}, q, args...)
	for _, r := range rows {
		out[r.id] = r.d
	}
	return out, err
}

// debtsQuery is DebtsBefore's query: the office's communities outside except by dueBefore, those of
// except grouped by their date.
func debtsQuery(orgID, dueBefore string, except map[string]string) (string, []any) {
	in, office := inOffice("community_id", orgID)
	cond, args := in, []any{office}
	if len(except) > 0 {
		notIn, ids := inCommunities("community_id", slices.Sorted(maps.Keys(except)))
		cond, args = in+" AND NOT "+notIn, append(args, ids...)
	}
	conds := []string{"(" + cond + " AND due_date < ?)"}
	args = append(args, dueBefore)
	byDate := map[string][]string{}
	for id, d := range except {
		byDate[d] = append(byDate[d], id)
	}
	for _, d := range slices.Sorted(maps.Keys(byDate)) {
		in, ids := inCommunities("community_id", byDate[d])
		conds = append(conds, "("+in+" AND due_date < ?)")
		args = append(append(args, ids...), d)
	}
	return `SELECT community_id, SUM(amount_cents - paid_cents), COUNT(DISTINCT unit_id) FROM money_receipts
		WHERE paid_cents < amount_cents AND (` + strings.Join(conds, " OR ") + `) GROUP BY community_id`, args
}

// AccountBalances reads what the books and the bank say of every account of the communities orgID runs.
func (db *DB) AccountBalances(ctx context.Context, orgID string) ([]domain.AccountBalance, error) {
	q, args := accountBalancesQuery(orgID)
	return queryAll(ctx, db.readerIn(ctx), func(s scanner) (domain.AccountBalance, error) {
		var b domain.AccountBalance
		return b, s.Scan(&b.AccountID, &b.CommunityID, &b.Opening, &b.Paid, &b.Reconciled, &b.Bank)
	}, q, args...)
}

// accountBalancesQuery is AccountBalances' query: each account's sums through its own indexes.
func accountBalancesQuery(orgID string) (string, []any) {
	in, office := inOffice("a.community_id", orgID)
	return `SELECT a.id, a.community_id, a.opening_cents,
		COALESCE((SELECT SUM(p.amount_cents) FROM money_expense_payments p WHERE p.account_id = a.id), 0),
		COALESCE((SELECT SUM(m.amount_cents) FROM money_bank_movements m JOIN money_reconciliations r ON r.movement_id = m.id
			WHERE m.account_id = a.id AND r.kind <> 'expense'), 0),
		(SELECT s.closing_cents FROM money_bank_statements s WHERE s.account_id = a.id ORDER BY s.end_date DESC, s.created_at DESC LIMIT 1)
		FROM money_accounts a WHERE ` + in + ` ORDER BY a.community_id, a.id`, []any{office}
}
