package main

// The crash workload (-workload crash, `make crashtest`): mixed writes through the API against the real
// binary, which is SIGKILLed -kills times at random moments and restarted on the same data; afterwards
// every write it acknowledged (a 2xx answer) must be in the database, intact, and every email of the
// outbox must have reached the SMTP catcher, whose Message-IDs (the outbox rows) count duplicates.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"vecinos/internal/store"
)

type crashOptions struct {
	engines  []store.Engine
	kills    int
	workers  int
	bin      string
	adminURL string
}

// ack is one write the server acknowledged, and how to find it again.
type ack struct {
	kind  string // incident, dm, channel, announcement, read, signup
	id    string // the row (for read: the announcement)
	value string // what must be there: a title, a content, a user id, an email
}

type crashRow struct {
	engine                              store.Engine
	kills                               int
	acked, found, lost                  int
	mails, delivered, undelivered, dups int
	byKind                              map[string]int
}

func runCrash(ctx context.Context, o crashOptions, stdout, stderr io.Writer) error {
	var rows []crashRow
	var failed []error
	for _, engine := range o.engines {
		r, err := crashOnce(ctx, engine, o, stderr)
		if err != nil {
			return fmt.Errorf("%s: %w", engine, err)
		}
		rows = append(rows, r)
		if r.lost > 0 || r.undelivered > 0 {
			failed = append(failed, fmt.Errorf("%s: %d acknowledged writes lost, %d emails never delivered", engine, r.lost, r.undelivered))
		}
	}
	fmt.Fprintf(stdout, "| engine | kills | acknowledged | found | lost | by kind | emails queued | delivered | never delivered | duplicates |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		kinds := []string{}
		for _, k := range []string{"signup", "incident", "dm", "channel", "announcement", "read"} {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, r.byKind[k]))
		}
		fmt.Fprintf(stdout, "| %s | %d | %d | %d | %d | %s | %d | %d | %d | %d |\n", r.engine, r.kills, r.acked, r.found, r.lost,
			strings.Join(kinds, ", "), r.mails, r.delivered, r.undelivered, r.dups)
	}
	return errors.Join(failed...)
}

func crashOnce(ctx context.Context, engine store.Engine, o crashOptions, progress io.Writer) (crashRow, error) {
	row := crashRow{engine: engine, byKind: map[string]int{}}
	dir, err := os.MkdirTemp("", "vecinos-crash-")
	if err != nil {
		return row, err
	}
	defer os.RemoveAll(dir)
	db, err := createDatabase(ctx, engine, dir, o.adminURL)
	if err != nil {
		return row, err
	}
	if db.drop != nil {
		defer db.drop()
	}
	c, err := db.seed(ctx, 12)
	if err != nil {
		return row, err
	}
	catcher, err := startCatcher()
	if err != nil {
		return row, err
	}
	defer catcher.close()
	addr, err := freeAddr()
	if err != nil {
		return row, err
	}
	settings := []string{"VECINOS_SMTP_URL=smtp://" + catcher.addr, "VECINOS_MAIL_FROM=Vecinos <no-reply@vecinos.test>",
		"VECINOS_TRUSTED_PROXIES=127.0.0.1/32"}
	srv, err := startServerAt(ctx, o.bin, dir, db, addr, settings...)
	if err != nil {
		return row, err
	}
	base := "http://" + addr
	admin := &author{base: base, token: c.Tokens[0]}
	channel, err := admin.communityChannel(ctx)
	if err != nil {
		return row, err
	}
	var community struct{ PublicID string }
	if err := admin.do(ctx, http.MethodGet, "/api/v1/community", nil, http.StatusOK, &community); err != nil {
		return row, err
	}

	var mu sync.Mutex
	var acks []ack
	record := func(as ...ack) { mu.Lock(); acks = append(acks, as...); mu.Unlock() }
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range o.workers {
		wg.Go(func() {
			client := &http.Client{Timeout: 5 * time.Second}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if a, ok := writeOnce(ctx, client, base, c.Tokens, c.UserIDs, channel, community.PublicID, w, i); ok {
					record(a...)
				}
			}
		})
	}
	for k := range o.kills {
		time.Sleep(time.Duration(300+randN(1200)) * time.Millisecond)
		srv.kill()
		fmt.Fprintf(progress, "%s: kill %d of %d\n", engine, k+1, o.kills)
		if srv, err = startServerAt(ctx, o.bin, dir, db, addr, settings...); err != nil {
			close(stop)
			wg.Wait()
			return row, err
		}
		row.kills++
	}
	time.Sleep(500 * time.Millisecond)
	close(stop)
	wg.Wait()

	check, err := openCheck(engine, db)
	if err != nil {
		return row, err
	}
	defer check.Close()
	// The outbox drains after the last restart: every row sent or, failing that, given up.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var pending int
		if err := check.QueryRowContext(ctx, "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL").Scan(&pending); err != nil {
			return row, err
		}
		if pending == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := srv.stop(); err != nil {
		return row, err
	}

	row.acked = len(acks)
	for _, a := range acks {
		row.byKind[a.kind]++
		ok, err := present(ctx, check, a)
		if err != nil {
			return row, err
		}
		if ok {
			row.found++
		} else {
			row.lost++
			fmt.Fprintf(progress, "%s: LOST %s %s %q\n", engine, a.kind, a.id, a.value)
		}
	}
	ids, err := strs(ctx, check, "SELECT id FROM mail_outbox")
	if err != nil {
		return row, err
	}
	got := catcher.counts()
	row.mails = len(ids)
	for _, id := range ids {
		switch n := got[id]; {
		case n == 0:
			row.undelivered++
		default:
			row.delivered++
			row.dups += n - 1
		}
	}
	return row, nil
}

