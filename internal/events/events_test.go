package events_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/events"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func TestEventsRulesAndFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := events.New(db, events.Options{PublicURL: "https://vecinos.example"})
		m := storetest.Community(t, db, "Ana Admin", "Bruno", "Carmen")
		admin, bruno, carmen := m[0], m[1], m[2]
		other := storetest.Community(t, db, "Otra")[0]
		day := time.Date(2031, 5, 10, 18, 0, 0, 0, time.UTC)

		if _, err := svc.Create(ctx, &domain.Actor{UserID: bruno.UserID}, events.Input{Title: "x", StartAt: day}); domain.ErrorMessage(err) != "No tienes una comunidad asignada" {
			t.Fatalf("no community: %v", err)
		}
		for _, c := range []struct {
			in  events.Input
			msg string
		}{
			{events.Input{Title: " ", StartAt: day}, "El título es obligatorio"},
			{events.Input{Title: "Junta"}, "La fecha y la hora de inicio son obligatorias"},
			{events.Input{Title: "Junta", StartAt: day, EndAt: ptr(day.Add(-time.Minute))}, "La hora de fin no puede ser anterior a la de inicio"},
		} {
			if _, err := svc.Create(ctx, bruno, c.in); domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) != c.msg {
				t.Errorf("%+v: %v, want %q", c.in, err, c.msg)
			}
		}
		junta, err := svc.Create(ctx, bruno, events.Input{Title: "Junta de propietarios", Description: ptr("Orden del día: cuentas"), StartAt: day, EndAt: ptr(day.Add(2 * time.Hour))})
		if err != nil {
			t.Fatal(err)
		}
		if junta.Status != domain.EventScheduled || junta.CreatedByName != "Bruno" || !junta.StartAt.Equal(day) {
			t.Fatalf("created %+v", junta)
		}
		if _, err := svc.Create(ctx, carmen, events.Input{Title: "Limpieza de la piscina", StartAt: day.Add(-48 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		fiesta, err := svc.Create(ctx, admin, events.Input{Title: "Fiesta de San Juan", Location: ptr("Jardín"), StartAt: day.Add(30 * 24 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Create(ctx, other, events.Input{Title: "Junta de otra comunidad", StartAt: day}); err != nil {
			t.Fatal(err)
		}
		list := func(in events.ListInput) []string {
			t.Helper()
			evs, err := svc.List(ctx, carmen, in)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, e := range evs {
				out = append(out, e.Title)
			}
			return out
		}
		for name, c := range map[string]struct {
			in   events.ListInput
			want []string
		}{
			"all, by start": {events.ListInput{}, []string{"Limpieza de la piscina", "Junta de propietarios", "Fiesta de San Juan"}},
			"from":          {events.ListInput{From: &day}, []string{"Junta de propietarios", "Fiesta de San Juan"}},
			"to":            {events.ListInput{To: &day}, []string{"Limpieza de la piscina"}},
			"createdBy":     {events.ListInput{CreatedBy: admin.UserID}, []string{"Fiesta de San Juan"}},
			"search":        {events.ListInput{Query: "DÍA"}, []string{"Junta de propietarios"}},
			"status":        {events.ListInput{Status: domain.EventCompleted}, nil},
		} {
			if got := list(c.in); !slices.Equal(got, c.want) {
				t.Errorf("%s: %q, want %q", name, got, c.want)
			}
		}
		if _, err := svc.Update(ctx, carmen, junta.ID, events.Patch{Title: ptr("Mía")}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("non-creator edit: %v", err)
		}
		if _, err := svc.Update(ctx, other, junta.ID, events.Patch{Title: ptr("Mía")}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("outsider edit: %v", err)
		}
		got, err := svc.Update(ctx, admin, junta.ID, events.Patch{Status: ptr(domain.EventCompleted), ClearEnd: true})
		if err != nil || got.Status != domain.EventCompleted || got.EndAt != nil {
			t.Fatalf("admin edit: %+v %v", got, err)
		}
		if _, err := svc.Update(ctx, bruno, junta.ID, events.Patch{EndAt: ptr(day.Add(-time.Hour))}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("end before start: %v", err)
		}
		if err := svc.Delete(ctx, admin, fiesta.ID); err != nil {
			t.Fatal(err)
		}
		if got := list(events.ListInput{}); slices.Contains(got, "Fiesta de San Juan") {
			t.Fatalf("deleted event listed: %q", got)
		}
		if got := list(events.ListInput{IncludeDeleted: true}); !slices.Contains(got, "Fiesta de San Juan") {
			t.Fatalf("includeDeleted: %q", got)
		}
	})
}

func TestCalendarFeedTokens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := events.New(db, events.Options{PublicURL: "https://vecinos.example/"})
		m := storetest.Community(t, db, "Ana", "Bruno")
		if _, err := svc.Create(ctx, m[0], events.Input{Title: "Junta", StartAt: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if at, err := svc.FeedStatus(ctx, m[1]); err != nil || at != nil {
			t.Fatalf("status before: %v %v", at, err)
		}
		url, err := svc.CreateFeed(ctx, m[1])
		if err != nil || !strings.HasPrefix(url, "https://vecinos.example/calendar/feed.ics?token=") {
			t.Fatalf("url %q, %v", url, err)
		}
		token := strings.TrimPrefix(url, "https://vecinos.example/calendar/feed.ics?token=")
		body, err := svc.Feed(ctx, token)
		if err != nil || !strings.Contains(string(body), "SUMMARY:Junta\r\n") {
			t.Fatalf("feed %q, %v", body, err)
		}
		url2, err := svc.CreateFeed(ctx, m[1])
		if err != nil || url2 == url {
			t.Fatalf("rotate: %q %v", url2, err)
		}
		if _, err := svc.Feed(ctx, token); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("rotated token still works: %v", err)
		}
		if err := svc.RevokeFeed(ctx, m[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Feed(ctx, strings.TrimPrefix(url2, "https://vecinos.example/calendar/feed.ics?token=")); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("revoked token still works: %v", err)
		}
	})
}

func TestICalendarFormat(t *testing.T) {
	start := time.Date(2031, 5, 10, 18, 30, 0, 0, time.FixedZone("CEST", 2*3600))
	end := start.Add(90 * time.Minute)
	now := time.Date(2031, 5, 1, 9, 0, 0, 0, time.UTC)
	long := strings.Repeat("Reunión de la comunidad ", 8)
	evs := []domain.Event{
		{ID: "e1", Title: "Junta; ordinaria, 2031", Description: ptr("Línea 1\nLínea 2 \\ fin\r\n" + long), Location: ptr("Portal 1, bajo"),
			StartAt: start, EndAt: &end, UpdatedAt: now},
		{ID: "e2", Title: "Sin fin", StartAt: start, UpdatedAt: now},
	}
	out := string(events.ICalendar("Comunidad Alcalá, 12", "Europe/Madrid", evs, now))
	if !strings.HasPrefix(out, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") || !strings.HasSuffix(out, "END:VCALENDAR\r\n") {
		t.Fatalf("envelope:\n%s", out)
	}
	if strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\n") || strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\r") {
		t.Fatal("bare LF or CR in the output")
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets: %q", len(line), line)
		}
		if !strings.HasPrefix(line, " ") && !strings.Contains(line, ":") {
			t.Errorf("not a content line: %q", line)
		}
	}
	unfolded := strings.ReplaceAll(out, "\r\n ", "")
	for _, want := range []string{
		"X-WR-CALNAME:Comunidad Alcalá\\, 12\r\n", "X-WR-TIMEZONE:Europe/Madrid\r\n",
		"UID:e1@vecinos\r\n", "DTSTAMP:20310501T090000Z\r\n",
		"DTSTART:20310510T163000Z\r\n", "DTEND:20310510T180000Z\r\n",
		"SUMMARY:Junta\\; ordinaria\\, 2031\r\n",
		"DESCRIPTION:Línea 1\\nLínea 2 \\\\ fin\\n" + long + "\r\n",
		"LOCATION:Portal 1\\, bajo\r\n",
		"UID:e2@vecinos\r\n", "DTEND:20310510T173000Z\r\n", // no end: one hour
	} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Count(out, "BEGIN:VEVENT\r\n") != 2 || strings.Count(out, "END:VEVENT\r\n") != 2 {
		t.Errorf("want two VEVENTs:\n%s", out)
	}
}
