package httpapi_test

import (
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestTasksPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		task := c.admin.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "Limpiar el portal", "assignee": "cleaning"}, 201)
		if task["status"] != "pending" || task["priority"] != "medium" || task["recurrence"] != "none" || task["createdBy"] != c.adminID {
			t.Fatalf("created %v", task)
		}
		path := "/api/v1/tasks/" + task["id"].(string)
		editor := "/api/v1/tasks/editors/" + c.neighbourID
		// Anonymous callers and users without a community: refused by the route (route_access_test.go).
		// Another community never learns it exists, even as the admin of their own.
		for _, m := range []string{"GET", "PATCH", "DELETE"} {
			if p := c.outsider.must(t, m, path, map[string]any{"title": "x"}, 404); p["code"] != "not_found" {
				t.Errorf("outsider %s: %v", m, p)
			}
		}
		c.outsider.must(t, "PUT", editor, nil, 404)
		if len(items(c.outsider.must(t, "GET", "/api/v1/tasks", nil, 200))) != 0 {
			t.Error("outsider lists it")
		}
		// Members read; they may not create or edit until an admin allows them.
		if len(items(c.neighbour.must(t, "GET", "/api/v1/tasks", nil, 200))) != 1 {
			t.Error("a member does not list the task")
		}
		if s := c.neighbour.must(t, "GET", "/api/v1/tasks/summary", nil, 200); s["canManage"] != false || s["pending"] != float64(1) {
			t.Errorf("member summary %v", s)
		}
		const refused = "Solo un administrador o un miembro autorizado puede gestionar las tareas"
		obDetail(t, c.neighbour, "POST", "/api/v1/tasks", map[string]any{"title": "x", "assignee": "janitor"}, 403, "forbidden", refused)
		obDetail(t, c.neighbour, "PATCH", path, map[string]any{"status": "in_progress"}, 403, "forbidden", refused)
		c.neighbour.must(t, "DELETE", path, nil, 403)
		obDetail(t, c.creator, "PUT", editor, nil, 403, "forbidden", "Solo un administrador puede dar permiso para gestionar las tareas")
		c.creator.must(t, "GET", "/api/v1/tasks/editors", nil, 403)
		// The admin allows the neighbour, who then manages tasks; revoked, they no longer may.
		c.admin.must(t, "PUT", editor, nil, 204)
		if es := items(c.admin.must(t, "GET", "/api/v1/tasks/editors", nil, 200)); len(es) != 1 || es[0]["userId"] != c.neighbourID {
			t.Fatalf("editors %v", es)
		}
		if s := c.neighbour.must(t, "GET", "/api/v1/tasks/summary", nil, 200); s["canManage"] != true {
			t.Errorf("allowed member summary %v", s)
		}
		if got := c.neighbour.must(t, "PATCH", path, map[string]any{"status": "in_progress"}, 200); got["status"] != "in_progress" {
			t.Errorf("allowed member edits: %v", got)
		}
		c.admin.must(t, "DELETE", editor, nil, 204)
		c.neighbour.must(t, "PATCH", path, map[string]any{"status": "completed"}, 403)
		c.admin.must(t, "DELETE", path, nil, 204)
		c.admin.must(t, "GET", path, nil, 404)
	})
}

func TestTasksValidationIsSpanish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		outsiderProvider := c.outsider.must(t, "POST", "/api/v1/providers", plumber("Ajeno"), 201)["id"].(string)
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"title": " ", "assignee": "janitor"}, "El título es obligatorio"},
			{map[string]any{"title": "t", "assignee": "nadie"}, "Indica a quién se asigna la tarea"},
			{map[string]any{"title": "t", "assignee": "provider"}, "Elige el proveedor del directorio"},
			{map[string]any{"title": "t", "assignee": "provider", "providerId": outsiderProvider}, "El proveedor no está en el directorio de tu comunidad"},
			{map[string]any{"title": "t", "assignee": "janitor", "recurrence": "yearly"}, "Una tarea que se repite necesita una fecha límite"},
			{map[string]any{"title": "t", "assignee": "janitor", "dueDate": "2026-02-30"}, "La fecha límite no es válida"},
			{map[string]any{"title": "t", "assignee": "janitor", "incidentId": "nope"}, "La incidencia no existe en tu comunidad"},
		} {
			obDetail(t, c.admin, "POST", "/api/v1/tasks", tc.body, 422, "invalid", tc.want)
		}
	})
}

