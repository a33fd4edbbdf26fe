package incidents_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/incidents"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func titles(items []domain.Incident) []string {
	var out []string
	for _, in := range items {
		out = append(out, in.Title)
	}
	slices.Sort(out)
	return out
}

func TestListFiltersAndSearch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := incidents.New(db, incidents.Options{})
		m := storetest.Community(t, db, "Ana Admin", "Bruno Vecino", "Carmen Vecina")
		admin, bruno, carmen := m[0], m[1], m[2]
		other := storetest.Community(t, db, "Otra Admin")[0]
		create := func(a *domain.Actor, title, desc string, assignee *domain.Actor, prio domain.Priority, status domain.IncidentStatus) *domain.Incident {
			t.Helper()
			in, err := svc.Create(ctx, a, incidents.Input{Title: title, Description: desc, AssignedTo: assignee.UserID, Priority: prio, Status: status})
			if err != nil {
				t.Fatal(err)
			}
			return in
		}
		create(bruno, "Fuga de AGUA", "En el garaje", carmen, domain.PriorityHigh, "")
		create(carmen, "Fuga de água", "Portal 2", bruno, "", domain.IncidentInProgress)
		create(admin, "Ruido", "Un camion aparcado toda la noche", admin, domain.PriorityLow, domain.IncidentResolved)
		pct := create(bruno, "50% de descuento_en la cuota", "Un error", admin, "", "")
		create(other, "Fuga de agua en otra comunidad", "No debe verse", other, "", "")

		list := func(a *domain.Actor, in incidents.ListInput) []string {
			t.Helper()
			p, err := svc.List(ctx, a, in)
			if err != nil {
				t.Fatal(err)
			}
			return titles(p.Items)
		}
		for name, c := range map[string]struct {
			in   incidents.ListInput
			want []string
		}{
			"all":          {incidents.ListInput{}, []string{"50% de descuento_en la cuota", "Fuga de AGUA", "Fuga de água", "Ruido"}},
			"agua":         {incidents.ListInput{Query: "agua"}, []string{"Fuga de AGUA", "Fuga de água"}},
			"ÁGUA":         {incidents.ListInput{Query: " ÁGUA "}, []string{"Fuga de AGUA", "Fuga de água"}},
			"camión":       {incidents.ListInput{Query: "camión"}, []string{"Ruido"}},
			"percent":      {incidents.ListInput{Query: "%"}, []string{"50% de descuento_en la cuota"}},
			"underscore":   {incidents.ListInput{Query: "o_e"}, []string{"50% de descuento_en la cuota"}},
			"no wildcards": {incidents.ListInput{Query: "f_ga"}, nil},
			"status":       {incidents.ListInput{Status: domain.IncidentOpen}, []string{"50% de descuento_en la cuota", "Fuga de AGUA"}},
			"priority":     {incidents.ListInput{Priority: domain.PriorityMedium}, []string{"50% de descuento_en la cuota", "Fuga de água"}},
			"assignedTo":   {incidents.ListInput{AssignedTo: admin.UserID}, []string{"50% de descuento_en la cuota", "Ruido"}},
			"createdBy":    {incidents.ListInput{CreatedBy: bruno.UserID}, []string{"50% de descuento_en la cuota", "Fuga de AGUA"}},
			"combined":     {incidents.ListInput{CreatedBy: bruno.UserID, Query: "agua", Status: domain.IncidentOpen}, []string{"Fuga de AGUA"}},
		} {
			if got := list(carmen, c.in); !slices.Equal(got, c.want) {
				t.Errorf("%s: got %q, want %q", name, got, c.want)
			}
		}
		// Mine: created by or assigned to the caller.
		if got := list(bruno, incidents.ListInput{Mine: true}); !slices.Equal(got, []string{"50% de descuento_en la cuota", "Fuga de AGUA", "Fuga de água"}) {
			t.Errorf("mine: %q", got)
		}
		// Soft delete hides unless asked for.
		if err := svc.Delete(ctx, bruno, pct.ID); err != nil {
			t.Fatal(err)
		}
		if got := list(carmen, incidents.ListInput{Query: "%"}); got != nil {
			t.Errorf("deleted incident listed: %q", got)
		}
		p, err := svc.List(ctx, carmen, incidents.ListInput{Query: "%", IncludeDeleted: true})
		if err != nil || len(p.Items) != 1 || p.Items[0].DeletedAt == nil {
			t.Fatalf("includeDeleted: %+v, %v", p, err)
		}
		// Another community sees only its own.
		if got := list(other, incidents.ListInput{Query: "agua"}); !slices.Equal(got, []string{"Fuga de agua en otra comunidad"}) {
			t.Errorf("other community: %q", got)
		}
		if _, err := svc.Get(ctx, other, pct.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("cross-community get: %v", err)
		}
	})
}

func TestKeysetPaginationReturnsEveryItemOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := incidents.New(db, incidents.Options{})
		m := storetest.Community(t, db, "Ana", "Bruno")
		base := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
		var batch []domain.Incident
		for i := range 57 {
			at := base.Add(time.Duration(i/3) * time.Second) // three incidents share each timestamp
			batch = append(batch, domain.Incident{ID: domain.NewID(), CommunityID: m[0].CommunityID, Title: fmt.Sprintf("Incidencia %d", i),
				Description: "d", Priority: domain.PriorityMedium, Status: domain.IncidentOpen, CreatedBy: &m[i%2].UserID,
				AssignedTo: &m[0].UserID, CreatedAt: at, UpdatedAt: at})
		}
		if err := db.CreateIncidents(ctx, batch); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		var order []domain.Incident
		cursor, pages := "", 0
		for {
			p, err := svc.List(ctx, m[1], incidents.ListInput{Limit: 10, Cursor: cursor})
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, in := range p.Items {
				if seen[in.ID] {
					t.Fatalf("incident %s on two pages", in.Title)
				}
				seen[in.ID] = true
				order = append(order, in)
			}
			if p.NextCursor == "" {
				break
			}
			cursor = p.NextCursor
		}
		if len(seen) != 57 || pages != 6 {
			t.Fatalf("%d incidents in %d pages, want 57 in 6", len(seen), pages)
		}
		for i := 1; i < len(order); i++ {
			a, b := order[i-1], order[i]
			if a.CreatedAt.Before(b.CreatedAt) || (a.CreatedAt.Equal(b.CreatedAt) && a.ID < b.ID) {
				t.Fatalf("not newest first at %d: %s then %s", i, a.Title, b.Title)
			}
		}
		if _, err := svc.List(ctx, m[1], incidents.ListInput{Cursor: "!!nope"}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("bad cursor: %v", err)
		}
	})
}

func TestValidationAssigneeAndHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := incidents.New(db, incidents.Options{})
		m := storetest.Community(t, db, "Ana Admin", "Bruno Vecino", "Carmen Vecina")
		admin, bruno, carmen := m[0], m[1], m[2]
		outsider := storetest.Community(t, db, "Otra")[0]
		for _, c := range []struct {
			in   incidents.Input
			code domain.Code
			msg  string
		}{
			{incidents.Input{Title: " ", Description: "d", AssignedTo: bruno.UserID}, domain.CodeInvalid, "El título es obligatorio"},
			{incidents.Input{Title: "t", Description: "", AssignedTo: bruno.UserID}, domain.CodeInvalid, "La descripción es obligatoria"},
			{incidents.Input{Title: "t", Description: "d"}, domain.CodeInvalid, "Debes asignar la incidencia a un miembro"},
			{incidents.Input{Title: "t", Description: "d", AssignedTo: outsider.UserID}, domain.CodeInvalid, "El miembro asignado no pertenece a tu comunidad"},
			{incidents.Input{Title: "t", Description: "d", AssignedTo: "no-such-user"}, domain.CodeInvalid, "El miembro asignado no pertenece a tu comunidad"},
			{incidents.Input{Title: "t", Description: "d", AssignedTo: bruno.UserID, ImageURL: ptr("javascript:alert(1)")}, domain.CodeInvalid, "La dirección de la imagen no es válida"},
		} {
			_, err := svc.Create(ctx, bruno, c.in)
			if domain.ErrorCode(err) != c.code || domain.ErrorMessage(err) != c.msg {
				t.Errorf("create %+v: %v, want %s %q", c.in, err, c.code, c.msg)
			}
		}
		in, err := svc.Create(ctx, bruno, incidents.Input{Title: "Ascensor parado", Description: "No funciona", AssignedTo: carmen.UserID, Location: ptr("  ")})
		if err != nil {
			t.Fatal(err)
		}
		if in.Status != domain.IncidentOpen || in.Priority != domain.PriorityMedium || in.Location != nil ||
			in.CreatedByName != "Bruno Vecino" || in.AssignedToName != "Carmen Vecina" {
			t.Fatalf("created %+v", in)
		}
		if _, err := svc.Update(ctx, carmen, in.ID, incidents.Patch{Status: ptr(domain.IncidentResolved)}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("assignee (not creator) edits: %v", err)
		}
		if _, err := svc.Update(ctx, bruno, in.ID, incidents.Patch{AssignedTo: &outsider.UserID}); domain.ErrorMessage(err) != "El miembro asignado no pertenece a tu comunidad" {
			t.Fatalf("reassign outside: %v", err)
		}
		if _, err := svc.Update(ctx, bruno, in.ID, incidents.Patch{Status: ptr(domain.IncidentInProgress), Title: ptr("Ascensor parado (portal 1)")}); err != nil {
			t.Fatal(err)
		}
		got, err := svc.Update(ctx, admin, in.ID, incidents.Patch{Status: ptr(domain.IncidentResolved)})
		if err != nil || got.Status != domain.IncidentResolved || got.Title != "Ascensor parado (portal 1)" {
			t.Fatalf("admin update: %+v %v", got, err)
		}
		if _, err := svc.Update(ctx, admin, in.ID, incidents.Patch{Priority: ptr(domain.PriorityHigh)}); err != nil { // no status change
			t.Fatal(err)
		}
		d, err := svc.Get(ctx, carmen, in.ID)
		if err != nil {
			t.Fatal(err)
		}
		type step struct{ from, to, by string }
		var steps []step
		for _, h := range d.History {
			from := ""
			if h.From != nil {
				from = string(*h.From)
			}
			steps = append(steps, step{from, string(h.To), h.ChangedByName})
		}
		want := []step{{"", "open", "Bruno Vecino"}, {"open", "in_progress", "Bruno Vecino"}, {"in_progress", "resolved", "Ana Admin"}}
		if !slices.Equal(steps, want) {
			t.Fatalf("history %+v, want %+v", steps, want)
		}
		if err := svc.Delete(ctx, carmen, in.ID); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("non-creator delete: %v", err)
		}
		if err := svc.Delete(ctx, bruno, in.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Update(ctx, bruno, in.ID, incidents.Patch{Title: ptr("x")}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("edit deleted: %v", err)
		}
		if err := svc.Delete(ctx, outsider, in.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("outsider delete: %v", err)
		}
	})
}

func TestSearchTextNormalization(t *testing.T) {
	for in, want := range map[string]string{
		"Fuga de AGUA":     "fuga de agua",
		"Fuga de água":     "fuga de agua",
		"CAMIÓN  en\tla\n": "camion en la",
		"Añil, pingüino":   "anil, pinguino",
	} {
		if got := domain.SearchText(in); got != want {
			t.Errorf("SearchText(%q) = %q, want %q", in, got, want)
		}
	}
}
