package httpapi_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func wallIDs(t *testing.T, c *client) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, p := range items(c.must(t, "GET", "/api/v1/wall", nil, 200)) {
		out[p["id"].(string)] = p
	}
	return out
}

func TestWallPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		post := c.creator.must(t, "POST", "/api/v1/wall", map[string]any{"kind": "question", "body": "¿Alguien tiene una escalera?"}, 201)
		if post["canEdit"] != true || post["likes"] != float64(0) || post["hidden"] != false {
			t.Fatalf("posted %v", post)
		}
		id := post["id"].(string)
		path := "/api/v1/wall/" + id
		comment := c.neighbour.must(t, "POST", path+"/comments", map[string]any{"body": "Yo tengo una"}, 201)
		cpath := "/api/v1/wall/comments/" + comment["id"].(string)
		// Anonymous callers and users without a community: refused by the route (route_access_test.go).
		// Another community never learns it exists, even as the admin of their own.
		for _, r := range []struct {
			method, path string
			body         map[string]any
		}{{"GET", path, nil}, {"PATCH", path, map[string]any{"body": "x"}}, {"DELETE", path, nil}, {"PUT", path + "/hidden", map[string]any{"hidden": true}},
			{"PUT", path + "/like", map[string]any{"liked": true}}, {"POST", path + "/report", map[string]any{}}, {"GET", path + "/comments", nil},
			{"POST", path + "/comments", map[string]any{"body": "x"}}, {"DELETE", cpath, nil}} {
			if p := c.outsider.must(t, r.method, r.path, r.body, 404); p["code"] != "not_found" {
				t.Errorf("outsider %s %s: %v", r.method, r.path, p)
			}
		}
		if _, ok := wallIDs(t, c.outsider)[id]; ok {
			t.Error("outsider lists it")
		}
		// Only the author edits; a neighbour cannot delete the post or hide it, nor delete another's comment.
		obDetail(t, c.neighbour, "PATCH", path, map[string]any{"body": "Mío"}, 403, "forbidden", "Solo su autor puede editar esta publicación")
		obDetail(t, c.admin, "PATCH", path, map[string]any{"body": "Mío"}, 403, "forbidden", "Solo su autor puede editar esta publicación")
		obDetail(t, c.neighbour, "DELETE", path, nil, 403, "forbidden", "Solo su autor o un administrador puede eliminar esta publicación")
		obDetail(t, c.neighbour, "PUT", path+"/hidden", map[string]any{"hidden": true}, 403, "forbidden", "Solo un administrador puede ocultar publicaciones")
		obDetail(t, c.creator, "DELETE", cpath, nil, 403, "forbidden", "Solo su autor o un administrador puede eliminar este comentario")
		if got := c.creator.must(t, "PATCH", path, map[string]any{"body": "¿Alguien me presta una escalera?"}, 200); got["editedAt"] == nil {
			t.Errorf("edited %v", got)
		}
		// A member reports it; the admin sees the report and hides it: gone for members, kept for admins.
		c.neighbour.must(t, "POST", path+"/report", map[string]any{"reason": "Spam"}, 204)
		c.neighbour.must(t, "POST", path+"/report", map[string]any{}, 204)
		if p := wallIDs(t, c.admin)[id]; p["reports"] != float64(1) {
			t.Errorf("admin sees %v", p)
		}
		if p := wallIDs(t, c.neighbour)[id]; p["reports"] != float64(0) || p["reportedByMe"] != true {
			t.Errorf("member sees %v", p)
		}
		if got := c.admin.must(t, "PUT", path+"/hidden", map[string]any{"hidden": true}, 200); got["hidden"] != true {
			t.Fatalf("hidden %v", got)
		}
		for _, m := range []*client{c.creator, c.neighbour} {
			if _, ok := wallIDs(t, m)[id]; ok {
				t.Error("a member still lists the hidden post")
			}
			m.must(t, "GET", path, nil, 404)
			m.must(t, "PUT", path+"/like", map[string]any{"liked": true}, 404)
		}
		if p := wallIDs(t, c.admin)[id]; p == nil || p["hidden"] != true {
			t.Error("the admin lost the hidden post")
		}
		c.admin.must(t, "PUT", path+"/hidden", map[string]any{"hidden": false}, 200)
		// The comment's author and an admin delete comments; the author and an admin delete posts.
		c.neighbour.must(t, "DELETE", cpath, nil, 204)
		c2 := c.creator.must(t, "POST", path+"/comments", map[string]any{"body": "Gracias"}, 201)
		c.admin.must(t, "DELETE", "/api/v1/wall/comments/"+c2["id"].(string), nil, 204)
		if got := c.creator.must(t, "GET", path+"/comments", nil, 200); len(items(got)) != 0 {
			t.Errorf("comments left %v", got)
		}
		c.admin.must(t, "DELETE", path, nil, 204)
		c.creator.must(t, "GET", path, nil, 404)
	})
}

