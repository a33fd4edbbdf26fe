// Package auth runs sign-up, email confirmation, sign-in, sessions and password recovery. It owns
// the rules (what is valid, what is allowed, how long things last); the store carries them out.
package auth

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/mail"
	"vecinos/internal/ratelimit"
)

// Lifetimes of links and sessions.
const (
	ConfirmTokenTTL = 24 * time.Hour
	ResetTokenTTL   = time.Hour
	SessionIdle     = 7 * 24 * time.Hour  // signed out after a week without use
	SessionMaxAge   = 30 * 24 * time.Hour // and after a month in any case
	touchEvery      = time.Hour           // last-seen is written at most this often
)

// Store is what the service needs from the database. A missing row is a nil result; the methods that
// write run in the transaction the service opens with InTx (ForUpdate ones only there).
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CreateUser(ctx context.Context, u *domain.User, now time.Time) (bool, error) // false: email taken
	UserByEmail(ctx context.Context, email string) (*domain.User, error)
	UserByID(ctx context.Context, id string) (*domain.User, error)
	EmailExists(ctx context.Context, email string) (bool, error)
	EmailTakenByOther(ctx context.Context, email, userID string) (bool, error)
	IssueEmailToken(ctx context.Context, tok domain.EmailToken, now time.Time) error
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	EmailToken(ctx context.Context, hash string, purpose domain.TokenPurpose) (*domain.EmailToken, error)
	SpendEmailToken(ctx context.Context, hash string, purpose domain.TokenPurpose, now time.Time) (string, error) // "": not spendable
	VoidEmailTokens(ctx context.Context, userID string, purpose domain.TokenPurpose, now time.Time) (int64, error)
	DeleteUnusedEmailTokens(ctx context.Context, userID string) error
	ConfirmEmail(ctx context.Context, userID string, now time.Time) error
	SetPassword(ctx context.Context, userID, passwordHash string, now time.Time) error
	SetEmail(ctx context.Context, userID, email string, now time.Time) (bool, error) // false: taken
	SetFullName(ctx context.Context, userID, name string, now time.Time) error
	CreateSession(ctx context.Context, s domain.Session) error
	SessionActor(ctx context.Context, sessionID, communityID string) (a *domain.Actor, lastSeen, expires time.Time, outsider bool, err error) // nil actor: no such session
	TouchSession(ctx context.Context, sessionID string, at time.Time) error
	DeleteSession(ctx context.Context, sessionID string) error
	DeleteSessions(ctx context.Context, userID string, keep ...string) error
	ProfileCommunityForUpdate(ctx context.Context, userID string) (string, error)
	UserIDByOAuth(ctx context.Context, provider, subject string) (string, error)
	LinkOAuth(ctx context.Context, userID, provider, subject string, now time.Time) error
	TakeOverUnconfirmed(ctx context.Context, userID string, now time.Time) (bool, error) // false: confirmed already
	// lifecycle.go
	PendingEmailChange(ctx context.Context, userID string, now time.Time) (string, error)
	DeleteUser(ctx context.Context, userID string) (bool, error) // false: no such user
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
}

// Communities creates or joins the community a sign-up asks for (internal/onboarding): auth keeps the
// account, onboarding the community.
type Communities interface {
	// CommunityOfCode is the community of a code, or why there is none.
	CommunityOfCode(ctx context.Context, code string) (*domain.Community, error)
	// SignupSetup reads what u's sign-up asked for, as they confirm their email at now.
	SignupSetup(ctx context.Context, u *domain.User, now time.Time) domain.CommunitySetup
	// SetUpCommunity carries setup out in the transaction of ctx, which has locked the user's profile.
	SetUpCommunity(ctx context.Context, userID string, setup domain.CommunitySetup, now time.Time) error
	// CreateCommunity creates a community with the actor as its admin.
	CreateCommunity(ctx context.Context, a *domain.Actor, c *domain.Community) error
}

// Service is the auth service (accounts and their sessions).
type Service struct {
	store     Store
	hasher    *credentials.Hasher
	limiter   ratelimit.Limiter
	publicURL string
	mailWake  func() // tells the mail worker something was queued; may be nil
	now       func() time.Time
	sleep     func(context.Context, time.Duration) error
	log       *slog.Logger
	revoked   func(userID string)
	sessions  *sessionCache // nil: every request looks its session up
	files     files.Storage // nil: no uploads to erase with an account
	created   func(ctx context.Context, userID string, m domain.SignupMetadata)

	communities Communities
}

