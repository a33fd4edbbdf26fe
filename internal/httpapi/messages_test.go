package httpapi_test

import (
	"net/http"
	"net/url"
	"sync"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestDirectMessagesAreForTheirParticipantsOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		if got := n.ana.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.pauID}, 404); got["code"] != "not_found" {
			t.Fatalf("conversation with another community's member: %v", got)
		}
		n.ana.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 403)

		// get_or_create never makes two conversations for a pair, also when both start it at once.
		ids := make([]string, 10)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Go(func() {
				c, other := n.ana, n.luisID
				if i%2 == 1 {
					c, other = n.luis, n.anaID
				}
				ids[i] = c.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": other}, 200)["id"].(string)
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id != ids[0] {
				t.Fatalf("two conversations for one pair: %v", ids)
			}
		}
		conv := ids[0]
		base := "/api/v1/conversations/" + conv

		// eva is a neighbour but not a participant: she neither reads nor writes; pau even less.
		for _, c := range []*client{n.eva, n.pau} {
			c.must(t, "GET", base+"/messages", nil, 404)
			c.must(t, "POST", base+"/messages", map[string]any{"content": "hola"}, 404)
			c.must(t, "POST", base+"/read", nil, 404)
			c.must(t, "GET", base, nil, 404)
		}
		if got := n.luis.must(t, "POST", base+"/messages", map[string]any{"content": "   "}, 422); got["detail"] != "El mensaje no puede estar vacío" {
			t.Fatalf("blank message: %v", got)
		}

		first := n.luis.must(t, "POST", base+"/messages", map[string]any{"content": "  ¿Tienes sal?  ", "clientId": "k1"}, 201)
		if first["content"] != "¿Tienes sal?" || first["senderId"] != n.luisID || first["recipientId"] != n.anaID || first["readAt"] != nil {
			t.Fatalf("sent %v", first)
		}
		// A retry with the same clientId is the same message, not a second one.
		again := n.luis.must(t, "POST", base+"/messages", map[string]any{"content": "  ¿Tienes sal?  ", "clientId": "k1"}, 200)
		if again["id"] != first["id"] {
			t.Fatalf("retry made %v, first %v", again["id"], first["id"])
		}
		n.luis.must(t, "POST", base+"/messages", map[string]any{"content": "Gracias", "clientId": "k2"}, 201)
		n.ana.must(t, "POST", base+"/messages", map[string]any{"content": "Claro", "clientId": "k1"}, 201) // ana's own k1

		ms := n.ana.getJSON(t, base+"/messages", 200).([]any)
		if len(ms) != 3 || ms[0].(map[string]any)["content"] != "¿Tienes sal?" || ms[2].(map[string]any)["content"] != "Claro" {
			t.Fatalf("messages %v", ms)
		}
		if got := n.ana.must(t, "GET", "/api/v1/messages/unread-count", nil, 200)["count"]; got != 2.0 {
			t.Fatalf("ana's unread %v", got)
		}
		if got := n.luis.must(t, "GET", "/api/v1/messages/unread-count", nil, 200)["count"]; got != 1.0 {
			t.Fatalf("luis's unread %v", got)
		}
		list := n.ana.getJSON(t, "/api/v1/conversations", 200).([]any)
		row := list[0].(map[string]any)
		if len(list) != 1 || row["id"] != conv || row["unread"] != 2.0 || row["other"].(map[string]any)["id"] != n.luisID ||
			row["lastMessage"].(map[string]any)["content"] != "Claro" {
			t.Fatalf("ana's list %v", list)
		}

		// Opening the conversation marks luis's messages read, not ana's own.
		if got := n.ana.must(t, "POST", base+"/read", nil, 200)["marked"]; got != 2.0 {
			t.Fatalf("marked %v", got)
		}
		if got := n.ana.must(t, "GET", "/api/v1/messages/unread-count", nil, 200)["count"]; got != 0.0 {
			t.Fatalf("ana's unread after reading %v", got)
		}
		ms = n.luis.getJSON(t, base+"/messages", 200).([]any)
		if ms[0].(map[string]any)["readAt"] == nil || ms[2].(map[string]any)["readAt"] != nil {
			t.Fatalf("read state %v", ms)
		}
		if got := n.luis.must(t, "GET", "/api/v1/messages/unread-count", nil, 200)["count"]; got != 1.0 {
			t.Fatalf("luis's unread %v", got)
		}
		older := n.ana.getJSON(t, base+"/messages?limit=1&before="+ms[2].(map[string]any)["id"].(string), 200).([]any)
		if len(older) != 1 || older[0].(map[string]any)["content"] != "Gracias" {
			t.Fatalf("page before the last %v", older)
		}
	})
}

func TestChannelsAreForTheirMembersOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		community := n.eva.must(t, "GET", "/api/v1/channels/community", nil, 200)
		if community["name"] != "Chat Comunitario" || community["kind"] != "community" || community["memberCount"] != 3.0 {
			t.Fatalf("community channel %v", community)
		}
		ch := community["id"].(string)
		if other := n.pau.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"]; other == ch {
			t.Fatal("two communities share a chat")
		}
		n.pau.must(t, "GET", "/api/v1/channels/"+ch+"/messages", nil, 404)
		n.pau.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "hola"}, 404)
		if got := n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": " \n "}, 422); got["detail"] != "El mensaje no puede estar vacío" {
			t.Fatalf("blank: %v", got)
		}
		m := n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": " Hola, vecinos\n", "clientId": "x"}, 201)
		if m["content"] != " Hola, vecinos\n" || m["authorName"] != "Ana López" || m["unitNumber"] != nil {
			t.Fatalf("community message %v", m) // untrimmed, as typed (spec §5)
		}
		n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": " Hola, vecinos\n", "clientId": "x"}, 200)
		if ms := n.ana.getJSON(t, "/api/v1/channels/"+ch+"/messages", 200).([]any); len(ms) != 1 {
			t.Fatalf("community messages %v", ms)
		}

		if got := n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "   "}, 422); got["detail"] != "El nombre del canal es obligatorio" {
			t.Fatalf("blank name: %v", got)
		}
		n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "mezcla", "memberIds": []string{n.luisID, n.pauID}}, 422)
		priv := n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": " runners ", "description": "Domingos", "memberIds": []string{n.luisID}}, 201)
		if priv["name"] != "runners" || priv["kind"] != "private" || priv["memberCount"] != 2.0 || priv["createdBy"] != n.anaID {
			t.Fatalf("private channel %v", priv)
		}
		p := "/api/v1/channels/" + priv["id"].(string)
		n.luis.must(t, "POST", p+"/messages", map[string]any{"content": "¿Mañana?"}, 201)
		for _, c := range []*client{n.eva, n.pau} {
			c.must(t, "GET", p+"/messages", nil, 404)
			c.must(t, "POST", p+"/messages", map[string]any{"content": "¿Puedo?"}, 404)
			c.must(t, "POST", p+"/members", map[string]any{"userIds": []any{c.must(t, "GET", "/api/v1/me", nil, 200)["id"]}}, 404)
			c.must(t, "GET", p, nil, 404)
		}
		if got := n.eva.getJSON(t, "/api/v1/channels", 200).([]any); len(got) != 1 {
			t.Fatalf("eva's channels %v", got)
		}
		n.luis.must(t, "POST", p+"/members", map[string]any{"userIds": []string{n.pauID}}, 422)
		if got := n.luis.must(t, "POST", p+"/members", map[string]any{"userIds": []string{n.evaID, n.anaID}}, 200)["added"].([]any); len(got) != 1 || got[0] != n.evaID {
			t.Fatalf("added %v", got)
		}
		if ms := n.eva.getJSON(t, p+"/messages", 200).([]any); len(ms) != 1 {
			t.Fatalf("eva reads %v", ms)
		}
		n.ana.must(t, "POST", "/api/v1/channels/"+ch+"/members", map[string]any{"userIds": []string{n.luisID}}, 422)
		list := n.eva.getJSON(t, "/api/v1/channels", 200).([]any)
		if len(list) != 2 || list[0].(map[string]any)["id"] != ch || list[1].(map[string]any)["lastMessage"].(map[string]any)["content"] != "¿Mañana?" {
			t.Fatalf("eva's channels %v", list)
		}
	})
}

// twoInstances starts two instances on one new PostgreSQL database, as cmd/vecinos wires them.
func twoInstances(t *testing.T) (a, b *env) {
	t.Helper()
	dbs := storetest.Instances(t, 2)
	a, _ = newRealtimeEnv(t, dbs[0])
	b, _ = newRealtimeEnv(t, dbs[1])
	return a, b
}