func TestWallValidationIsSpanish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"kind": "question", "body": "  "}, "Escribe algo para publicar"},
			{map[string]any{"kind": "poll", "body": "x"}, "El tipo de publicación no es válido"},
			{map[string]any{"kind": "question", "body": "x", "imageUrl": "https://malo.example/x.png"}, "La dirección de la imagen no es válida"},
			{map[string]any{"kind": "event", "body": "x", "eventId": "nope"}, "El evento no existe en tu comunidad"},
			{map[string]any{"kind": "question", "body": "x", "eventId": "nope"}, "Solo una publicación de tipo Evento puede enlazar un evento"},
		} {
			obDetail(t, c.creator, "POST", "/api/v1/wall", tc.body, 422, "invalid", tc.want)
		}
		id := c.creator.must(t, "POST", "/api/v1/wall", map[string]any{"kind": "discussion", "body": "Hola"}, 201)["id"].(string)
		obDetail(t, c.creator, "POST", "/api/v1/wall/"+id+"/comments", map[string]any{"body": " "}, 422, "invalid", "El comentario no puede estar vacío")
		// An event post links its event.
		ev := c.creator.must(t, "POST", "/api/v1/events", map[string]any{"title": "Barbacoa", "startAt": "2030-06-01T18:00:00Z"}, 201)
		p := c.creator.must(t, "POST", "/api/v1/wall", map[string]any{"kind": "event", "body": "¡Venid!", "eventId": ev["id"]}, 201)
		if p["eventTitle"] != "Barbacoa" || p["eventStartAt"] == nil {
			t.Fatalf("event post %v", p)
		}
	})
}

func TestWallLikesUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		id := c.creator.must(t, "POST", "/api/v1/wall", map[string]any{"kind": "announcement", "body": "Mañana limpian el garaje"}, 201)["id"].(string)
		path := "/api/v1/wall/" + id + "/like"
		// Everyone likes at once, one of them eight times: three likes.
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() { c.neighbour.must(t, "PUT", path, map[string]any{"liked": true}, 200) })
		}
		wg.Go(func() { c.admin.must(t, "PUT", path, map[string]any{"liked": true}, 200) })
		wg.Go(func() { c.creator.must(t, "PUT", path, map[string]any{"liked": true}, 200) })
		wg.Wait()
		if p := wallIDs(t, c.neighbour)[id]; p["likes"] != float64(3) || p["likedByMe"] != true {
			t.Fatalf("after the likes: %v", p)
		}
		// Unlikes at once, twice each: none left; unliking again changes nothing.
		for range 2 {
			for _, m := range []*client{c.neighbour, c.admin, c.creator} {
				wg.Go(func() { m.must(t, "PUT", path, map[string]any{"liked": false}, 200) })
			}
		}
		wg.Wait()
		if got := c.neighbour.must(t, "PUT", path, map[string]any{"liked": false}, 200); got["likes"] != float64(0) || got["likedByMe"] != false {
			t.Fatalf("after the unlikes: %v", got)
		}
	})
}