// Options configure the service.
type Options struct {
	PublicURL string           // base of the links in emails
	MailWake  func()           // called after an email is queued; may be nil
	Now       func() time.Time // the clock; nil = time.Now (tests move it)
	// Limiter counts attempts; nil = in this process (ratelimit.Memory). Several instances over one
	// PostgreSQL database pass a ratelimit.Shared so that the limits hold across them.
	Limiter ratelimit.Limiter
	// Sleep waits (the growing delay of sign-ins to an email under attack); nil = a timer. Tests pass one
	// that moves their clock.
	Sleep func(context.Context, time.Duration) error
	Log   *slog.Logger // nil = slog.Default()
	// Revoked is called after what a user's sessions resolve to changed: sessions ended, their email,
	// name, language, community or role (the realtime streams re-check at once, and every instance forgets
	// the sessions it cached); may be nil.
	Revoked func(userID string)
	// SessionsHeard reports whether every such change reaches this instance at once (the realtime
	// listener is in place, or this is the only instance): only then are validated sessions cached
	// (docs/adr/0055), and the app must call ForgetSessions and ForgetAllSessions as the publisher hears
	// changes. nil: sessions are looked up on every request.
	SessionsHeard func() bool
	Files         files.Storage // uploads, to erase a deleted account's avatars and documents; may be nil
	// Created is called once a confirmation created the user's community, with their sign-up data (the
	// invitations of registration step 2 go out); may be nil.
	Created func(ctx context.Context, userID string, m domain.SignupMetadata)
	// Communities sets up the community a sign-up asks for, as its email is confirmed.
	Communities Communities
}

