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
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/backup"
	"vecinos/internal/config"
	seed "vecinos/internal/demo"
	"vecinos/internal/httpapi"
	"vecinos/internal/store"
	"vecinos/web"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const commands = `Usage: vecinos [command] [flags]

Commands:
  serve        run the server (default)
  migrate      apply pending database migrations and exit
  backup FILE  write one archive (.tar.gz) of the SQLite database, taken while the server runs, and the
               local files (PostgreSQL: explains pg_dump)
  restore FILE replace the database and local files of the data directory with those of an archive
               (refused while a server uses it; what was there is moved to before-restore-*)
  demo         create a demo community to try the app (an empty database only; -force to add it anyway)
               and print its logins
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
	force := false
	if cmd == "demo" {
		fs.BoolVar(&force, "force", false, "demo: add the demo community even if the database already holds communities")
	}
	cfg, rest, err := config.Load(fs, args, getenv)
	if err != nil {
		return err
	}
	level := logLevel(cfg)
	if cmd == "demo" && level == slog.LevelInfo {
		// The demo fills its community through the app's own API: a log line a request would bury the
		// logins it prints, so it logs warnings and errors only, unless debug was asked for.
		level = slog.LevelWarn
	}
	log := newLogger(level, cfg.LogFormat, stderr)
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
	case "demo":
		return demo(ctx, cfg, log, force, stdout)
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
		f, err := os.OpenFile(rest[0], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		m, err := backup.Write(ctx, db, cfg.DataDir, version, time.Now(), f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(rest[0])
			return err
		}
		fmt.Fprintf(stdout, "backup written to %s: database (schema %d) and %d file(s), %d bytes\n", rest[0], m.SchemaVersion, m.Files, m.Bytes)
		return nil
	case "restore":
		if len(rest) != 1 {
			return errors.New("usage: vecinos restore FILE")
		}
		if cfg.DatabaseURL != "" {
			return errors.New("restore is for the embedded default (SQLite); on PostgreSQL use pg_restore (see the README)")
		}
		f, err := os.Open(rest[0])
		if err != nil {
			return err
		}
		defer f.Close()
		m, aside, err := backup.Restore(ctx, f, cfg.DataDir, time.Now())
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "restored the backup of %s (schema %d, %d file(s)) into %s; what was there is in %s\n",
			m.CreatedAt.Format(time.RFC3339), m.SchemaVersion, m.Files, cfg.DataDir, aside)
		return nil
	default:
		fs.Usage()
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// logLevel is VECINOS_LOG_LEVEL, info when it is not one.
func logLevel(cfg *config.Config) slog.Level {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return slog.LevelInfo
	}
	return level
}

func newLogger(level slog.Level, format string, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// serve runs until SIGINT or SIGTERM, then lets in-flight requests finish before closing.
func serve(ctx context.Context, cfg *config.Config, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if cfg.DatabaseURL == "" || cfg.StorageURL == "" {
		// The data directory is in use: a restore must wait until this server stops.
		unlock, err := backup.Lock(cfg.DataDir, false)
		if err != nil {
			return fmt.Errorf("data directory %s: %w", cfg.DataDir, err)
		}
		defer unlock()
	}
	a, err := app.New(ctx, cfg, app.Options{Log: log, Web: web.Dist(), Version: version})
	if err != nil {
		return err
	}
	defer a.Close()
	return a.Run(ctx)
}

// demo creates the demo community on the configured database and prints how to sign in.
func demo(ctx context.Context, cfg *config.Config, log *slog.Logger, force bool, stdout io.Writer) error {
	a, err := app.New(ctx, cfg, app.Options{Log: log, Web: web.Dist(), Version: version})
	if err != nil {
		return err
	}
	defer a.Close()
	logins, err := seed.Seed(ctx, a.DB, a.Handler, force, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Demo community %q created. Start the server (make run) and sign in at %s with any of these (password %s):\n\n",
		seed.Community, cfg.PublicURL, seed.Password)
	for _, l := range logins {
		fmt.Fprintf(stdout, "  %-36s %-22s %s\n", l.Email, l.Name, l.Role)
	}
	return nil
}
