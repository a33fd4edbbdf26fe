package httpapi_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/oauth"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// chatEnv is an instance with the realtime listener, file storage in dir, and a clock that runs with
// real time (the stream's replay reads ids drawn from it) but can be moved ahead.
type chatEnv struct {
	*env
	dir    string
	offset atomic.Int64
}

func newChatEnv(t *testing.T, db *store.DB) (*chatEnv, *neighbourhood) {
	t.Helper()
	ce := &chatEnv{env: &env{db: db, now: time.Now(), oauth: map[string]*oauth.Provider{}}, dir: t.TempDir()}
	storage, err := files.NewLocal(ce.dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: true}
	a := newApp(t, db, cfg, app.Options{OAuth: ce.oauth, Files: storage,
		Now: func() time.Time { return time.Now().Add(time.Duration(ce.offset.Load())) }})
	stop := a.Background()
	ce.srv = httptest.NewServer(a.Handler)
	t.Cleanup(stop)
	t.Cleanup(ce.srv.Close)
	t.Cleanup(a.Messages.Broker().Close)
	if db.NotifiesOnCommit() {
		testwait.Until(t, a.Messages.Listening, "the PostgreSQL listener did not start")
	}
	return ce, newNeighbourhood(t, ce.env)
}

func (ce *chatEnv) skip(d time.Duration) { ce.offset.Add(int64(d)) }