// Two instances on one PostgreSQL database: a message sent through one reaches a stream on the other.
func TestTwoInstancesShareEventsThroughPostgres(t *testing.T) {
	a, b := twoInstances(t)
	n := newNeighbourhood(t, a)

	anaOnB := openStream(t, b.srv.URL, n.ana.cookie(), "")
	anaOnB.next(t, "unread")
	luisOnA := openStream(t, a.srv.URL, n.luis.cookie(), "")
	luisOnA.next(t, "unread")

	conv := n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 200)["id"].(string)
	sent := n.luis.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": "Desde A"}, 201)
	if ev := anaOnB.next(t, "dm"); ev.ID != sent["id"] || ev.Data["content"] != "Desde A" {
		t.Fatalf("ana on B got %+v", ev)
	}
	if ev := anaOnB.next(t, "unread"); ev.Data["count"] != 1.0 {
		t.Fatalf("badge on B %+v", ev)
	}
	if ev := luisOnA.next(t, "dm"); ev.ID != sent["id"] {
		t.Fatalf("luis on A got %+v", ev)
	}

	// ana reads through instance B (her cookie works on any instance); the receipt reaches luis on A.
	bClient := b.client()
	bClient.http.Jar.SetCookies(mustURL(t, b.srv.URL), cookieOf(n.ana.cookie()))
	bClient.must(t, "POST", "/api/v1/conversations/"+conv+"/read", nil, 200)
	if ev := luisOnA.next(t, "dm_read"); ev.Data["readerId"] != n.anaID {
		t.Fatalf("receipt on A %+v", ev)
	}
	ch := bClient.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
	posted := bClient.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "Desde B"}, 201)
	if ev := luisOnA.next(t, "channel_message"); ev.ID != posted["id"] {
		t.Fatalf("channel message on A %+v", ev)
	}
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func cookieOf(session string) []*http.Cookie {
	return []*http.Cookie{{Name: "vecinos_session", Value: session, Path: "/"}}
}

// 'Ver información' of a channel lists its members with their unit and role: everyone in the community
// chat, the invited ones in a private channel. Anonymous callers get 401; another community and a
// neighbour not in the private channel get 404.
func TestChannelMembersAreListedToTheirMembersOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		n.ana.must(t, "PUT", "/api/v1/community/members/"+n.luisID+"/role", map[string]any{"role": "moderator"}, 200)
		ch := n.eva.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		all := n.eva.getJSON(t, "/api/v1/channels/"+ch+"/members", 200).([]any)
		roles := map[string]string{}
		for _, m := range all {
			m := m.(map[string]any)
			roles[m["id"].(string)] = m["role"].(string)
			if m["creator"] != false || m["unitNumber"] != nil || m["fullName"] == "" {
				t.Fatalf("community chat member %v", m)
			}
		}
		if len(all) != 3 || roles[n.anaID] != "admin" || roles[n.luisID] != "moderator" || roles[n.evaID] != "user" {
			t.Fatalf("community chat members %v", all)
		}
		priv := n.luis.must(t, "POST", "/api/v1/channels", map[string]any{"name": "runners", "memberIds": []string{n.anaID}}, 201)["id"].(string)
		p := "/api/v1/channels/" + priv + "/members"
		got := n.ana.getJSON(t, p, 200).([]any)
		if len(got) != 2 {
			t.Fatalf("private channel members %v", got)
		}
		for _, m := range got {
			m := m.(map[string]any)
			if m["creator"] != (m["id"] == n.luisID) {
				t.Fatalf("creator %v", m)
			}
		}
		if s := e.client().status(t, "GET", p, nil); s != 401 {
			t.Fatalf("anonymous: %d", s)
		}
		n.eva.must(t, "GET", p, nil, 404)                                 // a neighbour not invited
		n.pau.must(t, "GET", p, nil, 404)                                 // another community
		n.pau.must(t, "GET", "/api/v1/channels/"+ch+"/members", nil, 404) // another community's chat
		n.ana.must(t, "POST", "/api/v1/channels/"+priv+"/leave", nil, 204)
		if got := n.luis.getJSON(t, p, 200).([]any); len(got) != 1 {
			t.Fatalf("after ana left: %v", got)
		}
		n.ana.must(t, "GET", p, nil, 403) // 'Has salido de este canal', as for its messages
	})
}
