// Package app wires one Vecinos instance: the database, the services, the HTTP handler and the work that
// runs beside it (outbox delivery, the realtime listener). The binary, the Go tests and the benchmarks all
// build their instance here, so there is one wiring to read and to change.
package app

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	netmail "net/mail"
	"sync"
	"time"

	"vecinos/internal/announcements"
	"vecinos/internal/audit"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/credentials"
	"vecinos/internal/dashboard"
	"vecinos/internal/directory"
	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/events"
	"vecinos/internal/files"
	"vecinos/internal/httpapi"
	"vecinos/internal/incidents"
	"vecinos/internal/invitations"
	"vecinos/internal/juntas"
	"vecinos/internal/mail"
	"vecinos/internal/maintenance"
	"vecinos/internal/memberships"
	"vecinos/internal/messages"
	"vecinos/internal/metrics"
	"vecinos/internal/money"
	"vecinos/internal/oauth"
	"vecinos/internal/onboarding"
	"vecinos/internal/organisations"
	"vecinos/internal/privacy"
	"vecinos/internal/profiles"
	"vecinos/internal/providers"
	"vecinos/internal/purge"
	"vecinos/internal/push"
	"vecinos/internal/ratelimit"
	"vecinos/internal/realtime"
	"vecinos/internal/reservations"
	"vecinos/internal/store"
	"vecinos/internal/tasks"
	"vecinos/internal/units"
	"vecinos/internal/voting"
	"vecinos/internal/wall"
)

// Options are what a caller may give instead of what New would build from the configuration.
type Options struct {
	Log     *slog.Logger // nil: discard
	Web     fs.FS        // the built web app
	Version string       // of the binary, for app-info and the log

	DB    *store.DB                  // an open, migrated database (tests); nil: open and migrate the configured one
	Now   func() time.Time           // the clock of every service; nil: time.Now
	Files files.Storage              // nil: the configured storage
	OAuth map[string]*oauth.Provider // nil: the providers whose client id and secret are configured
	// Sleep is how sign-ins to an email under attack wait; nil: a timer. Tests record the waits instead.
	Sleep func(context.Context, time.Duration) error
	// BodyReadTimeout bounds how long a request body may take to arrive, UploadReadTimeout the same for a
	// file upload; zero: httpapi's defaults.
	BodyReadTimeout, UploadReadTimeout time.Duration
	// PushAllowLoopback lets web pushes go to a push service on 127.0.0.1 or ::1 (over http too): the
	// local push services of the Go tests. Only code sets it; the binary allows loopback (and nothing
	// else internal) in dev mode alone, for the browser tests' push service (docs/adr/0030).
	PushAllowLoopback bool
}

// App is one instance of Vecinos.
type App struct {
	Handler  http.Handler
	DB       *store.DB
	Messages *messages.Service
	Realtime *realtime.Publisher // every service announces its changes to the open streams here
	Metrics  *metrics.Metrics    // served on VECINOS_METRICS_ADDR by Run

	cfg          *config.Config
	log          *slog.Logger
	version      string
	streams      sync.WaitGroup // realtime streams that left net/http (httpapi.Deps.Streams)
	mail         *mail.Worker
	push         *mail.Worker // the outbox's web pushes (docs/adr/0030)
	purge        *purge.Job
	voting       *voting.Service
	reservations *reservations.Service // its reminders run in Background
	ownsDB       bool
}

