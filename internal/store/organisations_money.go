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

// add appends sql and the arguments it binds.
func (q *sqlQuery) add(sql string, args ...any) {
	q.q += sql
	q.args = append(q.args, args...)
}

// inCommunities is "community_id IN (?, …)" and its arguments.
func inCommunities(column string, communityIDs []string) (string, []any) {
	args := make([]any, len(communityIDs))
	for i, id := range communityIDs {
		args[i] = id
	}
	return column + " IN (" + placeholders(len(communityIDs)) + ")", args
}

// OfficeMoney reads the money of the communities orgID runs, in one statement: for each, the unpaid part
// of its receipts due before dueBefore (or, for those in except, before their own date) and how many units
// owe it (communities that owe nothing are left out), and what the books and the bank say of each of its
// accounts.
func (db *DB) OfficeMoney(ctx context.Context, orgID, dueBefore string, except map[string]string) (map[string]domain.Debt, []domain.AccountBalance, error) {
	debts, balances := map[string]domain.Debt{}, []domain.AccountBalance{}
	q := officeMoneyQuery(orgID, dueBefore, except)
	_, err := queryAll(ctx, db.readerIn(ctx), func(s scanner) (struct{}, error) {
		var kind int
		var b domain.AccountBalance
		if err := s.Scan(&kind, &b.CommunityID, &b.AccountID, &b.Opening, &b.Paid, &b.Reconciled, &b.Bank); err != nil {
			return struct{}{}, err
		}
		if kind == 0 { // a debt: what is owed and by how many units
			debts[b.CommunityID] = domain.Debt{Owed: b.Opening, Units: int(b.Paid)}
		} else {
			balances = append(balances, b)
		}
		return struct{}{}, nil
	}, q.q, q.args...)
	return debts, balances, err
}

// officeMoneyQuery is OfficeMoney's statement: the debts (0) and the accounts (1), each row as an account's
// columns (a debt's amount and units in the first two sums).
func officeMoneyQuery(orgID, dueBefore string, except map[string]string) sqlQuery {
	debts, args := debtsQuery(orgID, dueBefore, except)
	balances, balanceArgs := accountBalancesQuery(orgID)
	return sqlQuery{debts + " UNION ALL " + balances, append(args, balanceArgs...)}
}

// debtsQuery is the debts of the office's communities: those outside except by dueBefore, those of except
// grouped by their date. The communities that share a date share one condition, through the open
// receipts' index.
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
	return `SELECT 0, community_id, '', SUM(amount_cents - paid_cents), COUNT(DISTINCT unit_id), 0, NULL FROM money_receipts
		WHERE paid_cents < amount_cents AND (` + strings.Join(conds, " OR ") + `) GROUP BY community_id`, args
}

// accountBalancesQuery is the accounts of the office's communities: each account's sums through its own
// indexes.
func accountBalancesQuery(orgID string) (string, []any) {
	in, office := inOffice("a.community_id", orgID)
	return `SELECT 1, a.community_id, a.id, a.opening_cents,
		COALESCE((SELECT SUM(p.amount_cents) FROM money_expense_payments p WHERE p.account_id = a.id), 0),
		COALESCE((SELECT SUM(m.amount_cents) FROM money_bank_movements m JOIN money_reconciliations r ON r.movement_id = m.id
			WHERE m.account_id = a.id AND r.kind <> 'expense'), 0),
		(SELECT s.closing_cents FROM money_bank_statements s WHERE s.account_id = a.id ORDER BY s.end_date DESC, s.created_at DESC LIMIT 1)
		FROM money_accounts a WHERE ` + in, []any{office}
}
