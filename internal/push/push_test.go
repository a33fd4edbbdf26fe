package push_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/messages"
	"vecinos/internal/metrics"
	"vecinos/internal/push"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// device is a browser's side of a push subscription: its ECDH key pair and authentication secret.
type device struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newDevice(t *testing.T) device {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return device{key: key, auth: auth}
}

func (d device) subscription(endpoint string) push.Subscription {
	return push.Subscription{Endpoint: endpoint, P256dh: base64.RawURLEncoding.EncodeToString(d.key.PublicKey().Bytes()),
		Auth: base64.RawURLEncoding.EncodeToString(d.auth), Device: "Chrome en Android"}
}

// decrypt undoes RFC 8291 (aes128gcm, RFC 8188) as the browser does.
func (d device) decrypt(t *testing.T, body []byte) []byte {
	t.Helper()
	if len(body) < 21 {
		t.Fatalf("body of %d bytes", len(body))
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	asPublic, ciphertext := body[21:21+idLen], body[21+idLen:]
	if rs < 18 || uint32(len(ciphertext)) > rs {
		t.Fatalf("one record expected: rs %d, ciphertext %d", rs, len(ciphertext))
	}
	peer, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := d.key.ECDH(peer)
	if err != nil {
		t.Fatal(err)
	}
	prkKey, _ := hkdf.Extract(sha256.New, secret, d.auth)
	info := append(append([]byte("WebPush: info\x00"), d.key.PublicKey().Bytes()...), asPublic...)
	ikm, _ := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	prk, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		t.Fatalf("decrypt: %v", err)
	}
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 { // the last record's delimiter
		t.Fatalf("no last-record delimiter in %q", plain)
	}
	return plain[:len(plain)-1]
}