// New returns the service.
func New(store Store, hasher *credentials.Hasher, o Options) *Service {
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	o.Now = clock.Or(o.Now)
	if o.Limiter == nil {
		o.Limiter = ratelimit.NewMemory(o.Now)
	}
	if o.Sleep == nil {
		o.Sleep = sleep
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Revoked == nil {
		o.Revoked = func(string) {}
	}
	if o.Created == nil {
		o.Created = func(context.Context, string, domain.SignupMetadata) {}
	}
	s := &Service{store: store, hasher: hasher, limiter: o.Limiter, publicURL: o.PublicURL, mailWake: o.MailWake, now: o.Now,
		sleep: o.Sleep, log: o.Log, revoked: o.Revoked, files: o.Files, created: o.Created, communities: o.Communities}
	if o.SessionsHeard != nil {
		s.sessions = newSessionCache(o.SessionsHeard)
	}
	return s
}

// ForgetSessions drops what this instance cached of userID's sessions: something they resolve to
// changed, here or on another instance.
func (s *Service) ForgetSessions(userID string) { s.sessions.forget(userID) }

// ForgetAllSessions drops every cached session: changes may have been missed (the listener reconnects).
func (s *Service) ForgetAllSessions() { s.sessions.forgetAll() }

// changed forgets userID's cached sessions on this instance at once and announces the change to the
// others (and to the streams).
func (s *Service) changed(userID string) {
	s.sessions.forget(userID)
	s.revoked(userID)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Client describes where a request comes from, for rate limits and the session list.
type Client struct {
	IP        string
	UserAgent string
}

// Rate limits (docs/adr/0009-trust-model.md; Supabase's defaults as reference): per client address for
// every entry point, sign-in attempts per (email, client address), and one email per address per minute.
// No limit is keyed on an email alone: anyone could use it to lock its owner out.
var (
	perIP           = ratelimit.Rule{Max: 30, Window: 5 * time.Minute}
	checkEmailPerIP = ratelimit.Rule{Max: 10, Window: time.Hour} // 'Usuario ya registrado' answers who is registered
	loginPerIP      = ratelimit.Rule{Max: 30, Window: 5 * time.Minute}
	loginPerClient  = ratelimit.Rule{Max: 10, Window: 5 * time.Minute} // per email and client address
	loginPerKey     = ratelimit.Rule{Max: 10, Window: 5 * time.Minute} // per signed-in user (password checks)
	mailPerAddr     = ratelimit.Rule{Max: 1, Window: time.Minute}      // per address and purpose
)

// Sign-ins to one email from every address together are slowed down, never refused: past
// loginFreeAttempts in loginSlowWindow, each attempt waits twice as long as the one before, up to
// loginMaxDelay. An attacker gets a few attempts a minute per email; the owner still gets in.
const (
	loginFreeAttempts = 10
	loginSlowWindow   = 15 * time.Minute
	loginFirstDelay   = time.Second
	loginMaxDelay     = 8 * time.Second
)

// LoginDelay is how long the attempt number n (from 1) to sign in to one email waits.
func LoginDelay(n int) time.Duration {
	if n <= loginFreeAttempts {
		return 0
	}
	if n-loginFreeAttempts > 4 {
		return loginMaxDelay
	}
	return min(loginFirstDelay<<(n-loginFreeAttempts-1), loginMaxDelay)
}

// mailKey limits emails per address and purpose: a resend waits a minute, but a reset requested right
// after signing up is a different request and goes out.
func mailKey(purpose domain.TokenPurpose, email string) string {
	return "mail:" + string(purpose) + ":" + email
}

func (s *Service) limit(ctx context.Context, key string, rule ratelimit.Rule) error {
	ok, wait, err := ratelimit.Allow(ctx, s.limiter, key, rule)
	if err != nil {
		return err
	}
	if !ok {
		secs := int(wait.Round(time.Second) / time.Second)
		return domain.Errorf(domain.CodeRateLimited, "Demasiados intentos. Inténtalo de nuevo en %d segundos.", max(secs, 1))
	}
	return nil
}

func (s *Service) link(path, token string) string {
	return s.publicURL + path + "?token=" + token
}

// CheckEmail answers the registration form's question: is this email already registered?
func (s *Service) CheckEmail(ctx context.Context, c Client, email string) (bool, error) {
	if err := s.limit(ctx, "check-email:"+c.IP, checkEmailPerIP); err != nil {
		return false, err
	}
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return false, err
	}
	return s.store.EmailExists(ctx, email)
}

// SignUpInput is the registration form.
type SignUpInput struct {
	Email    string
	Password string
	FullName string
	Language domain.Language
	Metadata domain.SignupMetadata
	// AcceptTerms is the acceptance of the terms and the privacy policy in force: required, and recorded
	// with the account (its version and time).
	AcceptTerms bool
}

var errTermsNeeded = domain.Errorf(domain.CodeInvalid, "Debes aceptar los términos y condiciones para continuar")

// SignUp creates an unconfirmed account and sends the confirmation email.
func (s *Service) SignUp(ctx context.Context, c Client, in SignUpInput) error {
	if err := s.limit(ctx, "signup:"+c.IP, perIP); err != nil {
		return err
	}
	email, err := credentials.NormalizeEmail(in.Email)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(in.FullName)
	if name == "" {
		return domain.Errorf(domain.CodeInvalid, "Campos incompletos")
	}
	if len([]rune(name)) > 100 {
		return domain.Errorf(domain.CodeInvalid, "El nombre es demasiado largo")
	}
	if err := credentials.CheckSignupPassword(in.Password); err != nil {
		return err
	}
	meta, err := checkMetadata(in.Metadata)
	if err != nil {
		return err
	}
	meta.FullName = name
	if !in.AcceptTerms {
		return errTermsNeeded
	}
	// The email names the community the user is joining or creating.
	communityName := meta.CommunityName
	if meta.InviteToken != "" {
		c, err := s.communities.CommunityOfCode(ctx, meta.InviteToken)
		if err != nil {
			return err
		}
		communityName = c.Name
	}
	hash, err := s.hasher.Hash(ctx, in.Password)
	if err != nil {
		return err
	}
	u := &domain.User{ID: domain.NewID(), Email: email, PasswordHash: hash, Language: in.Language, FullName: name, SignupMetadata: meta}
	u.Consent = &domain.Consent{Version: domain.ConsentVersion, AcceptedAt: s.now()}
	token := credentials.NewToken()
	m, err := mail.Compose(KindConfirmSignup, u.Language, email, mail.Data{Name: name, Link: s.link("/confirm-email", token), CommunityName: communityName})
	if err != nil {
		return err
	}
	tok := domain.EmailToken{Hash: credentials.HashToken(token), UserID: u.ID, Purpose: domain.PurposeConfirm, Email: email, ExpiresAt: s.now().Add(ConfirmTokenTTL)}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.createUser(ctx, u); err != nil {
			return err
		}
		return s.issueLink(ctx, tok, m)
	}); err != nil {
		return err
	}
	// The confirmation counts: a resend must wait a minute.
	if _, _, err := s.limiter.Hit(ctx, mailKey(domain.PurposeConfirm, email), mailPerAddr.Window); err != nil {
		s.log.WarnContext(ctx, "count the confirmation email", "err", err)
	}
	s.mailWake()
	return nil
}

