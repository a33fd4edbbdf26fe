package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/domain"
)

// communityHeader names the community a request acts in (ADR 0040); without it the caller acts in their
// last community. The stream and download links (a GET), which cannot set headers, take ?community= instead.
const communityHeader = "X-Vecinos-Community"

// accessKey is where route() keeps a route's access in its operation's metadata (not in the contract).
const accessKey = "vecinos.access"

// accessOf is the access that route() declared for op.
func accessOf(op *huma.Operation) access {
	if who, ok := op.Metadata[accessKey].(access); ok {
		return who
	}
	if len(op.Security) > 0 { // registered without route(): a session at least
		return account
	}
	return anyone
}

// Refusals of a caller below a route's level, in the order the levels are checked.
var (
	errConfirmEmail = domain.Errorf(domain.CodeEmailNotConfirmed, "Por favor, confirma tu email antes de continuar.")
	errAdminsOnly   = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden acceder a esta sección")
	errOwnersOnly   = domain.Errorf(domain.CodeForbidden, "Solo los propietarios pueden hacer esto")
)

// refusals words the last refusal of a route (no community for members, not an admin for admins, not an
// owner for owners) where its feature has its own words; the others read errAdminsOnly, errOwnersOnly
// or domain.ErrNoCommunity.
var refusals = func() map[string]error {
	m := map[string]error{}
	set := func(err error, ids ...string) {
		for _, id := range ids {
			m[id] = err
		}
	}
	set(domain.Errorf(domain.CodeForbidden, "No tienes una comunidad asignada"),
		"listEvents", "createEvent", "getEvent", "updateEvent", "deleteEvent")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden retirar mensajes del chat comunitario"),
		"removeChannelMessage", "listChatRemovals")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden publicar, editar o eliminar comunicados"),
		"createAnnouncement", "updateAnnouncement", "deleteAnnouncement")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden invitar a vecinos"),
		"listInvitations", "createInvitation", "resendInvitation", "revokeInvitation", "invitationLetters")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden ver el registro de actividad"), "listAudit")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden crear, editar, abrir o cerrar votaciones"),
		"createPoll", "updatePoll", "deletePoll", "publishPoll", "closePoll", "depriveUnit")
	set(domain.Errorf(domain.CodeForbidden, "Solo los propietarios pueden oponerse al acuerdo"), "objectPoll")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede gestionar las instalaciones"),
		"createFacility", "updateFacility", "closeFacilityDay", "openFacilityDay")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede cambiar la zona horaria"), "setReservationTimeZone")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede aprobar o rechazar reservas"), "reviewReservation")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede registrar la fianza"), "recordReservationDeposit")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar los documentos"),
		"createDocumentCategory", "deleteDocument")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede gestionar los proveedores"),
		"updateProvider", "archiveProvider", "reviewProvider")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede dar permiso para gestionar las tareas"),
		"listTaskEditors", "allowTaskEditor", "revokeTaskEditor")
	set(domain.Errorf(domain.CodeForbidden, "Solo un administrador puede ocultar publicaciones"), "hideWallPost")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar las cuentas de la comunidad"),
		"getMoneySettings", "saveMoneySettings", "listMoneyGroups", "createMoneyGroup", "updateMoneyGroup", "deleteMoneyGroup",
		"listBudgets", "createBudget", "saveBudget", "approveBudget", "reviseBudget", "listCuotas", "generateReceipts",
		"listReceipts", "recordPayment", "postCorrection",
		"getDebtSettings", "saveDebtSettings", "listDebts", "listCertificates", "requestCertificate", "issueCertificate", "getCertificatePdf")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar las cuentas de la comunidad"),
		"getSepaSettings", "saveSepaSettings", "listMandates", "listRemittances", "createRemittance", "getRemittance", "downloadRemittance",
		"returnDebit", "importReturns")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar las cuentas de la comunidad"),
		"listBankAccounts", "createBankAccount", "updateBankAccount", "listExpenses", "createExpense", "payExpense",
		"attachExpenseInvoice", "importStatement", "listBankMovements", "getReconciliation", "reconcileMovement")
	set(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar las cuentas de la comunidad"),
		"getYearAccounts", "closeYear", "fileYearAccounts", "approveYearAccounts", "getYearAccountsPdf", "correctClosedYear",
		"listClosedYears", "getClosingSettings", "saveClosingSettings")
	return m
}()

