package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A resident's chat page and a booking's check of what is held read through indexes on both engines (on
// PostgreSQL with sequential scans priced out, as on large tables): the page walks its channel's
// messages backwards by id, the check counts the unit's month and finds the overlaps through the
// facility's.
func TestResidentPlans(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		from := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		plans, err := db.ResidentPlansForTest(context.Background(), "community", "user", "channel", "facility", "unit", "2026-12", from, from.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		page, held := plans[0], plans[1]
		if !strings.Contains(page, "messages_channel") || strings.Contains(page, "Seq Scan on messages") || sqliteScan.MatchString(page) {
			t.Errorf("the chat page does not read its channel through messages_channel:\n%s", page)
		}
		// The count through the unit's month; the overlaps through an index that leads with the facility
		// (reservations_facility on a filled table; on an empty one PostgreSQL may take the quota's).
		if !strings.Contains(held, "reservations_quota") {
			t.Errorf("the booking's check does not count through reservations_quota:\n%s", held)
		}
		if strings.Contains(held, "Seq Scan on reservations") || strings.Contains(held, "SCAN reservations") || strings.Contains(held, "SCAN o\n") {
			t.Errorf("the booking's check scans the reservations:\n%s", held)
		}
		for _, p := range plans {
			t.Log(p)
		}
	})
}

// The dashboard's statement reads each count through an index on both engines (on PostgreSQL with
// sequential scans priced out, as on large tables) and the member's read receipts once; on PostgreSQL it
// keeps the generic plan of its prepared statement after the five custom plans PostgreSQL tries first:
// planning its seven counts on every request was two thirds of PostgreSQL's CPU for a dashboard.
func TestDashboardPlans(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		plan, err := db.DashboardPlanForTest(ctx, "community", "user", now, now.Add(-7*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		t.Log(plan)
		if strings.Contains(plan, "Seq Scan") || sqliteScan.MatchString(plan) {
			t.Errorf("the dashboard's statement scans a table:\n%s", plan)
		}
		// The member's read receipts are read once and looked up, not read again for each announcement.
		if !strings.Contains(plan, "NOT (hashed SubPlan") && !strings.Contains(plan, "LIST SUBQUERY") {
			t.Errorf("the unread announcements do not look the receipts up in one list:\n%s", plan)
		}
		if db.Engine() != store.Postgres {
			return
		}
		generic, custom, err := db.DashboardGenericPlansForTest(ctx, "community", "user", now, now.Add(-7*24*time.Hour), 10)
		if err != nil {
			t.Fatal(err)
		}
		if generic < 5 {
			t.Errorf("PostgreSQL planned the dashboard's statement anew on %d of 10 runs (generic plan on %d)", custom, generic)
		}
	})
}