var (
	errEmailTaken   = domain.Errorf(domain.CodeEmailTaken, "Usuario ya registrado")
	errUserNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la dirección de email. Inicia sesión o regístrate de nuevo.")
	errTokenInvalid = domain.Errorf(domain.CodeTokenInvalid, "El enlace no es válido o ya se ha usado.")
)

// createUser stores u, or says that its email is taken.
func (s *Service) createUser(ctx context.Context, u *domain.User) error {
	ok, err := s.store.CreateUser(ctx, u, s.now())
	if err == nil && !ok {
		return errEmailTaken
	}
	return err
}

// checkMetadata applies the rules of registration steps 1 and 2 that the server can check.
func checkMetadata(m domain.SignupMetadata) (domain.SignupMetadata, error) {
	m.InviteToken = strings.ToUpper(strings.TrimSpace(m.InviteToken))
	if m.InviteToken != "" && !domain.ValidPublicID(m.InviteToken) {
		return m, domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
	}
	if m.Invitation = strings.TrimSpace(m.Invitation); len(m.Invitation) > 100 {
		m.Invitation = ""
	}
	switch m.CommunityRole {
	case "Presidente", "Propietario", "Inquilino":
	case "Otros":
		if strings.TrimSpace(m.RoleComments) == "" {
			return m, domain.Errorf(domain.CodeInvalid, "Indica tu relación con la comunidad en los comentarios")
		}
	default:
		return m, domain.Errorf(domain.CodeInvalid, "Selecciona tu rol en la comunidad")
	}
	if m.KnowsPresident && (strings.TrimSpace(m.PresidentName) == "" || strings.TrimSpace(m.PresidentFloor) == "") {
		return m, domain.Errorf(domain.CodeInvalid, "Indica el nombre y el piso del presidente")
	}
	if m.CatastralReference != "" {
		m.CatastralReference = strings.ToUpper(strings.ReplaceAll(m.CatastralReference, " ", ""))
		if !domain.ValidCatastralReference(m.CatastralReference) {
			return m, domain.Errorf(domain.CodeInvalid, "La referencia catastral no es válida")
		}
	}
	for _, n := range []*int{m.FloorsCount, m.DoorsPerFloor} {
		if n != nil && *n < 0 {
			return m, domain.Errorf(domain.CodeInvalid, "El número de plantas y de puertas no puede ser negativo")
		}
	}
	for _, n := range []*int{m.StairsCount, m.PortalsCount} {
		if n != nil && *n < 1 {
			return m, domain.Errorf(domain.CodeInvalid, "Debe haber al menos una escalera y un portal")
		}
	}
	if _, err := domain.GenerateUnits(domain.LayoutFromSignup(m)); err != nil {
		return m, err
	}
	if m.CommunityCountry == "" {
		m.CommunityCountry = domain.DefaultCountry
	}
	return m, nil
}

// ResendConfirmation sends a new confirmation link, voiding the previous one, when the address has an
// account waiting for confirmation. The answer is the same whether it has one, a confirmed one or none,
// so the form does not reveal who is registered; the one-a-minute limit counts for every address alike.
func (s *Service) ResendConfirmation(ctx context.Context, c Client, email string) error {
	if err := s.limit(ctx, "resend:"+c.IP, perIP); err != nil {
		return err
	}
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return err
	}
	if err := s.limit(ctx, mailKey(domain.PurposeConfirm, email), mailPerAddr); err != nil {
		return err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil {
		return err
	}
	if u == nil || u.EmailConfirmedAt != nil {
		return nil
	}
	return s.sendLink(ctx, u, domain.PurposeConfirm, KindConfirmSignup, "/confirm-email", ConfirmTokenTTL)
}