// stored counts the files in storage.
func (ce *chatEnv) stored(t *testing.T) int {
	t.Helper()
	n := 0
	filepath.WalkDir(ce.dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func (c *client) attach(t *testing.T, chatPath string, data []byte, name string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.e.srv.URL+chatPath+"/attachments?name="+url.QueryEscape(name), bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/octet-stream")
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

func (c *client) mustAttach(t *testing.T, chatPath string, data []byte, name string) map[string]any {
	t.Helper()
	status, out := c.attach(t, chatPath, data, name)
	if status != http.StatusCreated {
		t.Fatalf("attach %s: %d %v", name, status, out)
	}
	return out
}

func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var testHEIC = append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), bytes.Repeat([]byte{0}, 100)...)

func TestChatAttachmentsAreForTheChatOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ce, n := newChatEnv(t, db)
		conv := "/api/v1/conversations/" + n.ana.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.luisID}, 200)["id"].(string)
		withEva := "/api/v1/conversations/" + n.ana.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.evaID}, 200)["id"].(string)

		img := n.ana.mustAttach(t, conv, photo(t, 1200, 600), "vistas.png")
		if img["kind"] != "image" || img["contentType"] != "image/png" || img["width"] != 1200.0 || img["thumbnailUrl"] == nil || img["name"] != "vistas.png" {
			t.Fatalf("image %v", img)
		}
		doc := n.ana.mustAttach(t, conv, testPDF, "acta junta.pdf")
		if doc["kind"] != "document" || doc["contentType"] != "application/pdf" || doc["size"] != float64(len(testPDF)) || doc["thumbnailUrl"] != nil {
			t.Fatalf("document %v", doc)
		}

		// Bad files: a clear Spanish refusal and nothing stored.
		before := ce.stored(t)
		if status, out := n.ana.attach(t, conv, testHEIC, "IMG_0001.HEIC"); status != 422 || !strings.Contains(out["detail"].(string), "HEIC") {
			t.Fatalf("HEIC: %d %v", status, out)
		}
		if status, out := n.ana.attach(t, conv, testHTML, "x.pdf"); status != 422 || !strings.HasPrefix(out["detail"].(string), "Tipo de archivo no válido") {
			t.Fatalf("HTML: %d %v", status, out)
		}
		if status, out := n.ana.attach(t, conv, bytes.Repeat([]byte{'%'}, 10<<20+1), "big.pdf"); status != 413 || out["detail"] != "El archivo es demasiado grande. Tamaño máximo: 10MB" {
			t.Fatalf("oversized: %d %v", status, out)
		}
		if ce.stored(t) != before {
			t.Fatal("a refused upload left a file behind")
		}
		// Neither a neighbour outside the conversation nor another community can upload to it.
		for _, c := range []*client{n.eva, n.pau} {
			if status, _ := c.attach(t, conv, testPDF, "a.pdf"); status != 404 {
				t.Fatalf("outsider uploads: %d", status)
			}
		}
		if status, _ := ce.client().attach(t, conv, testPDF, "a.pdf"); status != 401 {
			t.Fatalf("anonymous uploads: %d", status)
		}

		// A pending upload is its uploader's only: luis can neither fetch it nor send it.
		if res, _ := n.luis.get(t, img["url"].(string)); res.StatusCode != 404 {
			t.Fatalf("pending fetched by the other participant: %d", res.StatusCode)
		}
		if got := n.luis.must(t, "POST", conv+"/messages", map[string]any{"attachmentIds": []string{img["id"].(string)}}, 422); got["detail"] != "Un archivo adjunto no es de esta conversación o ya se envió" {
			t.Fatalf("someone else's upload sent: %v", got)
		}
		// An upload to another conversation is refused, and nothing is half sent.
		other := n.ana.mustAttach(t, withEva, testPDF, "otro.pdf")
		n.ana.must(t, "POST", conv+"/messages", map[string]any{"content": "mira", "attachmentIds": []string{img["id"].(string), other["id"].(string)}}, 422)
		if ms := n.ana.getJSON(t, conv+"/messages", 200).([]any); len(ms) != 0 {
			t.Fatalf("half-sent message: %v", ms)
		}

		// Attachments only, no text.
		sent := n.ana.must(t, "POST", conv+"/messages", map[string]any{"attachmentIds": []string{img["id"].(string), doc["id"].(string)}}, 201)
		if sent["content"] != "" || len(sent["attachments"].([]any)) != 2 {
			t.Fatalf("sent %v", sent)
		}
		n.ana.must(t, "POST", conv+"/messages", map[string]any{"attachmentIds": []string{img["id"].(string)}}, 422) // already sent

		res, body := n.luis.get(t, img["url"].(string))
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || !bytes.Equal(body, photo(t, 1200, 600)) {
			t.Fatalf("image for the participant: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		res, body = n.luis.get(t, img["thumbnailUrl"].(string))
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("thumbnail: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if thumb, err := jpeg.Decode(bytes.NewReader(body)); err != nil || thumb.Bounds().Dx() != files.ThumbSize || thumb.Bounds().Dy() != files.ThumbSize/2 {
			t.Fatalf("thumbnail picture: %v %v", err, thumb)
		}
		res, body = n.luis.get(t, doc["url"].(string)+"?download=1")
		if res.StatusCode != 200 || !bytes.Equal(body, testPDF) || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "acta junta.pdf") {
			t.Fatalf("download: %d %v", res.StatusCode, res.Header)
		}
		for _, c := range []*client{n.eva, n.pau} {
			for _, u := range []string{img["url"].(string), img["thumbnailUrl"].(string), doc["url"].(string)} {
				if res, _ := c.get(t, u); res.StatusCode != 404 {
					t.Fatalf("outsider fetched %s: %d", u, res.StatusCode)
				}
			}
		}
		if res, _ := ce.client().get(t, doc["url"].(string)); res.StatusCode != 401 {
			t.Fatalf("anonymous fetch: %d", res.StatusCode)
		}

		// Cancelling a pending upload leaves nothing behind; someone else's cannot be cancelled.
		before = ce.stored(t)
		n.luis.must(t, "DELETE", "/api/v1/attachments/"+other["id"].(string), nil, 404)
		n.ana.must(t, "DELETE", "/api/v1/attachments/"+other["id"].(string), nil, 204)
		if ce.stored(t) != before-1 {
			t.Fatal("the cancelled upload's file is still stored")
		}
		n.ana.must(t, "DELETE", "/api/v1/attachments/"+doc["id"].(string), nil, 404) // sent: not pending

		// In channels: the members only.
		community := "/api/v1/channels/" + n.eva.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		pic := n.eva.mustAttach(t, community, photo(t, 10, 10), "gato.png")
		n.eva.must(t, "POST", community+"/messages", map[string]any{"content": "¿De quién es?", "attachmentIds": []string{pic["id"].(string)}}, 201)
		if res, _ := n.luis.get(t, pic["thumbnailUrl"].(string)); res.StatusCode != 200 {
			t.Fatalf("community member: %d", res.StatusCode)
		}
		if res, _ := n.pau.get(t, pic["url"].(string)); res.StatusCode != 404 {
			t.Fatalf("another community: %d", res.StatusCode)
		}
		private := "/api/v1/channels/" + n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "Junta", "memberIds": []string{n.luisID}}, 201)["id"].(string)
		n.eva.must(t, "GET", private+"/messages", nil, 404)
		if status, _ := n.eva.attach(t, private, testPDF, "a.pdf"); status != 404 {
			t.Fatalf("non-member uploads to a channel: %d", status)
		}
		acta := n.ana.mustAttach(t, private, testPDF, "acta.pdf")
		n.ana.must(t, "POST", private+"/messages", map[string]any{"attachmentIds": []string{acta["id"].(string)}}, 201)
		if res, _ := n.luis.get(t, acta["url"].(string)); res.StatusCode != 200 {
			t.Fatalf("channel member: %d", res.StatusCode)
		}
		if res, _ := n.eva.get(t, acta["url"].(string)); res.StatusCode != 404 {
			t.Fatalf("non-member fetched a channel's file: %d", res.StatusCode)
		}

		// Deleting the message deletes its files.
		before = ce.stored(t)
		n.ana.must(t, "DELETE", conv+"/messages/"+sent["id"].(string), nil, 204)
		if res, _ := n.luis.get(t, doc["url"].(string)); res.StatusCode != 404 {
			t.Fatalf("a deleted message's file: %d", res.StatusCode)
		}
		if ce.stored(t) != before-3 { // the picture, its thumbnail and the PDF
			t.Fatalf("files left after deleting the message: %d of %d", ce.stored(t), before)
		}
	})
}

