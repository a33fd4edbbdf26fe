package maintenance_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/maintenance"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// fixture is a community of an admin and a resident, the admin of another community, and a service whose
// clock the test moves.
type fixture struct {
	svc                    *maintenance.Service
	db                     *store.DB
	now                    time.Time
	admin, resident, other *domain.Actor
	changes                []string
	audited                []string
}

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	as := storetest.Community(t, db, "Adela Admin", "Rita Residente")
	// Noon in Madrid, so that the community's day and UTC's are the same.
	f := &fixture{db: db, now: time.Date(2027, 3, 15, 11, 0, 0, 0, time.UTC), admin: as[0], resident: as[1],
		other: storetest.Community(t, db, "Olga Otra")[0]}
	f.svc = maintenance.New(db, maintenance.Options{Now: func() time.Time { return f.now }, PublicURL: "https://vecinos.example",
		Changed: func(_, area, _ string) { f.changes = append(f.changes, area) },
		Audit: func(_ context.Context, _ *domain.Actor, c domain.AuditChange) {
			f.audited = append(f.audited, c.Action)
		}})
	return f
}

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func lift(last string) maintenance.Input {
	return maintenance.Input{Name: "Revisión del ascensor", Kind: domain.MaintenanceInspection, PeriodMonths: 24, LastDone: date(last)}
}

// addLift has the admin add the lift's inspection, every 24 months, last done on last.
func (f *fixture) addLift(t *testing.T, last string) *domain.MaintenanceItem {
	t.Helper()
	it, err := f.svc.Create(context.Background(), f.admin, lift(last))
	if err != nil {
		t.Fatal(err)
	}
	return it
}

func wantError(t *testing.T, err error, code domain.Code, text string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != code || !strings.Contains(de.Error(), text) {
		t.Fatalf("got %v, want %s %q", err, code, text)
	}
}

func TestCreateComputesTheNextDueDateAndChecksTheForm(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		it := f.addLift(t, "2025-02-10")
		if got := it.NextDue.Format(time.DateOnly); got != "2027-02-10" {
			t.Errorf("next due %s, want 2027-02-10", got)
		}
		monthly := maintenance.Input{Name: "Limpieza de depósitos", Kind: domain.MaintenanceContract, PeriodMonths: 1, LastDone: date("2027-01-31")}
		if it, err := f.svc.Create(ctx, f.admin, monthly); err != nil || it.NextDue.Format(time.DateOnly) != "2027-02-28" {
			t.Errorf("a month after 31 January: %v %v, want 2027-02-28", it, err)
		}
		for _, c := range []struct {
			edit func(*maintenance.Input)
			want string
		}{
			{func(in *maintenance.Input) { in.Name = "  " }, "El nombre es obligatorio"},
			{func(in *maintenance.Input) { in.Name = strings.Repeat("a", 121) }, "no puede superar los 120 caracteres"},
			{func(in *maintenance.Input) { in.Kind = "weekly" }, "El tipo de mantenimiento no es válido"},
			{func(in *maintenance.Input) { in.PeriodMonths = 0 }, "La periodicidad debe estar entre 1 y 240 meses"},
			{func(in *maintenance.Input) { in.PeriodMonths = 241 }, "La periodicidad debe estar entre 1 y 240 meses"},
			{func(in *maintenance.Input) { in.LastDone = time.Time{} }, "Indica cuándo se hizo por última vez"},
			{func(in *maintenance.Input) { in.LastDone = date("2027-03-16") }, "no puede ser futura"},
			{func(in *maintenance.Input) { p := strings.Repeat("p", 121); in.Provider = &p }, "El nombre de la empresa"},
		} {
			in := lift("2025-02-10")
			c.edit(&in)
			_, err := f.svc.Create(ctx, f.admin, in)
			wantError(t, err, domain.CodeInvalid, c.want)
		}
		_, err := f.svc.Create(ctx, f.resident, lift("2025-02-10"))
		wantError(t, err, domain.CodeForbidden, "Solo los administradores pueden gestionar el mantenimiento")

		list, err := f.svc.List(ctx, f.resident)
		if err != nil || len(list) != 2 || list[0].Name != "Revisión del ascensor" {
			t.Fatalf("the resident's list: %v %v", list, err)
		}
		if list, _ := f.svc.List(ctx, f.other); len(list) != 0 {
			t.Errorf("another community sees %d items", len(list))
		}
		if got := strings.Join(f.audited, " "); got != "maintenance.added maintenance.added" {
			t.Errorf("audited %q", got)
		}
	})
}