// checkVAPID verifies the Authorization header (RFC 8292): an ES256 JWT for the endpoint's origin, signed
// with the key it names, which is the server's.
func checkVAPID(t *testing.T, header, origin string, keys domain.PushKeys) {
	t.Helper()
	rest, ok := strings.CutPrefix(header, "vapid t=")
	token, k, ok2 := strings.Cut(rest, ", k=")
	if !ok || !ok2 || k != keys.Public {
		t.Fatalf("Authorization %q does not carry the server's key %s", header, keys.Public)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("JWT %q", token)
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	raw, _ := base64.RawURLEncoding.DecodeString(parts[1])
	if err := json.Unmarshal(raw, &claims); err != nil || claims.Aud != origin || claims.Sub == "" || claims.Exp <= time.Now().Unix() {
		t.Fatalf("claims %s (want aud %s)", raw, origin)
	}
	raw, _ = base64.RawURLEncoding.DecodeString(keys.Public)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	h := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if len(sig) != 64 || !ecdsa.Verify(pub, h[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("the VAPID signature does not verify with the server's key")
	}
}

// received is one POST the local push service got.
type received struct {
	header http.Header
	body   []byte
}

// pushService is a local push service answering status to every POST.
func pushService(t *testing.T, status int) (*httptest.Server, chan received) {
	got := make(chan received, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- received{r.Header.Clone(), b}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv, got
}

// worker sends the outbox's pushes until the test ends.
func worker(t *testing.T, db *store.DB, svc *push.Service, m *metrics.Metrics) *mail.Worker {
	w := &mail.Worker{Name: "push", Outbox: store.PushQueue{DB: db}, Log: slog.New(slog.DiscardHandler), Interval: 20 * time.Millisecond,
		Sender: m.CountPushFailures(&push.Sender{Store: db, Keys: svc.Keys(), Subscriber: "ops@example.es", AllowLoopback: true})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return w
}

func newMetrics(db *store.DB) *metrics.Metrics {
	return metrics.New(metrics.Sources{Streams: func() int { return 0 }, Outbox: db.OutboxBacklog, Pools: db.PoolStats})
}

// chat is the messages service that sends the direct messages whose pushes these tests check.
func chat(db *store.DB) *messages.Service {
	return messages.New(db, messages.Options{Realtime: realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: db.AfterCommit}, nil)})
}

func startConversation(t *testing.T, db *store.DB, from, to *domain.Actor) string {
	t.Helper()
	conv, err := chat(db).StartConversation(context.Background(), from, to.UserID)
	if err != nil {
		t.Fatal(err)
	}
	return conv
}

func sendDM(t *testing.T, db *store.DB, from, to *domain.Actor, text string) string {
	t.Helper()
	conv := startConversation(t, db, from, to)
	if _, _, err := chat(db).SendDirect(context.Background(), from, conv, messages.Outgoing{Content: text}); err != nil {
		t.Fatal(err)
	}
	return conv
}

func wait(t *testing.T, got chan received) received {
	t.Helper()
	select {
	case r := <-got:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("the push service got nothing")
		return received{}
	}
}

func TestADirectMessageReachesTheDeviceEncryptedAndSigned(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		people := storetest.Community(t, db, "Ana", "Luis")
		ana, luis := people[0], people[1]
		svc, err := push.New(ctx, db, push.Options{AllowLoopback: true})
		if err != nil {
			t.Fatal(err)
		}
		srv, got := pushService(t, http.StatusCreated)
		phone := newDevice(t)
		if _, err := svc.Subscribe(ctx, luis, phone.subscription(srv.URL+"/push/luis-phone")); err != nil {
			t.Fatal(err)
		}
		m := newMetrics(db)
		worker(t, db, svc, m)

		conv := sendDM(t, db, ana, luis, "¿Bajas la basura hoy?")
		r := wait(t, got)
		if r.header.Get("Content-Encoding") != "aes128gcm" || r.header.Get("TTL") == "" || r.header.Get("Urgency") != "high" {
			t.Fatalf("headers %v", r.header)
		}
		checkVAPID(t, r.header.Get("Authorization"), srv.URL, svc.Keys())
		var p domain.PushPayload
		if err := json.Unmarshal(phone.decrypt(t, r.body), &p); err != nil {
			t.Fatal(err)
		}
		want := domain.PushPayload{Kind: domain.PushDirectMessage, Title: "Ana", Body: "¿Bajas la basura hoy?", URL: "/conversation/" + conv + "?c=" + ana.CommunityID, Tag: "dm-" + conv}
		if p != want {
			t.Fatalf("payload %+v, want %+v", p, want)
		}

		// The keys are the database's: another instance (a second service) signs with the same pair.
		again, err := push.New(ctx, db, push.Options{})
		if err != nil || again.Keys() != svc.Keys() {
			t.Fatalf("a second start has other keys: %v", err)
		}
	})
}

func TestMutedConversationsAndKindsTurnedOffSendNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		people := storetest.Community(t, db, "Ana", "Luis", "Eva")
		ana, luis, eva := people[0], people[1], people[2]
		svc, err := push.New(ctx, db, push.Options{AllowLoopback: true})
		if err != nil {
			t.Fatal(err)
		}
		endpoint := "http://127.0.0.1:1/push/"
		for _, a := range []*domain.Actor{luis, eva} {
			if _, err := svc.Subscribe(ctx, a, newDevice(t).subscription(endpoint+a.UserID)); err != nil {
				t.Fatal(err)
			}
		}
		conv := startConversation(t, db, ana, luis)
		until := time.Now().Add(time.Hour)
		if err := db.SetChatMute(ctx, luis.UserID, conv, &until); err != nil {
			t.Fatal(err)
		}
		if err := svc.SetKind(ctx, eva, domain.PushDirectMessage, false); err != nil {
			t.Fatal(err)
		}
		sendDM(t, db, ana, luis, "hola")
		sendDM(t, db, ana, eva, "hola")
		if rows := storetest.Rows(t, db, "SELECT to_addr FROM mail_outbox WHERE kind = 'push'"); len(rows) != 0 {
			t.Fatalf("pushes queued for a muted conversation or a kind turned off: %v", rows)
		}
		// Turned on again, Eva's device gets the next one.
		if err := svc.SetKind(ctx, eva, domain.PushDirectMessage, true); err != nil {
			t.Fatal(err)
		}
		sendDM(t, db, ana, eva, "¿sigues ahí?")
		if rows := storetest.Rows(t, db, "SELECT subject FROM mail_outbox WHERE kind = 'push'"); len(rows) != 1 || rows[0][0] != "directMessage" {
			t.Fatalf("queued %v", rows)
		}
		st, err := svc.Status(ctx, eva)
		if err != nil || !st.Kinds[domain.PushDirectMessage] || len(st.Devices) != 1 {
			t.Fatalf("status %+v, %v", st, err)
		}
	})
}