// writeOnce makes one write of a random kind as member i%len of the community and returns what the
// server acknowledged (ok false when it answered otherwise, as while it is down).
func writeOnce(ctx context.Context, client *http.Client, base string, tokens, users []string, channel, code string, worker, i int) ([]ack, bool) {
	me := (worker + i) % len(tokens)
	other := (me + 1 + randN(len(tokens)-1)) % len(tokens)
	tag := fmt.Sprintf("w%d-%d-%s", worker, i, rand.Text()[:6])
	a := &author{base: base, token: tokens[me], client: client}
	var out struct{ ID string }
	switch k := randN(10); {
	case k < 3:
		if a.do(ctx, http.MethodPost, "/api/v1/incidents", map[string]any{"title": "Avería " + tag, "description": "Crash test",
			"assignedTo": users[other]}, http.StatusCreated, &out) == nil {
			return []ack{{"incident", out.ID, "Avería " + tag}}, true
		}
	case k < 5:
		var conv struct{ ID string }
		if a.do(ctx, http.MethodPost, "/api/v1/conversations", map[string]any{"userId": users[other]}, http.StatusOK, &conv) != nil {
			return nil, false
		}
		if a.do(ctx, http.MethodPost, "/api/v1/conversations/"+conv.ID+"/messages", map[string]any{"content": "Hola " + tag,
			"clientId": tag}, http.StatusCreated, &out) == nil {
			return []ack{{"dm", out.ID, "Hola " + tag}}, true
		}
	case k < 7:
		if a.do(ctx, http.MethodPost, "/api/v1/channels/"+channel+"/messages", map[string]any{"content": "Aviso " + tag,
			"clientId": tag}, http.StatusCreated, &out) == nil {
			return []ack{{"channel", out.ID, "Aviso " + tag}}, true
		}
	case k < 8:
		// The admin posts a critical announcement (emailed to every member) and a neighbour reads it.
		adm := &author{base: base, token: tokens[0], client: client}
		if adm.do(ctx, http.MethodPost, "/api/v1/announcements", map[string]any{"title": "Corte " + tag, "description": "Crash test",
			"priority": "critico"}, http.StatusCreated, &out) != nil {
			return nil, false
		}
		acks := []ack{{"announcement", out.ID, "Corte " + tag}}
		reader := &author{base: base, token: tokens[other], client: client}
		if reader.do(ctx, http.MethodPost, "/api/v1/announcements/"+out.ID+"/read", nil, http.StatusOK, nil) == nil {
			acks = append(acks, ack{"read", out.ID, users[other]})
		}
		return acks, true
	default:
		email := "crash-" + strings.ToLower(tag) + "@example.es"
		guest := &author{base: base, client: client, forwardedFor: fmt.Sprintf("10.%d.%d.%d", randN(256), randN(256), 1+randN(254))}
		if guest.do(ctx, http.MethodPost, "/api/v1/auth/signup", map[string]any{"email": email, "password": "Secreto123",
			"fullName": "Vecina " + tag, "language": "es", "metadata": map[string]any{"community_role": "Inquilino", "invite_token": code}, "acceptTerms": true},
			http.StatusCreated, nil) == nil {
			return []ack{{"signup", "", email}}, true
		}
	}
	return nil, false
}

