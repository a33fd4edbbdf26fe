package httpapi_test

import (
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A channel's latest page comes from each instance's cache (docs/adr/0023's last addendum), its messages
// encoded once for every reader: its bytes are those of the same page read from the database (an older
// page's path: `before` an id greater than any), for the default limit and the web's, after each change
// made on the other instance, through the API — a message, an edit, a reaction, a reply, a deletion, a
// rename and an avatar — as soon as this instance heard it (Flush). On PostgreSQL two instances share the
// database; SQLite has one instance, which both A and B stand for. A reader of another community is
// refused while the page is cached.
func TestTheCachedChatPageIsTheChannelsOnEveryInstance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, b := sessionInstances(t, db)
		n := newNeighbourhood(t, a)
		ch := n.ana.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		path := "/api/v1/channels/" + ch + "/messages"
		post := func(body map[string]any) string {
			return n.luis.must(t, "POST", path, body, 201)["id"].(string)
		}
		first := post(map[string]any{"content": "¿Alguien sabe cuándo viene el técnico del ascensor?"})
		n.eva.must(t, "POST", path, map[string]any{"content": "El jueves, <b>creo</b> & \"seguro\""}, 201)
		anaB, pauB := b.signedInAs(t, n.ana.cookie()), b.signedInAs(t, n.pau.cookie())

		same := func(what string) {
			t.Helper()
			b.realtime.Flush()
			for _, limit := range []string{"", "?limit=200"} {
				sep := "?"
				if limit != "" {
					sep = "&"
				}
				res, cached := anaB.raw(t, path+limit)
				_, again := anaB.raw(t, path+limit)
				_, stored := anaB.raw(t, path+limit+sep+"before=ffffffff-ffff-ffff-ffff-ffffffffffff")
				if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" || cached != stored || again != cached {
					t.Fatalf("%s%s: %d %s\n%s\nthe database's\n%s", what, limit, res.StatusCode, res.Header.Get("Content-Type"), cached, stored)
				}
			}
			pauB.must(t, "GET", path, nil, 404)
		}
		same("first read")
		last := post(map[string]any{"content": "Gracias", "replyTo": first})
		same("a reply")
		n.luis.must(t, "PATCH", path+"/"+last, map[string]any{"content": "Gracias, Eva"}, 204)
		same("an edit")
		n.eva.must(t, "PUT", path+"/"+last+"/reaction", map[string]any{"emoji": "👍"}, 204)
		same("a reaction")
		n.luis.must(t, "DELETE", path+"/"+first, nil, 204)
		same("a deletion of the message answered")
		n.luis.must(t, "PATCH", "/api/v1/profile", map[string]any{"fullName": "Luis Ferrer"}, 200)
		same("a rename")
		n.eva.must(t, "PATCH", "/api/v1/profile", map[string]any{"avatarUrl": "https://example.es/eva.png"}, 200)
		same("an avatar")
	})
}
