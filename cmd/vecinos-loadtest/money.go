package main

import (
	"context"
	"fmt"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/loadseed"
	"vecinos/internal/money"
	"vecinos/internal/store"
)

// The money cases of the HTTP workload (issue #36): an owner's statement over 5 years of monthly receipts,
// each paid, and their receipts in 'Mis cuotas', read by the member the load signs in as.

const (
	moneyFirstYear = 2021 // five years of monthly receipts: 2021 to 2025
	moneyYears     = 5
	moneyUnits     = 40 // units added to pay, besides those of the community
)

// seedMoney adds moneyUnits units to the first community, the first owned by owner, shares the
// community's units equally (coeficientes), and issues five years of monthly receipts issued through the money service (the owner's each paid on
// the 5th), then refreshes the statistics; it returns the owner's unit.
func seedMoney(ctx context.Context, engine store.Engine, d *database, c *loadseed.Community, owner string) (string, error) {
	check, err := openCheck(engine, d)
	if err != nil {
		return "", err
	}
	defer check.Close()
	// moneyUnits more units, the first the member's (the members' own units are proposals an admin has
	// not confirmed), then the community's units share it equally, the first taking the odd
	// ten-thousandths.
	unit := ""
	for i := range moneyUnits {
		id := domain.NewID()
		var ownerID any
		if i == 0 {
			unit, ownerID = id, owner
		}
		if _, err := check.ExecContext(ctx, rebindFor(engine, `INSERT INTO units (id, community_id, unit_number, owner_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, 0, 0)`), id, c.ID, fmt.Sprintf("Piso %d", i+1), ownerID); err != nil {
			return "", fmt.Errorf("money units: %w", err)
		}
	}
	ids, err := strs(ctx, check, "SELECT id FROM units WHERE community_id = '"+c.ID+"' AND proposed_by IS NULL ORDER BY id")
	if err != nil {
		return "", fmt.Errorf("money units: %w", err)
	}
	for i, id := range ids {
		share := domain.PercentWhole / int64(len(ids))
		if i == 0 {
			share += domain.PercentWhole % int64(len(ids))
		}
		if _, err := check.ExecContext(ctx, rebindFor(engine, "UPDATE units SET coefficient = ? WHERE id = ?"), share, id); err != nil {
			return "", fmt.Errorf("money units: %w", err)
		}
	}
	db, err := store.Open(ctx, d.url, d.dataDir)
	if err != nil {
		return "", err
	}
	defer db.Close()
	svc := money.New(db, money.Options{Now: func() time.Time { return time.Date(moneyFirstYear+moneyYears, 1, 15, 12, 0, 0, 0, time.UTC) }})
	admin := &domain.Actor{UserID: c.UserIDs[0], CommunityID: c.ID, Role: domain.RoleAdmin}
	if _, err := svc.SaveSettings(ctx, admin, money.Settings{Periodicity: domain.Monthly}); err != nil {
		return "", err
	}
	for year := moneyFirstYear; year < moneyFirstYear+moneyYears; year++ {
		b, err := svc.CreateBudget(ctx, admin, year)
		if err != nil {
			return "", err
		}
		if _, err := svc.SaveBudget(ctx, admin, b.ID, money.BudgetInput{Lines: []domain.BudgetLine{
			{Concept: "Limpieza", GroupID: domain.GeneralGroupID, Amount: 3_600_000},
			{Concept: "Ascensor", GroupID: domain.GeneralGroupID, Amount: 1_234_567}}}); err != nil {
			return "", err
		}
		if _, err := svc.ApproveBudget(ctx, admin, b.ID, fmt.Sprintf("%d-01-10", year)); err != nil {
			return "", err
		}
		for month := 1; month <= 12; month++ {
			g, err := svc.GenerateReceipts(ctx, admin, year, month, "")
			if err != nil {
				return "", err
			}
			for _, r := range g.Receipts {
				if r.UnitID != unit {
					continue
				}
				if _, err := svc.RecordPayment(ctx, admin, r.ID, money.PaymentInput{Amount: r.Amount, Method: domain.PayByTransfer,
					Date: fmt.Sprintf("%d-%02d-05", year, month)}); err != nil {
					return "", err
				}
			}
		}
	}
	// The planner's statistics of what was just written, as autovacuum would gather them (PostgreSQL
	// planned the unit's read through the community's units while its table looked empty).
	return unit, db.Analyze(ctx)
}

// rebindFor turns ? placeholders into PostgreSQL's $n.
func rebindFor(engine store.Engine, q string) string {
	if engine == store.SQLite {
		return q
	}
	out, n := make([]byte, 0, len(q)+16), 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			out = fmt.Appendf(out, "$%d", n)
			continue
		}
		out = append(out, q[i])
	}
	return string(out)
}