// sendLink emails u a new single-use link for purpose; the caller has applied the limit per address.
func (s *Service) sendLink(ctx context.Context, u *domain.User, purpose domain.TokenPurpose, kind mail.Kind, path string, ttl time.Duration) error {
	token := credentials.NewToken()
	m, err := mail.Compose(kind, u.Language, u.Email, mail.Data{Name: u.FullName, Link: s.link(path, token)})
	if err != nil {
		return err
	}
	tok := domain.EmailToken{Hash: credentials.HashToken(token), UserID: u.ID, Purpose: purpose, Email: u.Email, ExpiresAt: s.now().Add(ttl)}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.issueLink(ctx, tok, m) }); err != nil {
		return err
	}
	s.mailWake()
	return nil
}

// issueLink stores tok, voiding the older unused links of its purpose, and queues m, the email that
// carries it, in the transaction of ctx.
func (s *Service) issueLink(ctx context.Context, tok domain.EmailToken, m domain.Mail) error {
	now := s.now()
	if err := s.store.IssueEmailToken(ctx, tok, now); err != nil {
		return err
	}
	return s.store.QueueMail(ctx, m, now)
}

// Confirm spends a confirmation link, sets up the community the user asked for at sign-up, and signs
// the user in. It returns the new session's token.
func (s *Service) Confirm(ctx context.Context, c Client, token string) (string, error) {
	if err := s.limit(ctx, "confirm:"+c.IP, perIP); err != nil {
		return "", err
	}
	hash, now := credentials.HashToken(token), s.now()
	tok, err := s.store.EmailToken(ctx, hash, domain.PurposeConfirm)
	if err != nil || tok == nil {
		return "", domain.Errorf(domain.CodeTokenInvalid, "No se pudo confirmar el email. El enlace puede haber expirado. Reenvíalo e inténtalo de nuevo.")
	}
	u, err := s.user(ctx, tok.UserID)
	if err != nil {
		return "", err
	}
	switch {
	case tok.UsedAt != nil && u.EmailConfirmedAt != nil:
		return "", domain.Errorf(domain.CodeAlreadyConfirmed, "Tu email ya ha sido confirmado. Puedes iniciar sesión.")
	case !now.Before(tok.ExpiresAt):
		return "", domain.Errorf(domain.CodeTokenExpired, "El enlace de confirmación ha expirado. Solicita uno nuevo para confirmar tu email.")
	}
	setup := s.communities.SignupSetup(ctx, u, now)
	var userID string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if userID, err = s.store.SpendEmailToken(ctx, hash, domain.PurposeConfirm, now); err != nil || userID == "" {
			if err == nil { // spent by a concurrent request
				err = domain.Errorf(domain.CodeAlreadyConfirmed, "Tu email ya ha sido confirmado. Puedes iniciar sesión.")
			}
			return err
		}
		if err := s.store.ConfirmEmail(ctx, userID, now); err != nil {
			return err
		}
		community, err := s.store.ProfileCommunityForUpdate(ctx, userID)
		if err != nil || community != "" {
			return err
		}
		return s.communities.SetUpCommunity(ctx, userID, setup, now)
	})
	if err != nil {
		return "", err
	}
	s.changed(userID) // confirmed, and maybe in a community now
	if setup.Create != nil && setup.Create.ID != "" {
		s.created(ctx, userID, u.SignupMetadata)
	}
	return s.startSession(ctx, c, userID)
}