func TestAGoneDeviceIsRemovedAndFailuresAreCounted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		people := storetest.Community(t, db, "Ana", "Luis")
		ana, luis := people[0], people[1]
		svc, err := push.New(ctx, db, push.Options{AllowLoopback: true})
		if err != nil {
			t.Fatal(err)
		}
		gone, goneGot := pushService(t, http.StatusGone)
		down, downGot := pushService(t, http.StatusServiceUnavailable)
		if _, err := svc.Subscribe(ctx, luis, newDevice(t).subscription(gone.URL+"/old-phone")); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Subscribe(ctx, luis, newDevice(t).subscription(down.URL+"/tablet")); err != nil {
			t.Fatal(err)
		}
		m := newMetrics(db)
		worker(t, db, svc, m)
		sendDM(t, db, ana, luis, "hola")
		wait(t, goneGot)
		wait(t, downGot)
		var devices []domain.PushSubscription
		var retry [][]string
		testwait.Until(t, func() bool {
			st, err := svc.Status(ctx, luis)
			if err != nil {
				t.Fatal(err)
			}
			devices = st.Devices
			// The unavailable service's push waits for a retry.
			retry = storetest.Rows(t, db, "SELECT attempts FROM mail_outbox WHERE kind = 'push' AND sent_at IS NULL")
			return len(devices) == 1 && strings.HasPrefix(devices[0].Endpoint, down.URL) && len(retry) == 1 && retry[0][0] == "1"
		}, "devices %+v, pending %v: the gone one is still there, or the other is not waiting for a retry", &devices, &retry)
		// Its failure is counted.
		srv := httptest.NewServer(m.Handler())
		defer srv.Close()
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(page), "vecinos_push_failures_total 1") {
			t.Fatal("the push failure is not counted")
		}
	})
}

func TestSubscriptionsAreCheckedAndOwned(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		people := storetest.Community(t, db, "Ana", "Luis")
		ana, luis := people[0], people[1]
		strict, err := push.New(ctx, db, push.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := newDevice(t)
		for name, s := range map[string]push.Subscription{
			"http outside dev": d.subscription("http://push.example.es/x"),
			"not a URL":        d.subscription("push service"),
			"bad key":          {Endpoint: "https://push.example.es/x", P256dh: "AAAA", Auth: d.subscription("").Auth},
			"short auth":       {Endpoint: "https://push.example.es/x", P256dh: d.subscription("").P256dh, Auth: "AAAA"},
		} {
			if _, err := strict.Subscribe(ctx, ana, s); domain.ErrorCode(err) != domain.CodeInvalid {
				t.Errorf("%s: %v", name, err)
			}
		}
		id, err := strict.Subscribe(ctx, ana, d.subscription("https://push.example.es/ana"))
		if err != nil {
			t.Fatal(err)
		}
		if err := strict.Unsubscribe(ctx, luis, id); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another member removed Ana's device: %v", err)
		}
		if err := strict.SetKind(ctx, ana, "weather", false); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("an unknown kind: %v", err)
		}
		if err := strict.Unsubscribe(ctx, ana, id); err != nil {
			t.Fatal(err)
		}
	})
}
