package money

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestMyCuotasAreTheCommunitysCuotas: 'Mis cuotas' reads only the units' ids and coeficientes and the
// budget's groups (docs/adr/0044), yet each owner's cuotas are exactly their units' among every unit's
// cuotas: over General, a percentage, an equal and a fixed group, with equal coeficientes whose odd cents
// go by the registry's order (not the units' ids), and a group outside the budget. A budget group that
// cannot be used still leaves every owner without cuotas.
func TestMyCuotasAreTheCommunitysCuotas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		actors := storetest.Community(t, db, "Pilar Presidenta", "Ana", "Bea", "Carlos")
		admin, owners := actors[0], actors[1:]
		svc := New(db, Options{Now: func() time.Time { return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) }})
		// Seven units inserted from 7 down to 1, so the registry's order is the reverse of the ids'; six
		// of 142857 ten-thousandths and one of 142858.
		units := map[int]string{}
		for n := 7; n >= 1; n-- {
			units[n] = domain.NewID()
			storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, coefficient, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0)",
				units[n], admin.CommunityID, fmt.Sprintf("%d", n), 142857+int64(n/7))
		}
		for n, owner := range map[int]*domain.Actor{1: owners[0], 5: owners[0], 3: owners[1], 7: owners[2]} {
			storetest.Exec(t, db, "UPDATE units SET owner_id = $1 WHERE id = $2", owner.UserID, units[n])
		}
		group := func(name string, m domain.ShareMethod, shares map[int]int64) string {
			in := GroupInput{Name: name, Method: m}
			for n, w := range shares {
				in.Shares = append(in.Shares, domain.GroupShare{UnitID: units[n], Weight: w})
			}
			g, err := svc.CreateGroup(ctx, admin, in)
			if err != nil {
				t.Fatal(err)
			}
			return g.ID
		}
		lift := group("Ascensor", domain.ByPercentage, map[int]int64{1: 333333, 2: 333333, 4: 333334})
		garages := group("Garajes", domain.ByEqualParts, map[int]int64{3: 0, 4: 0, 6: 0})
		shop := group("Local", domain.ByFixedAmount, map[int]int64{7: 12345})
		group("Terraza", domain.ByCoefficient, map[int]int64{2: 0, 6: 0})
		if _, err := svc.SaveSettings(ctx, admin, Settings{Periodicity: domain.Monthly}); err != nil {
			t.Fatal(err)
		}
		b, err := svc.CreateBudget(ctx, admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SaveBudget(ctx, admin, b.ID, BudgetInput{Lines: []domain.BudgetLine{
			{Concept: "Limpieza", GroupID: domain.GeneralGroupID, Amount: 1_000_001},
			{Concept: "Ascensor", GroupID: lift, Amount: 100_001},
			{Concept: "Garajes", GroupID: garages, Amount: 50_000},
			{Concept: "Local", GroupID: shop, Amount: 12345}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ApproveBudget(ctx, admin, b.ID, "2026-01-10"); err != nil {
			t.Fatal(err)
		}

		// The store: the weights are MoneyUnits' units, in its order.
		full, err := db.MoneyUnits(ctx, admin.CommunityID)
		if err != nil {
			t.Fatal(err)
		}
		weights, err := db.MoneyUnitWeights(ctx, admin.CommunityID)
		if err != nil {
			t.Fatal(err)
		}
		if len(weights) != len(full) {
			t.Fatalf("%d units by weight, %d units", len(weights), len(full))
		}
		for i, u := range full {
			if w := weights[i]; w.ID != u.ID || *w.Coefficient != *u.Coefficient {
				t.Errorf("unit %d: %+v, want %s %d", i, w, u.ID, *u.Coefficient)
			}
		}

		all, err := svc.YearCuotas(ctx, admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		for _, owner := range owners {
			var want []UnitCuota
			for _, c := range all.Units {
				if c.Unit.OwnerID != nil && *c.Unit.OwnerID == owner.UserID {
					want = append(want, c)
				}
			}
			m, err := svc.MyMoney(ctx, owner, 2026)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) == 0 || !reflect.DeepEqual(m.Cuotas.Units, want) {
				t.Errorf("%s's cuotas:\n%+v\nwant\n%+v", owner.UserID, m.Cuotas.Units, want)
			}
		}

		// The shop's fixed amount no longer matches its line: nobody has cuotas, Ana (not in it) neither.
		storetest.Exec(t, db, "UPDATE money_group_units SET weight = 12346 WHERE group_id = $1", shop)
		if _, err := svc.YearCuotas(ctx, admin, 2026); domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("every unit's cuotas: %v", err)
		}
		if m, err := svc.MyMoney(ctx, owners[0], 2026); err != nil || len(m.Cuotas.Units) != 0 {
			t.Errorf("Ana's cuotas with an unusable group: %+v, %v", m, err)
		}
	})
}