// Login checks the password and opens a session. Unconfirmed accounts are refused with their own code
// so the web app can send the user to confirm. Attempts are limited per client address and per (email,
// client address); attempts on one email from everywhere are only slowed down (LoginDelay), so that no
// one can lock the owner out.
func (s *Service) Login(ctx context.Context, c Client, email, password string) (string, error) {
	if err := s.limit(ctx, "login:"+c.IP, loginPerIP); err != nil {
		return "", err
	}
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	if password == "" {
		return "", domain.Errorf(domain.CodeInvalid, "La contraseña es obligatoria")
	}
	if err := s.limit(ctx, "login:"+email+"|"+c.IP, loginPerClient); err != nil {
		return "", err
	}
	n, _, err := s.limiter.Hit(ctx, "login-email:"+email, loginSlowWindow)
	if err != nil {
		return "", err
	}
	if d := LoginDelay(n); d > 0 {
		if err := s.sleep(ctx, d); err != nil {
			return "", err
		}
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil {
		return "", err
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := s.hasher.Verify(ctx, hash, password) // also for unknown users: same cost, same answer
	if err != nil {
		return "", err
	}
	if !ok {
		return "", domain.Errorf(domain.CodeInvalidCredentials, "Email o contraseña incorrectos")
	}
	if u.EmailConfirmedAt == nil {
		return "", domain.Errorf(domain.CodeEmailNotConfirmed, "Por favor, confirma tu email antes de iniciar sesión.")
	}
	return s.startSession(ctx, c, u.ID)
}

func (s *Service) startSession(ctx context.Context, c Client, userID string) (string, error) {
	token, now := credentials.NewToken(), s.now()
	ua := c.UserAgent
	if len(ua) > 255 {
		ua = ua[:255]
	}
	err := s.store.CreateSession(ctx, domain.Session{ID: credentials.HashToken(token), UserID: userID, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: now.Add(SessionMaxAge), UserAgent: ua, IP: c.IP})
	if err != nil {
		return "", err
	}
	return token, nil
}

var (
	errNoSession      = domain.Errorf(domain.CodeUnauthorized, "Inicia sesión para continuar")
	errSessionExpired = domain.Errorf(domain.CodeUnauthorized, "Tu sesión ha caducado. Inicia sesión de nuevo.")
)

// Authenticate resolves a session token to the actor, enforcing the idle and absolute expiry. The actor
// acts in communityID, the community the request names, with their membership's role there; without one
// in their last community (ADR 0040). A community they are not a member of is domain.ErrNotMember.
func (s *Service) Authenticate(ctx context.Context, token, communityID string) (*domain.Actor, error) {
	return s.authenticate(ctx, token, communityID, true)
}

// Recheck is Authenticate from the database, never from the sessions this instance cached (which it
// refreshes): for opening a realtime stream and for its periodic re-check, the backstop of a change whose
// announcement was lost.
func (s *Service) Recheck(ctx context.Context, token, communityID string) (*domain.Actor, error) {
	return s.authenticate(ctx, token, communityID, false)
}

func (s *Service) authenticate(ctx context.Context, token, communityID string, cached bool) (*domain.Actor, error) {
	if token == "" {
		return nil, errNoSession
	}
	id, now := credentials.HashToken(token), s.now()
	if !cached {
		s.sessions.remove(id, communityID)
	} else if a, ok := s.sessions.get(id, communityID, now); ok {
		return a, nil
	}
	gen := s.sessions.generation()
	a, lastSeen, expires, outsider, err := s.store.SessionActor(ctx, id, communityID)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, errSessionExpired
	}
	if !now.Before(expires) || now.Sub(lastSeen) >= SessionIdle {
		if err := s.store.DeleteSession(ctx, id); err != nil {
			return nil, err
		}
		return nil, errSessionExpired
	}
	if now.Sub(lastSeen) >= touchEvery {
		if err := s.store.TouchSession(ctx, id, now); err != nil {
			return nil, err
		}
		lastSeen = now
	}
	if outsider {
		return nil, domain.ErrNotMember
	}
	s.sessions.put(id, communityID, a, lastSeen, expires, now, gen)
	return a, nil
}

// Reload reads the actor again, after something about them changed (such as their community: they act
// in their last one, where joining leaves them).
func (s *Service) Reload(ctx context.Context, a *domain.Actor) (*domain.Actor, error) {
	fresh, _, _, _, err := s.store.SessionActor(ctx, a.SessionID, "")
	if err == nil && fresh == nil {
		return nil, errSessionExpired
	}
	return fresh, err
}

// Logout ends the actor's session.
func (s *Service) Logout(ctx context.Context, a *domain.Actor) error {
	if err := s.store.DeleteSession(ctx, a.SessionID); err != nil {
		return err
	}
	s.changed(a.UserID)
	return nil
}

// ForgotPassword emails a reset link when the account exists. The answer is the same either way, so
// the form does not reveal who is registered.
func (s *Service) ForgotPassword(ctx context.Context, c Client, email string) error {
	if err := s.limit(ctx, "recover:"+c.IP, perIP); err != nil {
		return err
	}
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil || u == nil {
		return err
	}
	if err := s.limit(ctx, mailKey(domain.PurposeReset, u.Email), mailPerAddr); err != nil {
		return nil // saying "too many" here would tell that the address exists
	}
	return s.sendLink(ctx, u, domain.PurposeReset, KindResetPassword, "/reset-password", ResetTokenTTL)
}

var errResetLink = domain.Errorf(domain.CodeTokenInvalid, "El enlace de recuperación no es válido o ha expirado.")

// CheckResetLink tells the reset page whether its link can still be used.
func (s *Service) CheckResetLink(ctx context.Context, c Client, token string) error {
	if err := s.limit(ctx, "reset:"+c.IP, perIP); err != nil {
		return err
	}
	tok, err := s.store.EmailToken(ctx, credentials.HashToken(token), domain.PurposeReset)
	if err != nil || tok == nil || tok.UsedAt != nil || !s.now().Before(tok.ExpiresAt) {
		return errResetLink
	}
	return nil
}

// ResetPassword sets a new password through a reset link and ends every session of the user.
func (s *Service) ResetPassword(ctx context.Context, c Client, token, password string) error {
	if err := s.CheckResetLink(ctx, c, token); err != nil {
		return err
	}
	if err := credentials.CheckResetPassword(password); err != nil {
		return err
	}
	hash, err := s.hasher.Hash(ctx, password)
	if err != nil {
		return err
	}
	now := s.now()
	var userID string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if userID, err = s.store.SpendEmailToken(ctx, credentials.HashToken(token), domain.PurposeReset, now); err != nil || userID == "" {
			if err == nil {
				err = errResetLink
			}
			return err
		}
		if err := s.store.SetPassword(ctx, userID, hash, now); err != nil {
			return err
		}
		// Following the link proves the mailbox is theirs, so the email counts as confirmed too.
		if err := s.store.ConfirmEmail(ctx, userID, now); err != nil {
			return err
		}
		return s.store.DeleteSessions(ctx, userID)
	})
	if err == nil {
		s.changed(userID)
	}
	return err
}