// refusal is why a signed-in caller may not call a route of that access (nil: they may): the email
// unconfirmed, no community, not an owner of a unit of it, not its admin.
func (s *server) refusal(ctx context.Context, operationID string, who access, a *domain.Actor) error {
	last := func(general error) error {
		if err, ok := refusals[operationID]; ok {
			return err
		}
		return general
	}
	if who >= confirmedEmail && !a.EmailConfirmed {
		return errConfirmEmail
	}
	if who >= members && !a.InCommunity() {
		if who == members {
			return last(domain.ErrNoCommunity)
		}
		return domain.ErrNoCommunity
	}
	switch who {
	case owners:
		ok, err := s.Memberships.OwnsUnit(ctx, a)
		if err != nil {
			return err
		}
		if !ok {
			return last(errOwnersOnly)
		}
	case admins:
		if !a.IsAdmin() {
			return last(errAdminsOnly)
		}
	}
	return nil
}

// readOnlyRefusal refuses every write on a community's routes to an assistant of its processor with read
// rights (ADR 0045): one rule at the access check, not one per handler. Routes of the account (its profile,
// its sessions, the office itself) are not the community's and stay open to them.
func readOnlyRefusal(method string, who access, a *domain.Actor) error {
	if who < members || !a.ReadOnly() {
		return nil
	}
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	return domain.ErrReadOnly
}

// requireSession enforces each operation's declared access before the handler runs (and before the
// request body is read): anonymous or expired sessions get a 401 problem, callers below the route's
// level a 403 with the reason. The actor is stored in the context for actor(ctx).
// takeTurns has every operation of the JSON API take its turn for the database (docs/adr/0049): its first
// query waits for it, in arrival order, and the turn goes back when the handler returns (route's
// endTurn), before the answer is written, so a client slow to read it holds no turn; the deferred end
// covers an operation refused before its handler ran, or one that panicked. It runs after the session
// check, so a request whose body is still arriving holds none either. The handlers mounted by hand do not
// take turns: the realtime stream lasts, and uploads, downloads and exports move files at the client's pace.
func takeTurns(admission func(context.Context) (context.Context, func())) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		c, end := admission(ctx.Context())
		defer end()
		next(huma.WithContext(ctx, context.WithValue(c, turnKey{}, end)))
	}
}

type turnKey struct{}

// endTurn gives back the database turn of ctx's request, if it holds one; its later queries (none, as a
// rule) no longer wait for one.
func endTurn(ctx context.Context) {
	if end, _ := ctx.Value(turnKey{}).(func()); end != nil {
		end()
	}
}

func requireSession(api huma.API, s *server) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		who := accessOf(ctx.Operation())
		if who == anyone {
			next(ctx)
			return
		}
		token := ""
		if c, err := huma.ReadCookie(ctx, sessionCookieName); err == nil {
			token = c.Value
		}
		community := ctx.Header(communityHeader)
		if community == "" && ctx.Method() == http.MethodGet {
			// A download link (a PDF, a CSV) cannot carry a header: it names its community as the stream does.
			community = ctx.Query("community")
		}
		a, err := s.Auth.Authenticate(ctx.Context(), token, community)
		if domain.ErrorCode(err) == domain.CodeNotMember {
			huma.WriteErr(api, ctx, http.StatusForbidden, "", err)
			return
		}
		if err != nil {
			huma.WriteErr(api, ctx, http.StatusUnauthorized, "", err)
			return
		}
		if err := s.refusal(ctx.Context(), ctx.Operation().OperationID, who, a); err != nil {
			huma.WriteErr(api, ctx, http.StatusForbidden, "", err)
			return
		}
		if err := readOnlyRefusal(ctx.Method(), who, a); err != nil {
			huma.WriteErr(api, ctx, http.StatusForbidden, "", err)
			return
		}
		next(huma.WithValue(ctx, actorKey{}, a))
	}
}

// plainCaller is the caller of a plain handler (outside the contract: uploads, downloads) that needs the
// access who, refused as a route of that level would refuse them; nil when it answered.
func (s *server) plainCaller(w http.ResponseWriter, r *http.Request, who access) *domain.Actor {
	return s.plainCallerOf(w, r, who, "")
}

// plainCallerOf is plainCaller for a handler with its own words of refusal, under an operation id of
// refusals.
func (s *server) plainCallerOf(w http.ResponseWriter, r *http.Request, who access, operationID string) *domain.Actor {
	a, err := s.sessionActor(r)
	switch {
	case err != nil:
		writeProblem(w, problemFor(r.Context(), err))
	case a == nil:
		writeProblem(w, problemFor(r.Context(), errUnauthenticated))
	default:
		if err := s.refusal(r.Context(), operationID, who, a); err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return nil
		}
		if err := readOnlyRefusal(r.Method, who, a); err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return nil
		}
		return a
	}
	return nil
}