// New builds an instance from cfg. Nothing runs until Run or Background.
func New(ctx context.Context, cfg *config.Config, o Options) (a *App, err error) {
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	a = &App{cfg: cfg, log: o.Log, DB: o.DB, version: o.Version}
	if a.DB == nil {
		if a.DB, err = openDB(ctx, cfg, o.Log); err != nil {
			return nil, err
		}
		a.ownsDB = true
		defer func() {
			if err != nil {
				a.DB.Close()
			}
		}()
	}
	if o.Files == nil {
		if o.Files, err = files.Open(cfg.StorageURL, cfg.DataDir); err != nil {
			return nil, err
		}
	}
	if o.OAuth == nil {
		o.OAuth = oauthProviders(cfg)
	}
	a.Realtime = realtimePublisher(a.DB, o.Log)
	broker := a.Realtime.Broker()
	a.Metrics = metrics.New(metrics.Sources{Streams: func() int { return broker.Stats().Subscribers },
		Outbox: a.DB.OutboxBacklog, Pools: a.DB.PoolStats, Now: o.Now, Admission: func() (int, int) {
			st := a.DB.AdmissionStats()
			return st.Admitted, st.Waiting
		}})
	a.DB.ObserveAdmission(a.Metrics.TimeAdmissionWait)
	if a.mail, err = mailWorker(cfg, a.DB, o.Log, o.Now, a.Metrics); err != nil {
		return nil, err
	}
	pushes, err := push.New(ctx, a.DB, push.Options{Now: o.Now, AllowLoopback: o.PushAllowLoopback || cfg.Dev, Hosts: cfg.PushHosts})
	if err != nil {
		return nil, err
	}
	a.push = &mail.Worker{Name: "push", Outbox: store.PushQueue{DB: a.DB}, Log: o.Log, Now: o.Now,
		Sender: a.Metrics.CountPushFailures(&push.Sender{Store: a.DB, Keys: pushes.Keys(), Subscriber: pushSubscriber(cfg), Log: o.Log,
			AllowLoopback: o.PushAllowLoopback || cfg.Dev, Hosts: cfg.PushHosts})}
	// Whatever queues an email may queue pushes in the same transaction: one wake-up sends both at once.
	db, now := a.DB, o.Now
	wake := func() { a.mail.Wake(); a.push.Wake() }
	limiter := rateLimiter(db, now)
	auditLog := audit.New(db, now, o.Log)
	record := domain.Auditor(auditLog.Record)
	a.Messages = messages.New(db, messages.Options{Realtime: a.Realtime, Log: o.Log, Now: now, Files: o.Files, Audit: record})
	// Ended sessions and changed roles reach the user's open streams at once.
	revoked := a.Realtime.Revoke
	// What changed in a community reaches its open screens (issue #21).
	changed := a.Realtime.Changed
	invites := invitations.New(db, invitations.Options{PublicURL: cfg.PublicURL, MailWake: wake, Now: now, Limiter: limiter, Log: o.Log,
		Changed: changed})
	// A sign-up's community is onboarding's, which is built after auth (its profiles change the email
	// through auth): signups holds it once it is. Validated sessions are cached while every instance's
	// revocations reach this one (docs/adr/0055).
	signups := &signupCommunities{}
	accts := auth.New(db, credentials.NewHasher(), auth.Options{PublicURL: cfg.PublicURL, MailWake: wake, Now: now,
		Limiter: limiter, Sleep: o.Sleep, Log: o.Log, Revoked: revoked, SessionsHeard: a.Realtime.Hears, Files: o.Files,
		Created: invites.FromRegistration, Communities: signups})
	a.Realtime.AddForget(accts.ForgetSessions, accts.ForgetAllSessions)
	a.voting = voting.New(db, voting.Options{Now: now, PublicURL: cfg.PublicURL, MailWake: wake, Changed: changed,
		Audit: record, Log: o.Log})
	a.reservations = reservations.New(db, reservations.Options{Now: now, PublicURL: cfg.PublicURL, MailWake: wake, Changed: a.Realtime.ChangedIn,
		Audit: record})
	docs := documents.New(db, o.Files, documents.Options{Now: now, PublicURL: cfg.PublicURL, MailWake: wake,
		Changed: changed, MaxBytes: cfg.DocumentMaxBytes, Audit: record, Log: o.Log})
	moneySvc := money.New(db, money.Options{Now: now, Audit: record, PublicURL: cfg.PublicURL, MailWake: wake, Limiter: limiter,
		Changed: changed, Archive: docs})
	juntasSvc := juntas.New(db, juntas.Options{Polls: a.voting, Debtors: juntaDebtors(moneySvc), Archive: docs, Now: now,
		PublicURL: cfg.PublicURL, MailWake: wake, Changed: changed, Audit: record, Log: o.Log})
	maintenanceSvc := maintenance.New(db, maintenance.Options{Now: now, PublicURL: cfg.PublicURL, MailWake: wake, Changed: changed,
		Audit: record})
	// The purge job settles, each minute and on one instance at a time: polls, juntas' reminders, maintenance's.
	a.purge = purge.New(db, purge.Options{Now: now, Log: o.Log, Settle: purge.Settlers{a.voting, juntasSvc, maintenanceSvc}})
	announcementsSvc := announcements.New(db, announcements.Options{PublicURL: cfg.PublicURL, MailWake: wake, Now: now, Audit: record})
	providersSvc := providers.New(db, providers.Options{Now: now, Changed: changed})
	unitsSvc := units.New(db, units.Options{Now: now, Audit: record, Changed: changed})
	profilesSvc := profiles.New(db, accts, profiles.Options{Now: now, SessionsChanged: revoked})
	membershipsSvc := memberships.New(db, memberships.Options{Files: o.Files, PublicURL: cfg.PublicURL, MailWake: wake, Now: now,
		Revoked: revoked, Audit: record, Changed: changed})
	signups.Service = onboarding.New(db, onboarding.Options{Profiles: profilesSvc, Memberships: membershipsSvc, Files: o.Files, Now: now,
		Limiter: limiter, Changed: changed, Revoked: revoked})
	a.Handler, err = httpapi.New(httpapi.Deps{
		Services: httpapi.Services{
			Mailbox:       mail.NewMailbox(db),
			Bounces:       mail.NewBounces(db, mail.BounceOptions{Secret: cfg.BounceSecret, Address: cfg.BounceAddress, Now: now, Log: o.Log}),
			Auth:          accts,
			Incidents:     incidents.New(db, incidents.Options{Now: now, Audit: record}),
			Events:        events.New(db, events.Options{PublicURL: cfg.PublicURL, Now: now, Audit: record, Own: a.reservations.FeedEntries}),
			Messages:      a.Messages,
			Profiles:      profilesSvc,
			Onboarding:    signups.Service,
			Memberships:   membershipsSvc,
			Announcements: announcementsSvc,
			Directory:     directory.New(db),
			Invitations:   invites,
			Dashboard:     dashboard.New(db, now),
			Units:         unitsSvc,
			Audit:         auditLog,
			Voting:        a.voting,
			Reservations:  a.reservations,
			Documents:     docs,
			Providers:     providersSvc,
			Tasks:         tasks.New(db, tasks.Options{Now: now, Changed: changed}),
			Maintenance:   maintenanceSvc,
			Wall:          wall.New(db, wall.Options{Polls: a.voting, Now: now, Changed: changed}),
			Money:         moneySvc,
			Juntas:        juntasSvc,
			Organisations: organisations.New(db, organisations.Options{Now: now, PublicURL: cfg.PublicURL, MailWake: wake, Revoked: revoked,
				Changed: changed, Audit: record, Announcements: announcementsSvc, Providers: providersSvc,
				Communities: signups.Service, Units: unitsSvc, Invitations: invites}),
			Privacy: privacy.New(db, privacy.Options{Files: o.Files, Limiter: limiter, Now: now, Log: o.Log}),
			Push:    pushes,
		},
		Streams: &a.streams,
		Config:  cfg,
		Ready:   db.Ping,
		OAuth:   o.OAuth,
		Files:   o.Files,
		Log:     o.Log,
		Web:     o.Web,
		Version: o.Version,
		Limiter: limiter,
		Observe: a.Metrics.ObserveRequest,
		// API requests take their turns for the database in arrival order (docs/adr/0049).
		Admission: db.Admission,

		BodyReadTimeout:   o.BodyReadTimeout,
		UploadReadTimeout: o.UploadReadTimeout,
	})
	if err != nil {
		return nil, fmt.Errorf("web app missing from the binary (run `make build`): %w", err)
	}
	return a, nil
}