// ChangePassword replaces the password of a signed-in user who knows the current one; their other
// sessions end.
func (s *Service) ChangePassword(ctx context.Context, a *domain.Actor, current, next string) error {
	if err := s.limit(ctx, "password:"+a.UserID, loginPerKey); err != nil {
		return err
	}
	u, err := s.user(ctx, a.UserID)
	if err != nil {
		return err
	}
	if err := s.checkCurrentPassword(ctx, u, current, errPasswordForChange); err != nil {
		return err
	}
	if err := credentials.CheckNewPassword(next); err != nil {
		return err
	}
	hash, err := s.hasher.Hash(ctx, next)
	if err != nil {
		return err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetPassword(ctx, a.UserID, hash, s.now()); err != nil {
			return err
		}
		return s.store.DeleteSessions(ctx, a.UserID, a.SessionID)
	}); err != nil {
		return err
	}
	s.changed(a.UserID)
	return nil
}

// ExternalIdentity is a user as a sign-in provider (Google, Facebook) describes them.
type ExternalIdentity struct {
	Provider, Subject, Email, Name string
	EmailVerified                  bool
}

// OAuthSignIn signs in the account linked to a provider identity. A first sign-in links the account
// with the provider's verified email, or creates a confirmed one; an unverified email links nothing,
// since it would let anyone take over an account by typing its address at the provider. An account with
// that email which was never confirmed is taken over cleanly (TakeOverUnconfirmed).
func (s *Service) OAuthSignIn(ctx context.Context, c Client, id ExternalIdentity) (string, error) {
	if err := s.limit(ctx, "oauth:"+c.IP, perIP); err != nil {
		return "", err
	}
	userID, err := s.store.UserIDByOAuth(ctx, id.Provider, id.Subject)
	if err != nil || userID != "" {
		if err != nil {
			return "", err
		}
		return s.startSession(ctx, c, userID)
	}
	email, err := credentials.NormalizeEmail(id.Email)
	if err != nil || !id.EmailVerified {
		return "", domain.Errorf(domain.CodeForbidden, "Tu cuenta de %s no tiene un email verificado. Regístrate con tu email.", id.Provider)
	}
	name := strings.TrimSpace(id.Name)
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	u, err := s.store.UserByEmail(ctx, email)
	now := s.now()
	switch {
	case err != nil:
		return "", err
	case u != nil && u.EmailConfirmedAt != nil:
		if err := s.store.InTx(ctx, func(ctx context.Context) error {
			return s.store.LinkOAuth(ctx, u.ID, id.Provider, id.Subject, now)
		}); err != nil {
			return "", err
		}
		return s.startSession(ctx, c, u.ID)
	case u != nil:
		// Nobody ever proved this address: whoever registered it may not own it. The provider just did,
		// so the account becomes the provider identity's, without the password chosen at registration.
		if err := s.takeOverUnconfirmed(ctx, u.ID, id, name, now); err != nil {
			return "", err
		}
		s.log.WarnContext(ctx, "unconfirmed account taken over by a provider sign-in: password cleared, sessions ended",
			"user_id", u.ID, "provider", id.Provider)
		return s.startSession(ctx, c, u.ID)
	}
	nu := &domain.User{ID: domain.NewID(), Email: email, EmailConfirmedAt: &now, Language: domain.Spanish, FullName: name}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.createUser(ctx, nu); err != nil {
			return err
		}
		return s.store.LinkOAuth(ctx, nu.ID, id.Provider, id.Subject, now)
	}); err != nil {
		return "", err
	}
	return s.startSession(ctx, c, nu.ID)
}