func TestCompletingARepeatingTaskCreatesTheNextOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		lift := c.admin.must(t, "POST", "/api/v1/providers", map[string]any{"name": "Ascensores Alza", "category": "lifts", "phone": "600000000"}, 201)
		task := c.admin.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "Inspección anual del ascensor", "assignee": "provider",
			"providerId": lift["id"], "priority": "high", "dueDate": "2026-03-15", "recurrence": "yearly"}, 201)
		if task["providerName"] != "Ascensores Alza" {
			t.Fatalf("created %v", task)
		}
		path := "/api/v1/tasks/" + task["id"].(string)
		// Two completions at once: one next task.
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { c.admin.must(t, "PATCH", path, map[string]any{"status": "completed"}, 200) })
		}
		wg.Wait()
		done := c.admin.must(t, "GET", path, nil, 200)
		if done["completedAt"] == nil || done["nextTaskId"] == nil || done["overdue"] != false {
			t.Fatalf("completed %v", done)
		}
		next := c.neighbour.must(t, "GET", "/api/v1/tasks/"+done["nextTaskId"].(string), nil, 200)
		if next["dueDate"] != "2027-03-15" || next["status"] != "pending" || next["recurrence"] != "yearly" || next["providerId"] != lift["id"] ||
			next["priority"] != "high" || next["title"] != "Inspección anual del ascensor" {
			t.Fatalf("next %v", next)
		}
		// Reopening and completing again makes no second one.
		c.admin.must(t, "PATCH", path, map[string]any{"status": "pending"}, 200)
		if got := c.admin.must(t, "PATCH", path, map[string]any{"status": "completed"}, 200); got["nextTaskId"] != done["nextTaskId"] {
			t.Fatalf("second completion %v", got)
		}
		all := items(c.admin.must(t, "GET", "/api/v1/tasks", nil, 200))
		if len(all) != 2 {
			t.Fatalf("%d tasks", len(all))
		}
		if s := c.admin.must(t, "GET", "/api/v1/tasks/summary", nil, 200); s["pending"] != float64(1) || s["completed"] != float64(1) {
			t.Errorf("summary %v", s)
		}
		c.admin.must(t, "PATCH", "/api/v1/tasks/"+next["id"].(string), map[string]any{"status": "in_progress"}, 200)
		// A task past its due date is overdue until completed; one due later is not.
		late := c.admin.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "Podar el seto", "assignee": "gardening",
			"dueDate": c.e.clock().AddDate(0, 0, -3).Format(time.DateOnly)}, 201)
		soon := c.admin.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "Regar", "assignee": "gardening",
			"dueDate": c.e.clock().AddDate(0, 0, 3).Format(time.DateOnly)}, 201)
		if late["overdue"] != true || soon["overdue"] != false {
			t.Errorf("overdue: late %v, soon %v", late["overdue"], soon["overdue"])
		}
		if got := c.admin.must(t, "PATCH", "/api/v1/tasks/"+late["id"].(string), map[string]any{"status": "completed"}, 200); got["overdue"] != false {
			t.Errorf("completed late task still overdue: %v", got)
		}
		if got := items(c.admin.must(t, "GET", "/api/v1/tasks?status=in_progress&assignee=provider&q=ASCENSOR", nil, 200)); len(got) != 1 || got[0]["id"] != next["id"] {
			t.Errorf("filtered %v", got)
		}
		if got := items(c.admin.must(t, "GET", "/api/v1/tasks?assignee=janitor", nil, 200)); len(got) != 0 {
			t.Errorf("janitor filter %v", got)
		}
	})
}

func TestATaskFromAnIncidentLinksBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		inc := c.creator.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Bombilla fundida", "description": "Escalera B",
			"assignedTo": c.adminID}, 201)
		task := c.admin.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "Cambiar bombilla", "assignee": "janitor", "incidentId": inc["id"]}, 201)
		if task["incidentId"] != inc["id"] || task["incidentTitle"] != "Bombilla fundida" || task["incidentStatus"] != "open" {
			t.Fatalf("task %v", task)
		}
		c.outsider.must(t, "POST", "/api/v1/tasks", map[string]any{"title": "x", "assignee": "janitor", "incidentId": inc["id"]}, 422)
	})
}
