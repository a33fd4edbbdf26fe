// Command vecinos runs the Vecinos server and its maintenance tasks. With no arguments it serves the app
// on the embedded default: SQLite and files in ./data, the dev mailbox, http://localhost:8080.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"vecinos/internal/accounts"
	"vecinos/internal/announcements"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/events"
	"vecinos/internal/files"
	"vecinos/internal/httpapi"
	"vecinos/internal/incidents"
	"vecinos/internal/mail"
	"vecinos/internal/messaging"
	"vecinos/internal/oauth"
	"vecinos/internal/profiles"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
	"vecinos/web"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const commands = `Usage: vecinos [command] [flags]

Commands:
  serve        run the server (default)
  migrate      apply pending database migrations and exit
  backup FILE  write a consistent copy of the SQLite database to FILE (PostgreSQL: explains pg_dump)
  openapi      print the API contract (OpenAPI 3.1 JSON)
  version      print the version

`

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "vecinos:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("vecinos "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, commands); config.Usage(stderr) }
	cfg, rest, err := config.Load(fs, args, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)

	switch cmd {
	case "version":
		fmt.Fprintln(stdout, version)
		return nil
	case "openapi":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(httpapi.OpenAPI())
	case "serve":
		return serve(ctx, cfg, log)
	case "migrate":
		db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		n, err := db.Migrate(ctx)
		if err != nil {
			return err
		}
		v, _ := db.SchemaVersion(ctx)
		fmt.Fprintf(stdout, "applied %d migration(s); schema version %d\n", n, v)
		return nil
	case "backup":
		if len(rest) != 1 {
			return errors.New("usage: vecinos backup FILE")
		}
		db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := db.Backup(ctx, rest[0]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "backup written to %s\n", rest[0])
		return nil
	default:
		fs.Usage()
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// oauthProviders are the sign-in providers whose client id and secret are set.
func oauthProviders(cfg *config.Config) map[string]*oauth.Provider {
	callback := func(name string) string { return cfg.PublicURL + "/api/v1/auth/oauth/" + name + "/callback" }
	ps := map[string]*oauth.Provider{}
	if cfg.GoogleClientID != "" && cfg.GoogleClientSecret != "" {
		ps["google"] = oauth.Google(cfg.GoogleClientID, cfg.GoogleClientSecret, callback("google"))
	}
	if cfg.FacebookClientID != "" && cfg.FacebookClientSecret != "" {
		ps["facebook"] = oauth.Facebook(cfg.FacebookClientID, cfg.FacebookClientSecret, callback("facebook"))
	}
	return ps
}

// startMailWorker sends the outbox in the background, through SMTP or, when VECINOS_SMTP_URL is empty, to
// the dev mailbox. stop lets a delivery under way finish, then returns.
func startMailWorker(cfg *config.Config, db *store.DB, log *slog.Logger) (w *mail.Worker, stop func(), err error) {
	var sender mail.Sender = mail.DevSender{Log: log}
	if cfg.SMTPURL != "" {
		if sender, err = mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom); err != nil {
			return nil, nil, err
		}
	} else {
		log.Warn("VECINOS_SMTP_URL is empty: emails are not sent; read them at /dev/mailbox or in this log")
	}
	w = &mail.Worker{Outbox: db, Sender: sender, Log: log}
	// Not the serve context: the worker outlives the signal until the HTTP server has drained, so an email
	// queued by a last request still leaves now.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(ctx)
	}()
	return w, func() { cancel(); <-done }, nil
}

// serve runs until SIGINT or SIGTERM, then lets in-flight requests finish (up to 30 s) before closing.
func serve(ctx context.Context, cfg *config.Config, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	schema, _ := db.SchemaVersion(ctx)
	log.Info("database ready", "engine", db.Engine(), "migrations_applied", n, "schema_version", schema)

	mailer, stopMail, err := startMailWorker(cfg, db, log)
	if err != nil {
		return err
	}
	defer stopMail() // deferred after db.Close, so it runs first: after the HTTP server has shut down

	fileStore, err := files.Open(cfg.StorageURL, cfg.DataDir)
	if err != nil {
		return err
	}
	accts := accounts.New(db, auth.NewHasher(), accounts.Options{PublicURL: cfg.PublicURL, MailWake: mailer.Wake, Files: fileStore})
	// Realtime: an in-process broker; on PostgreSQL the listener hears the changes of every instance.
	broker := realtime.NewBroker()
	msg := messaging.New(db, broker, messaging.Options{Log: log})
	listenCtx, stopListening := context.WithCancel(context.Background())
	listening := make(chan struct{})
	go func() {
		defer close(listening)
		if err := msg.Run(listenCtx); err != nil {
			log.Error("realtime listener stopped", "err", err)
		}
	}()
	defer func() { stopListening(); <-listening }() // after the HTTP server has shut down, before db.Close
	handler, err := httpapi.New(httpapi.Deps{Config: cfg, Store: db, Accounts: accts,
		Incidents: incidents.New(db, incidents.Options{}), Events: events.New(db, events.Options{PublicURL: cfg.PublicURL}),
		Messaging: msg, OAuth: oauthProviders(cfg), Files: fileStore, Log: log, Web: web.Dist(), Version: version,
		Announcements: announcements.New(db, announcements.Options{PublicURL: cfg.PublicURL, MailWake: mailer.Wake}),
		Profiles:      profiles.New(db, accts, profiles.Options{Files: fileStore, PublicURL: cfg.PublicURL, MailWake: mailer.Wake})})
	if err != nil {
		return fmt.Errorf("web app missing from the binary (run `make build`): %w", err)
	}
	// Headers must arrive within ReadHeaderTimeout; a request body within the handler's own read
	// deadline (httpapi: short for JSON, longer for uploads), where ReadTimeout would be one limit for
	// both. No WriteTimeout: it would cut the long-lived SSE stream (/api/v1/stream), which sets a
	// deadline on each of its writes instead. IdleTimeout only applies between requests on a kept-alive
	// connection.
	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(broker.Close) // realtime streams end at once; their clients reconnect elsewhere
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	log.Info("vecinos listening", "addr", ln.Addr().String(), "public_url", cfg.PublicURL, "version", version, "dev", cfg.Dev)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