// TestUser is the fixed account behind the dev-only 'Crear usuario test' button.
var TestUser = struct{ Email, Password, Name string }{"test@vecinos.local", "Test1234!", "Usuario de Prueba"}

// CreateTestUser makes (or reuses) the confirmed test account with its own community and signs it in.
// Only wired when VECINOS_DEV is on.
func (s *Service) CreateTestUser(ctx context.Context, c Client) (string, error) {
	if u, err := s.store.UserByEmail(ctx, TestUser.Email); err == nil && u == nil {
		hash, err := s.hasher.Hash(ctx, TestUser.Password)
		if err != nil {
			return "", err
		}
		now := s.now()
		u := &domain.User{ID: domain.NewID(), Email: TestUser.Email, PasswordHash: hash, EmailConfirmedAt: &now, Language: domain.Spanish, FullName: TestUser.Name,
			Consent: &domain.Consent{Version: domain.ConsentVersion, AcceptedAt: now}}
		if err := s.createUser(ctx, u); err != nil {
			return "", fmt.Errorf("create test user: %w", err)
		}
		c := &domain.Community{Name: "Comunidad de Prueba", Address: "Calle Mayor 1", City: "Madrid", PostalCode: "28013"}
		if err := s.communities.CreateCommunity(ctx, &domain.Actor{UserID: u.ID}, c); err != nil {
			return "", err
		}
	} else if err != nil {
		return "", err
	}
	return s.Login(ctx, c, TestUser.Email, TestUser.Password)
}

// user reads an account, which must exist.
func (s *Service) user(ctx context.Context, id string) (*domain.User, error) {
	u, err := s.store.UserByID(ctx, id)
	if err == nil && u == nil {
		return nil, errUserNotFound
	}
	return u, err
}

// takeOverUnconfirmed hands an account that never confirmed its email to the provider identity id that
// proved the address: the identity is linked, the email counts as confirmed, the password that whoever
// registered chose is cleared, their sign-up choices (community, role) and unused links are voided, the
// name becomes the provider's when it gives one, and every session ends.
func (s *Service) takeOverUnconfirmed(ctx context.Context, userID string, id ExternalIdentity, name string, now time.Time) error {
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.TakeOverUnconfirmed(ctx, userID, now)
		if err != nil {
			return err
		}
		if !ok {
			return domain.Errorf(domain.CodeConflict, "La cuenta ya estaba confirmada")
		}
		if err := s.store.LinkOAuth(ctx, userID, id.Provider, id.Subject, now); err != nil {
			return err
		}
		if name != "" {
			if err := s.store.SetFullName(ctx, userID, name, now); err != nil {
				return err
			}
		}
		if err := s.store.DeleteUnusedEmailTokens(ctx, userID); err != nil {
			return err
		}
		return s.store.DeleteSessions(ctx, userID)
	})
	if err == nil {
		s.changed(userID)
	}
	return err
}