func TestChatRepliesEditsDeletionsAndReactions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ce, n := newChatEnv(t, db)
		conv := "/api/v1/conversations/" + n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 200)["id"].(string)
		withEva := "/api/v1/conversations/" + n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.evaID}, 200)["id"].(string)
		elsewhere := n.luis.must(t, "POST", withEva+"/messages", map[string]any{"content": "Hola Eva"}, 201)["id"].(string)
		anaStream := openStream(t, ce.srv.URL, n.ana.cookie(), "")
		anaStream.next(t, "unread")

		hola := n.luis.must(t, "POST", conv+"/messages", map[string]any{"content": "¿Vienes a la reunión?"}, 201)
		holaID := hola["id"].(string)
		if ev := anaStream.next(t, "dm"); ev.Data["id"] != holaID {
			t.Fatalf("live %v", ev)
		}
		anaStream.next(t, "unread")
		reply := n.ana.must(t, "POST", conv+"/messages", map[string]any{"content": "Sí, voy", "replyTo": holaID}, 201)
		if q := reply["replyTo"].(map[string]any); q["id"] != holaID || q["content"] != "¿Vienes a la reunión?" || q["authorName"] == "" {
			t.Fatalf("reply %v", reply)
		}
		anaStream.next(t, "dm")
		if got := n.ana.must(t, "POST", conv+"/messages", map[string]any{"content": "x", "replyTo": elsewhere}, 422); got["detail"] != "Solo puedes responder a un mensaje de esta conversación" {
			t.Fatalf("reply to another conversation: %v", got)
		}
		replyID := reply["id"].(string)
		msg := func(c *client, id string) map[string]any {
			for _, m := range c.getJSON(t, conv+"/messages", 200).([]any) {
				if m.(map[string]any)["id"] == id {
					return m.(map[string]any)
				}
			}
			t.Fatalf("message %s not listed", id)
			return nil
		}

		// Edits: one's own, within 15 minutes, marked edited, live.
		if got := n.luis.must(t, "PATCH", conv+"/messages/"+replyID, map[string]any{"content": "mío"}, 403); got["detail"] != "Solo puedes modificar tus propios mensajes" {
			t.Fatalf("edit of another's: %v", got)
		}
		for _, c := range []*client{n.eva, n.pau} {
			c.must(t, "PATCH", conv+"/messages/"+replyID, map[string]any{"content": "x"}, 404)
			c.must(t, "DELETE", conv+"/messages/"+replyID, nil, 404)
			c.must(t, "PUT", conv+"/messages/"+replyID+"/reaction", map[string]any{"emoji": "👍"}, 404)
		}
		n.ana.must(t, "PATCH", conv+"/messages/"+replyID, map[string]any{"content": "  Sí, voy a las 8  "}, 204)
		edited := msg(n.luis, replyID)
		if edited["content"] != "Sí, voy a las 8" || edited["editedAt"] == nil || edited["rev"] == replyID {
			t.Fatalf("edited %v", edited)
		}
		if ev := anaStream.next(t, "dm"); ev.Data["id"] != replyID || ev.Data["content"] != "Sí, voy a las 8" || ev.ID != edited["rev"] {
			t.Fatalf("live edit %+v", ev)
		}
		n.ana.must(t, "PATCH", conv+"/messages/"+replyID, map[string]any{"content": " "}, 422)
		ce.skip(16 * time.Minute)
		if got := n.ana.must(t, "PATCH", conv+"/messages/"+replyID, map[string]any{"content": "tarde"}, 403); got["detail"] != "Solo puedes editar un mensaje durante los 15 minutos siguientes a enviarlo" {
			t.Fatalf("late edit: %v", got)
		}

		// Reactions: one per person and message; the same emoji again takes it away.
		n.ana.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "😂"}, 204)
		n.ana.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "👍"}, 204)
		n.luis.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "👍"}, 204)
		rs := msg(n.ana, holaID)["reactions"].([]any)
		if len(rs) != 1 || rs[0].(map[string]any)["emoji"] != "👍" || len(rs[0].(map[string]any)["userIds"].([]any)) != 2 {
			t.Fatalf("reactions %v", rs)
		}
		n.luis.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "👍"}, 204)
		if rs := msg(n.ana, holaID)["reactions"].([]any); len(rs[0].(map[string]any)["userIds"].([]any)) != 1 {
			t.Fatalf("reaction not taken away %v", rs)
		}
		n.ana.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "💩"}, 422)
		var last sseEvent
		for range 4 {
			last = anaStream.next(t, "dm")
		}
		if last.Data["id"] != holaID || len(last.Data["reactions"].([]any)) != 1 {
			t.Fatalf("live reactions %+v", last)
		}

		// Deletion: one's own only; 'Mensaje eliminado' stays (deletedAt, no text).
		n.ana.must(t, "DELETE", conv+"/messages/"+holaID, nil, 403)
		n.luis.must(t, "DELETE", conv+"/messages/"+holaID, nil, 204)
		gone := msg(n.ana, holaID)
		if gone["deletedAt"] == nil || gone["content"] != "" || len(gone["reactions"].([]any)) != 0 {
			t.Fatalf("deleted %v", gone)
		}
		if q := msg(n.ana, replyID)["replyTo"].(map[string]any); q["deleted"] != true || q["content"] != "" {
			t.Fatalf("quote of a deleted message %v", q)
		}
		if ev := anaStream.next(t, "dm"); ev.Data["id"] != holaID || ev.Data["deletedAt"] == nil {
			t.Fatalf("live deletion %+v", ev)
		}
		n.luis.must(t, "DELETE", conv+"/messages/"+holaID, nil, 422)
		n.ana.must(t, "PUT", conv+"/messages/"+holaID+"/reaction", map[string]any{"emoji": "👍"}, 422)

		// A stream that reconnects from before the changes replays them in their current state.
		replayed := openStream(t, ce.srv.URL, n.ana.cookie(), holaID)
		seen := map[string]map[string]any{}
		for {
			ev := replayed.next(t, "")
			if ev.Kind == "unread" {
				break
			}
			if ev.Kind == "dm" {
				seen[ev.Data["id"].(string)] = ev.Data
			}
		}
		if seen[holaID] == nil || seen[holaID]["deletedAt"] == nil || seen[replyID]["content"] != "Sí, voy a las 8" {
			t.Fatalf("replay %v", seen)
		}

		// Admins remove community-chat messages, with a reason, audited.
		community := "/api/v1/channels/" + n.eva.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		spam := n.eva.must(t, "POST", community+"/messages", map[string]any{"content": "Vendo moto"}, 201)["id"].(string)
		n.luis.must(t, "POST", community+"/messages/"+spam+"/removal", map[string]any{"reason": "Publicidad"}, 403)
		n.pau.must(t, "POST", community+"/messages/"+spam+"/removal", map[string]any{"reason": "Publicidad"}, 404)
		n.ana.must(t, "POST", community+"/messages/"+spam+"/removal", map[string]any{"reason": " "}, 422)
		n.luis.must(t, "DELETE", community+"/messages/"+spam, nil, 403)
		n.ana.must(t, "POST", community+"/messages/"+spam+"/removal", map[string]any{"reason": "Publicidad"}, 204)
		removals := n.ana.getJSON(t, "/api/v1/community/chat-removals", 200).([]any)
		if len(removals) != 1 || removals[0].(map[string]any)["messageId"] != spam || removals[0].(map[string]any)["removedBy"] != n.anaID ||
			removals[0].(map[string]any)["authorId"] != n.evaID || removals[0].(map[string]any)["reason"] != "Publicidad" {
			t.Fatalf("audit %v", removals)
		}
		n.luis.must(t, "GET", "/api/v1/community/chat-removals", nil, 403)
		if got := n.pau.getJSON(t, "/api/v1/community/chat-removals", 200).([]any); len(got) != 0 {
			t.Fatalf("another community's audit %v", got)
		}
		// …and in the audit of admin actions, with what was said and why it went.
		deleted := auditEntries(t, n.ana, "content.deleted")
		if len(deleted) != 1 || deleted[0]["targetKind"] != "message" || deleted[0]["targetLabel"] != "Vendo moto" ||
			jsonText(deleted[0]["before"]) != `{"channel":"`+domain.CommunityChannelName+`","content":"Vendo moto"}` || jsonText(deleted[0]["after"]) != `{"reason":"Publicidad"}` {
			t.Fatalf("audit of admin actions: %v", deleted)
		}
		private := "/api/v1/channels/" + n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "Junta", "memberIds": []string{n.luisID}}, 201)["id"].(string)
		theirs := n.luis.must(t, "POST", private+"/messages", map[string]any{"content": "hola"}, 201)["id"].(string)
		n.ana.must(t, "POST", private+"/messages/"+theirs+"/removal", map[string]any{"reason": "x"}, 422)
	})
}