// present reports whether an acknowledged write is in the database as it was acknowledged.
func present(ctx context.Context, db *sql.DB, a ack) (bool, error) {
	queries := map[string]string{
		"incident":     "SELECT COUNT(*) FROM incidents WHERE id = $1 AND title = $2",
		"dm":           "SELECT COUNT(*) FROM direct_messages WHERE id = $1 AND content = $2",
		"channel":      "SELECT COUNT(*) FROM messages WHERE id = $1 AND content = $2",
		"announcement": "SELECT COUNT(*) FROM announcements WHERE id = $1 AND title = $2",
		"read":         "SELECT COUNT(*) FROM announcement_read_receipts WHERE announcement_id = $1 AND user_id = $2",
		"signup":       "SELECT COUNT(*) FROM users WHERE $1 = '' AND email = $2",
	}
	var n int
	err := db.QueryRowContext(ctx, queries[a.kind], a.id, a.value).Scan(&n)
	return n == 1, err
}

func openCheck(engine store.Engine, db *database) (*sql.DB, error) {
	if engine == store.SQLite {
		return sql.Open("sqlite", "file:"+filepath.Join(db.dataDir, store.SQLiteFile)+"?_pragma=busy_timeout(5000)")
	}
	return sql.Open("pgx", db.url)
}

func strs(ctx context.Context, db *sql.DB, q string) ([]string, error) {
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func randN(n int) int {
	if n <= 1 {
		return 0
	}
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}

// catcher is a minimal SMTP server that accepts every message and counts them by Message-ID.
type catcher struct {
	addr string
	ln   net.Listener
	mu   sync.Mutex
	ids  map[string]int
}

func startCatcher() (*catcher, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	c := &catcher{addr: ln.Addr().String(), ln: ln, ids: map[string]int{}}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go c.serve(conn)
		}
	}()
	return c, nil
}

func (c *catcher) close() { c.ln.Close() }

func (c *catcher) counts() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int, len(c.ids))
	for k, v := range c.ids {
		out[k] = v
	}
	return out
}

func (c *catcher) serve(conn net.Conn) {
	defer conn.Close()
	tp := textproto.NewConn(conn)
	tp.PrintfLine("220 catcher ESMTP")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.SplitN(line, " ", 2)[0]); cmd {
		case "EHLO", "HELO":
			tp.PrintfLine("250 catcher")
		case "DATA":
			tp.PrintfLine("354 go ahead")
			body, err := io.ReadAll(tp.DotReader())
			if err != nil {
				return
			}
			hdr, _ := textproto.NewReader(bufio.NewReader(bytes.NewReader(body))).ReadMIMEHeader()
			id := strings.Trim(hdr.Get("Message-Id"), "<>")
			id, _, _ = strings.Cut(id, "@")
			c.mu.Lock()
			c.ids[id]++
			c.mu.Unlock()
			tp.PrintfLine("250 queued")
		case "QUIT":
			tp.PrintfLine("221 bye")
			return
		default: // MAIL, RCPT, RSET, NOOP
			tp.PrintfLine("250 ok")
		}
	}
}