// The composer's 'Votación': any member opens a quick consulta in Votaciones from the wall (and only from
// there: creating polls stays an admin's), the post links it, and its voters show on the post.
func TestWallConsulta(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		closes := time.Now().Add(48 * time.Hour).Format(time.RFC3339)
		post := func(title string) map[string]any {
			return map[string]any{"kind": "question", "body": "Decidamos juntos",
				"poll": map[string]any{"title": title, "options": []string{"Sábado", "Domingo"}, "closesAt": closes}}
		}
		c.anon.must(t, "POST", "/api/v1/wall", post("¿Qué día?"), 401)
		c.homeless.must(t, "POST", "/api/v1/wall", post("¿Qué día?"), 403)
		// A member who is not an admin may open one here, not through Votaciones.
		c.creator.must(t, "POST", "/api/v1/polls", map[string]any{"title": "¿Qué día?", "options": []string{"Sábado", "Domingo"},
			"closesAt": closes}, 403)
		p := c.creator.must(t, "POST", "/api/v1/wall", post("¿Qué día hacemos la fiesta?"), 201)
		pollID, _ := p["pollId"].(string)
		poll, _ := p["poll"].(map[string]any)
		if pollID == "" || poll["title"] != "¿Qué día hacemos la fiesta?" || poll["status"] != "open" || poll["voters"] != float64(0) ||
			len(poll["options"].([]any)) != 2 || poll["options"].([]any)[1] != "Domingo" {
			t.Fatalf("posted %v", p)
		}
		// It is a real consulta of Votaciones: the neighbour votes there, and the post counts the voter.
		q := c.neighbour.must(t, "GET", "/api/v1/polls/"+pollID, nil, 200)
		if q["kind"] != "consulta" || q["status"] != "open" {
			t.Fatalf("in Votaciones: %v", q)
		}
		first := q["options"].([]any)[0].(map[string]any)["id"].(string)
		c.neighbour.must(t, "POST", "/api/v1/polls/"+pollID+"/vote", map[string]any{"optionId": first}, 200)
		if got := wallIDs(t, c.admin)[p["id"].(string)]; got["poll"].(map[string]any)["voters"] != float64(1) {
			t.Fatalf("after a vote: %v", got)
		}
		// Another community sees neither the post nor the consulta.
		c.outsider.must(t, "GET", "/api/v1/wall/"+p["id"].(string), nil, 404)
		c.outsider.must(t, "GET", "/api/v1/polls/"+pollID, nil, 404)
		if _, ok := wallIDs(t, c.outsider)[p["id"].(string)]; ok {
			t.Error("outsider lists it")
		}
		// The wall's limits, in Spanish; a refused post opens no consulta.
		before := len(items(c.admin.must(t, "GET", "/api/v1/polls", nil, 200)))
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
			want   string
		}{
			{map[string]any{"kind": "question", "body": " ", "poll": post("¿Vacía?")["poll"]}, 422, "invalid", "Escribe algo para publicar"},
			{map[string]any{"kind": "event", "body": "x", "poll": post("¿Evento?")["poll"]}, 422, "invalid",
				"Una publicación de tipo Evento no puede abrir una consulta"},
			{map[string]any{"kind": "question", "body": "x", "poll": map[string]any{"title": "¿Larga?", "options": []string{"Sí", "No"},
				"closesAt": time.Now().Add(31 * 24 * time.Hour).Format(time.RFC3339)}}, 422, "invalid",
				"Una consulta del muro puede durar como máximo 30 días"},
			{map[string]any{"kind": "question", "body": "x", "poll": map[string]any{"title": "¿Una?", "options": []string{"Sí"},
				"closesAt": closes}}, 422, "invalid", "Una votación necesita al menos 2 opciones"},
		} {
			obDetail(t, c.creator, "POST", "/api/v1/wall", tc.body, tc.status, tc.code, tc.want)
		}
		if after := len(items(c.admin.must(t, "GET", "/api/v1/polls", nil, 200))); after != before {
			t.Fatalf("refused posts opened consultas: %d, then %d", before, after)
		}
		// A member has at most three open at once; an admin is not limited.
		for i := range 2 {
			c.creator.must(t, "POST", "/api/v1/wall", post(fmt.Sprintf("¿Pregunta %d?", i)), 201)
		}
		obDetail(t, c.creator, "POST", "/api/v1/wall", post("¿Una más?"), 409, "conflict",
			"Ya tienes 3 consultas abiertas: espera a que cierre alguna para abrir otra")
		for i := range 4 {
			c.admin.must(t, "POST", "/api/v1/wall", post(fmt.Sprintf("¿Administración %d?", i)), 201)
		}
		c.neighbour.must(t, "POST", "/api/v1/wall", post("¿La mía?"), 201)
		// The audit is of admins' actions: the admin's consultas are in it, the members' are not.
		if got := auditEntries(t, c.admin, "poll.created"); len(got) != 4 {
			t.Fatalf("audited consultas: %v", got)
		}
	})
}
