package store_test

import (
	"context"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func day(s string) time.Time {
	d, _ := time.Parse(time.DateOnly, s)
	return d
}

// The list is the community's only, soonest due first with each item's history; a reminder is recorded
// once per item, due date and stage, and the due list leaves out what was already sent.
func TestMaintenanceListDueAndRemindersOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Ana")
		other, _ := storetest.CommunityIDs(t, db, "Olga")
		now := time.Now().UTC().Truncate(time.Millisecond)
		add := func(community, name, next string) *domain.MaintenanceItem {
			it := &domain.MaintenanceItem{ID: domain.NewID(), CommunityID: community, Name: name, Kind: domain.MaintenanceInspection,
				PeriodMonths: 12, LastDone: day(next).AddDate(-1, 0, 0), NextDue: day(next), CreatedAt: now, UpdatedAt: now}
			if err := db.InsertMaintenanceItem(ctx, it); err != nil {
				t.Fatal(err)
			}
			return it
		}
		late := add(c, "Extintores", "2027-05-01")
		soon := add(c, "Ascensor", "2027-04-01")
		add(other, "Otra", "2027-04-02")
		done := &domain.MaintenanceDone{ID: domain.NewID(), ItemID: soon.ID, DoneOn: day("2026-04-01"), DoneBy: &m[0], CreatedAt: now}
		if err := db.InsertMaintenanceDone(ctx, c, done); err != nil {
			t.Fatal(err)
		}
		list, err := db.MaintenanceItems(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != soon.ID || list[1].ID != late.ID {
			t.Fatalf("list %+v", list)
		}
		if h := list[0].History; len(h) != 1 || h[0].DoneByName != "Ana" || !h[0].DoneOn.Equal(day("2026-04-01")) {
			t.Errorf("history %+v", h)
		}
		err = db.InTx(ctx, func(ctx context.Context) error {
			it, err := db.MaintenanceItemForUpdate(ctx, other, soon.ID)
			if it != nil || err != nil {
				t.Errorf("another community's lock: %v %v", it, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}

		due, err := db.DueMaintenance(ctx, day("2027-03-20"), day("2027-04-20"))
		if err != nil || len(due) != 2 || due[0].ItemID != soon.ID || due[0].CommunityName != "Comunidad Ana" {
			t.Fatalf("due %+v %v", due, err)
		}
		for i, want := range []bool{true, false} {
			if first, err := db.RecordMaintenanceReminder(ctx, soon.ID, soon.NextDue, "soon", now); err != nil || first != want {
				t.Fatalf("record %d: %v %v, want %v", i, first, err, want)
			}
		}
		due, _ = db.DueMaintenance(ctx, day("2027-03-20"), day("2027-04-20"))
		if len(due) != 1 || due[0].CommunityID != other {
			t.Errorf("due after the reminder: %+v", due)
		}
		// Overdue is another stage: it is due again.
		if due, _ = db.DueMaintenance(ctx, day("2027-04-05"), day("2027-05-05")); len(due) != 3 {
			t.Errorf("due once overdue: %+v", due)
		}
	})
}