func openDB(ctx context.Context, cfg *config.Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	n, err := db.Migrate(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	schema, _ := db.SchemaVersion(ctx)
	log.Info("database ready", "engine", db.Engine(), "migrations_applied", n, "schema_version", schema)
	return db, nil
}

// realtimePublisher chooses how changes reach the streams of every instance, the one place that depends on
// the engine (docs/adr/0038): PostgreSQL's NOTIFY, in the transaction that makes the change, heard by
// every instance's listener; or, on SQLite's single instance, in process after the commit.
func realtimePublisher(db *store.DB, log *slog.Logger) *realtime.Publisher {
	t := realtime.Transport{AfterCommit: db.AfterCommit}
	if db.NotifiesOnCommit() {
		t.Notify, t.Listen = db.Notify, db.Listen
	}
	return realtime.NewPublisher(realtime.NewBroker(), t, log)
}

// rateLimiter counts attempts in the database on PostgreSQL, where several instances may share it, and
// in memory on SQLite, which has one instance (docs/adr/0009-trust-model.md).
func rateLimiter(db *store.DB, now func() time.Time) ratelimit.Limiter {
	if db.Engine() == store.Postgres {
		return ratelimit.NewShared(db, now)
	}
	return ratelimit.NewMemory(now)
}

// mailWorker sends the outbox through SMTP or, when VECINOS_SMTP_URL is empty, to the dev mailbox.
func mailWorker(cfg *config.Config, db *store.DB, log *slog.Logger, now func() time.Time, m *metrics.Metrics) (*mail.Worker, error) {
	var sender mail.Sender = mail.DevSender{Log: log}
	if cfg.SMTPURL != "" {
		smtp, err := mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
		if err != nil {
			return nil, err
		}
		smtp.SetBounceAddress(cfg.BounceAddress)
		sender = smtp
	}
	return &mail.Worker{Outbox: db, Sender: m.CountFailures(sender), Log: log, Now: now}, nil
}

// pushSubscriber is the contact the push services see in the VAPID token (RFC 8292 §2.1): the public URL
// when it is https, or else an email address of the operator's.
func pushSubscriber(cfg *config.Config) string {
	if cfg.SecureCookies() {
		return cfg.PublicURL
	}
	if a := cfg.SupportAddress(); a != "" {
		return a
	}
	if a, err := netmail.ParseAddress(cfg.MailFrom); err == nil {
		return a.Address
	}
	return "no-reply@localhost"
}

// signupCommunities is the onboarding service for auth, which needs it before it can be built: auth
// is built first, and the field is set once onboarding is, before any request.
type signupCommunities struct{ *onboarding.Service }

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

// Background starts the work that runs beside the HTTP server: outbox delivery, the hourly purge with the
// polls' steps every minute (each one instance at a time), the reservation reminders (each sent once, whichever
// instance sends it) and, on PostgreSQL, the listener that hears the realtime changes of every instance. stop ends the realtime streams, lets an
// email under way leave, and returns once all of it has stopped.
func (a *App) Background() (stop func()) {
	// Not the serve context: this work outlives the signal until the HTTP server has drained, so an email
	// queued by a last request still leaves.
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	if err := a.DB.ReleaseMailClaims(ctx); err != nil {
		a.log.Warn("mail outbox: cannot release the claims of a previous run", "err", err)
	}
	wg.Go(func() { a.mail.Run(ctx) })
	wg.Go(func() { a.push.Run(ctx) })
	wg.Go(func() { a.purge.Run(ctx) }) // and the polls' steps: they open, close and end their objection period on time
	wg.Go(func() { a.reservations.RunReminders(ctx, a.log) })
	wg.Go(func() { a.Messages.PurgeAttachments(ctx) }) // chat uploads never sent
	wg.Go(func() {
		if err := a.Realtime.Run(ctx); err != nil {
			a.log.Error("realtime listener stopped", "err", err)
		}
	})
	return func() {
		a.EndStreams()
		cancel()
		wg.Wait()
	}
}

// EndStreams ends every realtime stream and waits until their goroutines are gone (a write or a re-check
// under way takes at most its deadline): nothing of theirs reads the database once it closes.
func (a *App) EndStreams() {
	a.Realtime.Broker().Close()
	a.streams.Wait()
}

// Run serves on the configured address until ctx ends, then lets in-flight requests finish (up to 30 s)
// before the background work stops.
func (a *App) Run(ctx context.Context) error {
	stopBackground := a.Background()
	defer stopBackground()
	srv := &http.Server{
		Addr:    a.cfg.Addr,
		Handler: a.Handler,
		// Headers must arrive within ReadHeaderTimeout; a request body within the handler's own read
		// deadline (httpapi: short for JSON, longer for uploads), where ReadTimeout would be one limit for
		// both. No WriteTimeout: it would cut the long-lived SSE stream (/api/v1/stream), which sets a
		// deadline on each of its writes instead. IdleTimeout only applies between requests on a
		// kept-alive connection.
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(a.Realtime.Broker().Close) // realtime streams end at once; their clients reconnect elsewhere
	ln, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return err
	}
	a.log.Info("vecinos listening", "addr", ln.Addr().String(), "public_url", a.cfg.PublicURL, "version", a.version, "dev", a.cfg.Dev)

	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	servers := []*http.Server{srv}
	if a.cfg.MetricsAddr != "" {
		// Its own listener, so that /metrics and the profiler are reachable only where the operator binds it.
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", a.Metrics.Handler())
		handleProfiler(mux)
		msrv := &http.Server{Addr: a.cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		mln, err := net.Listen("tcp", a.cfg.MetricsAddr)
		if err != nil {
			ln.Close()
			return err
		}
		a.log.Info("metrics listening", "addr", mln.Addr().String())
		go func() { errc <- msrv.Serve(mln) }()
		servers = append(servers, msrv)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down: finishing in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, s := range servers {
		if err := s.Shutdown(shutdownCtx); err != nil {
			return fmt.Errorf("shutdown: %w", err)
		}
	}
	a.log.Info("stopped")
	return nil
}

// handleProfiler serves Go's profiles (CPU, heap, goroutines…) under /debug/pprof/ on mux: the metrics
// listener's, never the public one. `go tool pprof http://METRICS_ADDR/debug/pprof/profile?seconds=30`.
func handleProfiler(mux *http.ServeMux) {
	mux.HandleFunc("GET /debug/pprof/", pprof.Index) // heap, goroutine, allocs… by name
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
}

// Close closes the database if New opened it.
func (a *App) Close() error {
	if a.ownsDB {
		return a.DB.Close()
	}
	return nil
}

// juntaDebtors is the owners not up to date with their payments, for a junta's convocatoria (art. 16.2):
// money's debt report, read as the community's administration (the report is the admins').
func juntaDebtors(m *money.Service) juntas.Debtors {
	return func(ctx context.Context, communityID string) ([]domain.JuntaDebtor, error) {
		debts, _, err := m.DebtReport(ctx, &domain.Actor{CommunityID: communityID, Role: domain.RoleAdmin})
		if err != nil {
			return nil, err
		}
		out := make([]domain.JuntaDebtor, 0, len(debts))
		for _, d := range debts {
			out = append(out, domain.JuntaDebtor{Unit: d.Unit.Label, Owner: d.Unit.OwnerName, Owed: d.Owed})
		}
		return out, nil
	}
}