func TestChatSearchMuteDeleteAndLeave(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ce, n := newChatEnv(t, db)
		conv := "/api/v1/conversations/" + n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 200)["id"].(string)
		first := n.luis.must(t, "POST", conv+"/messages", map[string]any{"content": "Mañana hay REUNIÓN en el portal"}, 201)["id"].(string)
		n.ana.must(t, "POST", conv+"/messages", map[string]any{"content": "Vale"}, 201)

		for _, q := range []string{"reunion", "manana", "Reunión EN"} {
			hits := n.ana.getJSON(t, conv+"/search?q="+url.QueryEscape(q), 200).([]any)
			if len(hits) != 1 || hits[0].(map[string]any)["id"] != first {
				t.Fatalf("search %q: %v", q, hits)
			}
		}
		if hits := n.ana.getJSON(t, conv+"/search?q=piscina", 200).([]any); len(hits) != 0 {
			t.Fatalf("no match: %v", hits)
		}
		n.ana.must(t, "GET", conv+"/search?q=%20", nil, 422)
		n.eva.must(t, "GET", conv+"/search?q=vale", nil, 404)
		n.pau.must(t, "GET", conv+"/search?q=vale", nil, 404)

		// Muting: 8 h, a week, always; still counted as unread.
		until := n.ana.must(t, "PUT", conv+"/mute", map[string]any{"duration": "8h"}, 200)["mutedUntil"].(string)
		if at, _ := time.Parse(time.RFC3339, until); time.Until(at) < 7*time.Hour || time.Until(at) > 9*time.Hour {
			t.Fatalf("muted until %s", until)
		}
		list := n.ana.getJSON(t, "/api/v1/conversations", 200).([]any)
		if row := list[0].(map[string]any); row["mutedUntil"] == nil || row["unread"] != 1.0 {
			t.Fatalf("muted row %v", row)
		}
		if got := n.ana.must(t, "GET", "/api/v1/messages/unread-count", nil, 200)["count"]; got != 1.0 {
			t.Fatalf("muted chats still count as unread: %v", got)
		}
		ce.skip(9 * time.Hour)
		if row := n.ana.getJSON(t, "/api/v1/conversations", 200).([]any)[0].(map[string]any); row["mutedUntil"] != nil {
			t.Fatalf("mute over: %v", row)
		}
		if got := n.ana.must(t, "PUT", conv+"/mute", map[string]any{"duration": "always"}, 200)["mutedUntil"].(string); !strings.HasPrefix(got, "9999-") {
			t.Fatalf("always: %s", got)
		}
		n.ana.must(t, "PUT", conv+"/mute", map[string]any{"duration": "2d"}, 422)
		n.eva.must(t, "PUT", conv+"/mute", map[string]any{"duration": "8h"}, 404)
		if got := n.ana.must(t, "PUT", conv+"/mute", map[string]any{"duration": "off"}, 200); got["mutedUntil"] != nil {
			t.Fatalf("unmuted: %v", got)
		}
		community := "/api/v1/channels/" + n.ana.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		n.ana.must(t, "PUT", community+"/mute", map[string]any{"duration": "1w"}, 200)
		if got := n.ana.must(t, "GET", community, nil, 200)["mutedUntil"]; got == nil {
			t.Fatal("community chat not muted")
		}
		if got := n.luis.must(t, "GET", community, nil, 200)["mutedUntil"]; got != nil {
			t.Fatal("a mute is one person's")
		}

		// 'Eliminar conversación': gone from ana's list and history, not from luis's; a new message brings it back.
		n.eva.must(t, "DELETE", conv, nil, 404)
		n.ana.must(t, "DELETE", conv, nil, 204)
		if list := n.ana.getJSON(t, "/api/v1/conversations", 200).([]any); len(list) != 0 {
			t.Fatalf("still listed: %v", list)
		}
		if ms := n.ana.getJSON(t, conv+"/messages", 200).([]any); len(ms) != 0 {
			t.Fatalf("history kept for ana: %v", ms)
		}
		if hits := n.ana.getJSON(t, conv+"/search?q=reunion", 200).([]any); len(hits) != 0 {
			t.Fatalf("search finds deleted history: %v", hits)
		}
		if ms := n.luis.getJSON(t, conv+"/messages", 200).([]any); len(ms) != 2 {
			t.Fatalf("luis lost his history: %v", ms)
		}
		n.luis.must(t, "POST", conv+"/messages", map[string]any{"content": "¿Sigues ahí?"}, 201)
		list = n.ana.getJSON(t, "/api/v1/conversations", 200).([]any)
		if len(list) != 1 || list[0].(map[string]any)["unread"] != 1.0 {
			t.Fatalf("back in the list: %v", list)
		}
		if ms := n.ana.getJSON(t, conv+"/messages", 200).([]any); len(ms) != 1 || ms[0].(map[string]any)["content"] != "¿Sigues ahí?" {
			t.Fatalf("ana's history after: %v", ms)
		}

		// Leaving a private channel: no more reading or posting, with a clear refusal; an invitation brings one back.
		private := "/api/v1/channels/" + n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "Junta", "memberIds": []string{n.luisID}}, 201)["id"].(string)
		n.eva.must(t, "POST", private+"/leave", nil, 404)
		n.luis.must(t, "POST", private+"/leave", nil, 204)
		if got := n.luis.must(t, "POST", private+"/messages", map[string]any{"content": "hola"}, 403); got["detail"] != "Has salido de este canal: ya no puedes leerlo ni escribir en él" {
			t.Fatalf("post after leaving: %v", got)
		}
		for _, c := range n.luis.getJSON(t, "/api/v1/channels", 200).([]any) {
			if "/api/v1/channels/"+c.(map[string]any)["id"].(string) == private {
				t.Fatal("a channel left is still listed")
			}
		}
		n.ana.must(t, "POST", community+"/leave", nil, 422)
		n.ana.must(t, "POST", private+"/members", map[string]any{"userIds": []string{n.luisID}}, 200)
		n.luis.must(t, "POST", private+"/messages", map[string]any{"content": "He vuelto"}, 201)
	})
}

// The chat's plain handlers (uploads and files, outside the contract) refuse anonymous callers as its
// routes do (those: route_access_test.go).
func TestChatFilesRefuseAnonymousCallers(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	anon := e.client()
	id := "0190b0a0-0000-7000-8000-000000000000"
	for _, ep := range []struct{ method, path string }{
		{"POST", "/api/v1/conversations/" + id + "/attachments"}, {"POST", "/api/v1/channels/" + id + "/attachments"},
		{"GET", "/api/v1/attachments/" + id}, {"GET", "/api/v1/attachments/" + id + "/thumbnail"},
	} {
		if p := anon.must(t, ep.method, ep.path, nil, 401); p["code"] != "unauthorized" {
			t.Errorf("%s %s anonymous: %v", ep.method, ep.path, p)
		}
	}
}