func TestMarkDoneMovesTheDueDateAndKeepsTheHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		it := f.addLift(t, "2025-02-10")
		_, err := f.svc.MarkDone(ctx, f.admin, it.ID, date("2027-03-16"), nil)
		wantError(t, err, domain.CodeInvalid, "La fecha de realización no puede ser futura")
		_, err = f.svc.MarkDone(ctx, f.admin, it.ID, date("2025-02-09"), nil)
		wantError(t, err, domain.CodeInvalid, "anterior a la última realización (10/02/2025)")
		_, err = f.svc.MarkDone(ctx, f.resident, it.ID, date("2027-03-15"), nil)
		wantError(t, err, domain.CodeForbidden, "gestionar el mantenimiento")
		_, err = f.svc.MarkDone(ctx, f.other, it.ID, date("2027-03-15"), nil)
		wantError(t, err, domain.CodeNotFound, "Este mantenimiento no existe")

		note := "  Sin incidencias  "
		done, err := f.svc.MarkDone(ctx, f.admin, it.ID, date("2027-03-15"), &note)
		if err != nil {
			t.Fatal(err)
		}
		if got := done.NextDue.Format(time.DateOnly); got != "2029-03-15" {
			t.Errorf("next due %s, want 2029-03-15", got)
		}
		list, _ := f.svc.List(ctx, f.resident)
		h := list[0].History
		if len(h) != 1 || h[0].DoneOn.Format(time.DateOnly) != "2027-03-15" || *h[0].Note != "Sin incidencias" || h[0].DoneByName != "Adela Admin" {
			t.Fatalf("history %+v", h)
		}

		in := lift("2027-03-15")
		in.PeriodMonths, in.Name = 12, "Revisión anual del ascensor"
		edited, err := f.svc.Update(ctx, f.admin, it.ID, in)
		if err != nil || edited.NextDue.Format(time.DateOnly) != "2028-03-15" {
			t.Fatalf("edit: %v %v", edited, err)
		}
		if err := f.svc.Delete(ctx, f.other, it.ID); err == nil {
			t.Error("another community's admin deleted the item")
		}
		if err := f.svc.Delete(ctx, f.admin, it.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := f.svc.List(ctx, f.admin); len(list) != 0 {
			t.Errorf("%d items after the delete", len(list))
		}
		if got := strings.Join(f.audited, " "); got != "maintenance.added maintenance.done maintenance.edited maintenance.deleted" {
			t.Errorf("audited %q", got)
		}
		if len(f.changes) != 4 || f.changes[0] != maintenance.Area {
			t.Errorf("changes %v", f.changes)
		}
	})
}

// outbox lists the subjects of the emails queued to the community's admin, oldest first.
func (f *fixture) outbox(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range storetest.Rows(t, f.db, `SELECT o.subject FROM mail_outbox o JOIN users u ON u.email = o.to_addr
		WHERE u.id = '`+f.admin.UserID+`' ORDER BY o.created_at, o.subject`) {
		out = append(out, r[0])
	}
	return out
}

func TestSettleRemindsTheAdminsOncePerDueDate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		// Due on 2027-04-20: 36 days ahead, then in its last 30 days, then overdue.
		it := f.addLift(t, "2025-04-20")
		settle := func() {
			t.Helper()
			if err := f.svc.Settle(ctx, f.now); err != nil {
				t.Fatal(err)
			}
		}
		settle()
		if got := f.outbox(t); len(got) != 0 {
			t.Fatalf("36 days ahead: %v", got)
		}
		f.now = time.Date(2027, 3, 21, 11, 0, 0, 0, time.UTC) // 30 days ahead
		settle()
		settle()
		if got := f.outbox(t); len(got) != 1 || got[0] != "Mantenimiento próximo: Revisión del ascensor" {
			t.Fatalf("in its last 30 days, settled twice: %v", got)
		}
		f.now = time.Date(2027, 4, 21, 11, 0, 0, 0, time.UTC)
		settle()
		settle()
		if got := f.outbox(t); len(got) != 2 || got[1] != "Mantenimiento vencido: Revisión del ascensor" {
			t.Fatalf("overdue, settled twice: %v", got)
		}
		// Done: a new due date two years on, with reminders of its own when it comes.
		if _, err := f.svc.MarkDone(ctx, f.admin, it.ID, date("2027-04-21"), nil); err != nil {
			t.Fatal(err)
		}
		settle()
		if got := f.outbox(t); len(got) != 2 {
			t.Fatalf("after it was done: %v", got)
		}
		f.now = time.Date(2029, 5, 1, 11, 0, 0, 0, time.UTC)
		settle()
		if got := f.outbox(t); len(got) != 3 || got[2] != "Mantenimiento vencido: Revisión del ascensor" {
			t.Fatalf("the next due date, overdue at once: %v", got)
		}
		if n := len(storetest.Rows(t, db, "SELECT 1 FROM mail_outbox o JOIN users u ON u.email = o.to_addr WHERE u.id = '"+f.resident.UserID+"'")); n != 0 {
			t.Errorf("the resident got %d reminders", n)
		}
	})
}
