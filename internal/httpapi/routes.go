package httpapi

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/announcements"
	"vecinos/internal/audit"
	"vecinos/internal/auth"
	"vecinos/internal/dashboard"
	"vecinos/internal/directory"
	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/events"
	"vecinos/internal/incidents"
	"vecinos/internal/invitations"
	"vecinos/internal/juntas"
	"vecinos/internal/mail"
	"vecinos/internal/maintenance"
	"vecinos/internal/memberships"
	"vecinos/internal/messages"
	"vecinos/internal/money"
	"vecinos/internal/onboarding"
	"vecinos/internal/organisations"
	"vecinos/internal/privacy"
	"vecinos/internal/profiles"
	"vecinos/internal/providers"
	"vecinos/internal/push"
	"vecinos/internal/reservations"
	"vecinos/internal/tasks"
	"vecinos/internal/units"
	"vecinos/internal/voting"
	"vecinos/internal/wall"
)

// Services are the features' services the handlers call, one line each: app.go fills them in and
// registerAPI below declares their routes, so a new feature touches this file and app.go only.
type Services struct {
	Mailbox       *mail.Mailbox
	Bounces       *mail.Bounces
	Auth          *auth.Service
	Incidents     *incidents.Service
	Events        *events.Service
	Messages      *messages.Service
	Profiles      *profiles.Service
	Memberships   *memberships.Service
	Onboarding    *onboarding.Service
	Announcements *announcements.Service
	Directory     *directory.Service
	Invitations   *invitations.Service
	Dashboard     *dashboard.Service
	Units         *units.Service         // the units registry (issue #21)
	Audit         *audit.Service         // the record of admin actions
	Voting        *voting.Service        // polls and junta votes (issue #15)
	Reservations  *reservations.Service  // facilities and their bookings (issue #13)
	Documents     *documents.Service     // the community's archive (issue #14)
	Providers     *providers.Service     // the directory of service providers (issue #16)
	Tasks         *tasks.Service         // the staff's and providers' tasks (issue #16)
	Maintenance   *maintenance.Service   // the building's upkeep and legal inspections (ADR 0054)
	Wall          *wall.Service          // the community wall (issue #16)
	Money         *money.Service         // fees, budgets, receipts and ledgers (issue #36)
	Juntas        *juntas.Service        // juntas de propietarios: convocatoria, attendance, acta (issue #38)
	Organisations *organisations.Service // the administrador de fincas' office (issue #35, ADR 0045)
	Privacy       *privacy.Service       // the member's data export and consent (issue #17)
	Push          *push.Service          // web push: devices and the kinds of notification (issue #17)
}

// access is who may call a route, and requireSession (access.go) enforces it before the handler runs:
// a caller below the route's level is refused there, so handlers and services hold only the rules that
// depend on the object (docs/adr/0034). Each level up to members needs the ones above it in this list;
// owners and admins each need members, but not each other (an admin need not own a unit). TestEveryRouteChecksItsDeclaredAccess calls every
// route as each kind of caller and needs a row per route.
type access int

const (
	anyone         access = iota // no session needed
	account                      // any signed-in account, its email confirmed or not
	confirmedEmail               // a signed-in account whose email is confirmed
	members                      // a confirmed member of a community, on that community's data
	owners                       // a member who is the confirmed owner of a unit of their community
	admins                       // an administrator of the caller's community
)

// route registers one operation of /api/v1; opts set what few operations need (a body that is not JSON).
func route[I, O any](api huma.API, method, path string, who access, status int, tag, id string,
	handler func(context.Context, *I) (*O, error), summary string, opts ...func(*huma.Operation)) {
	op := huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{tag}, DefaultStatus: status,
		Metadata: map[string]any{accessKey: who}}
	if who != anyone {
		op.Security = sessionRequired
	}
	for _, o := range opts {
		o(&op)
	}
	huma.Register(api, op, func(ctx context.Context, in *I) (*O, error) {
		defer endTurn(ctx)
		return handler(ctx, in)
	})
}

// returns documents a success body of another media type than JSON (a CSV, a PDF).
func returns(mediaType, description string) func(*huma.Operation) {
	return func(op *huma.Operation) {
		op.Responses = map[string]*huma.Response{"200": {Description: description, Content: map[string]*huma.MediaType{mediaType: {}}}}
	}
}

// returnsJSON documents the JSON body of T for a handler that writes it already encoded (a []byte body).
func returnsJSON[T any](api huma.API) func(*huma.Operation) {
	return func(op *huma.Operation) {
		schema := api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[T](), true, "")
		op.Responses = map[string]*huma.Response{"200": {Description: "OK", Content: map[string]*huma.MediaType{"application/json": {Schema: schema}}}}
	}
}

// registerAPI lists every operation of /api/v1: method, path, who may call it, success status, tag,
// operation id, handler and summary. The handlers live in one file per feature.
func registerAPI(api huma.API, s *server) {
	api.UseMiddleware(requireSession(api, s))
	if s.Admission != nil {
		api.UseMiddleware(takeTurns(s.Admission))
	}

	// meta
	route(api, http.MethodGet, "/api/v1/app-info", anyone, 0, "meta", "getAppInfo", s.appInfo,
		"Versión y funciones activas de esta instalación")

	// accounts
	route(api, http.MethodPost, "/api/v1/auth/check-email", anyone, 200, "auth", "checkEmail", s.checkEmail,
		"¿Está registrado este email?")
	route(api, http.MethodPost, "/api/v1/auth/signup", anyone, 201, "auth", "signUp", s.signUp,
		"Crear una cuenta (envía el email de confirmación)")
	route(api, http.MethodPost, "/api/v1/auth/resend", anyone, 204, "auth", "resendConfirmation", s.resend,
		"Reenviar el email de confirmación")
	route(api, http.MethodPost, "/api/v1/auth/confirm", anyone, 200, "auth", "confirmEmail", s.confirm,
		"Confirmar el email con el token del enlace e iniciar sesión")
	route(api, http.MethodPost, "/api/v1/auth/login", anyone, 200, "auth", "login", s.login,
		"Iniciar sesión con email y contraseña")
	route(api, http.MethodPost, "/api/v1/auth/logout", account, 204, "auth", "logout", s.logout,
		"Cerrar sesión")
	route(api, http.MethodPost, "/api/v1/auth/forgot-password", anyone, 202, "auth", "forgotPassword", s.forgotPassword,
		"Enviar un enlace para restablecer la contraseña")
	route(api, http.MethodPost, "/api/v1/auth/reset-password/check", anyone, 204, "auth", "checkResetLink", s.checkResetLink,
		"Comprobar un enlace de recuperación")
	route(api, http.MethodPost, "/api/v1/auth/reset-password", anyone, 204, "auth", "resetPassword", s.resetPassword,
		"Fijar una contraseña nueva con un enlace de recuperación")
	route(api, http.MethodPost, "/api/v1/auth/change-password", account, 204, "auth", "changePassword", s.changePassword,
		"Cambiar la contraseña (cierra las demás sesiones)")
	route(api, http.MethodGet, "/api/v1/me", account, 200, "auth", "getMe", s.me,
		"El usuario que ha iniciado sesión")
	route(api, http.MethodGet, "/api/v1/communities/lookup/{code}", anyone, 200, "auth", "lookupCommunity", s.lookupCommunity,
		"Buscar una comunidad por su código")
	route(api, http.MethodPost, "/api/v1/communities/join", confirmedEmail, 200, "auth", "joinCommunity", s.joinCommunity,
		"Unirse a una comunidad con su código (o pedirlo, si requiere aprobación) o con una invitación personal")
	route(api, http.MethodGet, "/api/v1/invitations/{token}", anyone, 200, "auth", "lookupInvitation", s.lookupInvitation,
		"La comunidad de una invitación personal por email")
	route(api, http.MethodPost, "/api/v1/communities", confirmedEmail, 201, "auth", "createCommunity", s.createCommunity,
		"Crear una comunidad (quien la crea es su administrador)")
	if s.Config == nil || s.Config.Dev { // the 'Crear usuario test' button; the contract lists it
		route(api, http.MethodPost, "/api/v1/dev/test-user", anyone, 200, "auth", "createTestUser", s.createTestUser,
			"Solo en desarrollo: crear e iniciar sesión con el usuario de prueba")
	}

	// communities
	route(api, http.MethodGet, "/api/v1/community", members, 0, "memberships", "getMyCommunity", s.myCommunity,
		"La comunidad del usuario")
	route(api, http.MethodGet, "/api/v1/community/members", members, 0, "communities", "listCommunityMembers", s.communityMembers,
		"Miembros de la comunidad, por nombre")

	// incidents
	route(api, http.MethodGet, "/api/v1/incidents", members, 200, "incidents", "listIncidents", s.listIncidents,
		"Incidencias de la comunidad, las más nuevas primero", returnsJSON[IncidentPage](api))
	route(api, http.MethodPost, "/api/v1/incidents", members, 201, "incidents", "createIncident", s.createIncident,
		"Registrar una incidencia")
	route(api, http.MethodGet, "/api/v1/incidents/{id}", members, 200, "incidents", "getIncident", s.getIncident,
		"Una incidencia con su historial de estados")
	route(api, http.MethodPatch, "/api/v1/incidents/{id}", members, 200, "incidents", "updateIncident", s.updateIncident,
		"Editar una incidencia (su creador o un administrador)")
	route(api, http.MethodDelete, "/api/v1/incidents/{id}", members, 204, "incidents", "deleteIncident", s.deleteIncident,
		"Eliminar una incidencia (su creador o un administrador)")

	// events
	route(api, http.MethodGet, "/api/v1/events", members, 200, "events", "listEvents", s.listEvents,
		"Eventos de la comunidad por fecha de inicio")
	route(api, http.MethodPost, "/api/v1/events", members, 201, "events", "createEvent", s.createEvent,
		"Crear un evento")
	route(api, http.MethodGet, "/api/v1/events/{id}", members, 200, "events", "getEvent", s.getEvent,
		"Un evento")
	route(api, http.MethodPatch, "/api/v1/events/{id}", members, 200, "events", "updateEvent", s.updateEvent,
		"Editar un evento (su creador o un administrador)")
	route(api, http.MethodDelete, "/api/v1/events/{id}", members, 204, "events", "deleteEvent", s.deleteEvent,
		"Eliminar un evento (su creador o un administrador)")
	route(api, http.MethodGet, "/api/v1/calendar/feed-url", members, 200, "events", "getCalendarFeed", s.calendarFeedStatus,
		"¿Tengo una URL de calendario (iCalendar)?")
	route(api, http.MethodPost, "/api/v1/calendar/feed-url", members, 201, "events", "createCalendarFeed", s.createCalendarFeed,
		"Crear (o renovar, revocando la anterior) mi URL privada de calendario")
	route(api, http.MethodDelete, "/api/v1/calendar/feed-url", members, 204, "events", "revokeCalendarFeed", s.revokeCalendarFeed,
		"Revocar mi URL privada de calendario")

	// dashboard
	route(api, http.MethodGet, "/api/v1/dashboard", members, 0, "dashboard", "getDashboard", s.dashboard,
		"Resumen de la comunidad para el inicio")

	// profiles: the person's own profile
	route(api, http.MethodGet, "/api/v1/profile", account, 0, "profiles", "getProfile", s.getProfile,
		"Mi perfil")
	route(api, http.MethodPatch, "/api/v1/profile", confirmedEmail, 0, "profiles", "updateProfile", s.updateProfile,
		"Editar mi perfil (un email nuevo se confirma por email)")

	// accounts
	route(api, http.MethodPost, "/api/v1/auth/confirm-email-change", anyone, 0, "auth", "confirmEmailChange", s.confirmEmailChange,
		"Confirmar el email nuevo con el token del enlace (cierra las demás sesiones)")
	route(api, http.MethodPost, "/api/v1/auth/cancel-email-change", anyone, 204, "auth", "cancelEmailChange", s.cancelEmailChange,
		"Cancelar un cambio de email pendiente con el token del aviso enviado al email actual")
	route(api, http.MethodPost, "/api/v1/account/delete", account, 204, "auth", "deleteAccount", s.deleteAccount,
		"Eliminar mi cuenta y mis datos personales (envía un email de confirmación)")
	route(api, http.MethodGet, "/api/v1/account/consent", account, 200, "auth", "getConsent", s.getConsent,
		"Mi aceptación de las condiciones y la política de privacidad: la versión vigente y cada aceptación")
	route(api, http.MethodPost, "/api/v1/account/consent", account, 200, "auth", "acceptConsent", s.acceptConsent,
		"Aceptar la versión vigente de las condiciones y la política de privacidad")

	// onboarding: the wizard, /verify included
	route(api, http.MethodPost, "/api/v1/onboarding/start", confirmedEmail, 0, "onboarding", "onboardingStart", s.onboardingStart,
		"Paso /start: idioma y consentimiento de privacidad")
	route(api, http.MethodPost, "/api/v1/onboarding/join", confirmedEmail, 0, "onboarding", "onboardingJoin", s.onboardingJoin,
		"Paso /join: relación con la comunidad y teléfono")
	route(api, http.MethodPut, "/api/v1/onboarding/step", confirmedEmail, 0, "onboarding", "onboardingStep", s.onboardingStep,
		"Guardar el paso del asistente en el que está el usuario")
	route(api, http.MethodGet, "/api/v1/onboarding/communities/by-reference", confirmedEmail, 0, "onboarding", "findCommunityByReference", s.findByReference,
		"Buscar comunidades por referencia catastral (mismo edificio)")
	route(api, http.MethodGet, "/api/v1/onboarding/communities/by-address", confirmedEmail, 0, "onboarding", "findCommunityByAddress", s.findByAddress,
		"Buscar comunidades por dirección (sin distinguir mayúsculas ni acentos)")
	route(api, http.MethodGet, "/api/v1/onboarding/communities/{id}/units", confirmedEmail, 0, "onboarding", "listCommunityUnits", s.communityUnits,
		"Viviendas de una comunidad")
	route(api, http.MethodPost, "/api/v1/onboarding/choose-unit", confirmedEmail, 0, "onboarding", "onboardingChooseUnit", s.chooseUnit,
		"Paso /choose-unit: elegir la vivienda (o pedir unirse a la comunidad encontrada)")
	route(api, http.MethodGet, "/api/v1/onboarding/join-request", confirmedEmail, 0, "onboarding", "getMyJoinRequest", s.myJoinRequest,
		"Mi solicitud para unirme a una comunidad")
	route(api, http.MethodPost, "/api/v1/onboarding/done", members, 0, "onboarding", "onboardingDone", s.onboardingDone,
		"Paso /done: nombre, avatar y normas; termina el asistente")

	// memberships: my units in the community (the registry itself, next, is the units feature's)
	route(api, http.MethodGet, "/api/v1/unit", members, 0, "memberships", "getMyUnit", s.getMyUnit,
		"Mi vivienda")
	route(api, http.MethodPut, "/api/v1/unit", members, 0, "memberships", "saveMyUnit", s.saveMyUnit,
		"Guardar mi vivienda (la crea si no tengo; solo su propietario o un administrador la modifican)")
	route(api, http.MethodGet, "/api/v1/my-units", members, 0, "memberships", "listMyUnits", s.myUnits,
		"Mis viviendas: la principal primero, luego las demás, con su relación y si está confirmada")
	route(api, http.MethodPost, "/api/v1/my-units", members, 0, "memberships", "addMyUnit", s.addMyUnit,
		"Añadir otra vivienda del registro (decir que se es propietario queda por confirmar)")
	route(api, http.MethodDelete, "/api/v1/my-units/{unitId}", members, 0, "memberships", "removeMyUnit", s.removeMyUnit,
		"Quitar una de mis otras viviendas (no la principal)")
	route(api, http.MethodGet, "/api/v1/community/units", admins, 0, "units", "listUnits", s.listUnits,
		"Viviendas y locales de la comunidad (administradores)")
	route(api, http.MethodPost, "/api/v1/community/units", admins, http.StatusCreated, "units", "addUnit", s.addUnit,
		"Añadir una unidad (administradores)")
	route(api, http.MethodPatch, "/api/v1/community/units/{id}", admins, 0, "units", "updateUnit", s.updateUnit,
		"Renombrar una unidad, cambiar su tipo o su coeficiente (administradores)")
	route(api, http.MethodDelete, "/api/v1/community/units/{id}", admins, 0, "units", "removeUnit", s.removeUnit,
		"Eliminar una unidad sin vecinos (administradores)")
	route(api, http.MethodPost, "/api/v1/community/units/{id}/merge", admins, 0, "units", "mergeUnit", s.mergeUnit,
		"Fusionar una unidad con otra: sus vecinos y su propietario pasan a la otra (administradores)")
	route(api, http.MethodGet, "/api/v1/community/units/export", admins, 0, "units", "exportUnits", s.exportUnits,
		"Exportar las unidades como CSV (administradores)", returns("text/csv", "CSV"))
	route(api, http.MethodPost, "/api/v1/community/units/import", admins, 0, "units", "importUnits", s.importUnits,
		"Importar unidades de un CSV: todo o nada, con los errores por línea (administradores)")

	// memberships: the community's data and code, its admins and roles
	route(api, http.MethodPatch, "/api/v1/community", admins, 0, "memberships", "updateMyCommunity", s.updateCommunity,
		"Editar la comunidad (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/code", admins, 0, "memberships", "rotateCommunityCode", s.rotateCode,
		"Cambiar el código de la comunidad: el anterior deja de servir (administradores)")
	route(api, http.MethodGet, "/api/v1/community/admins", members, 0, "memberships", "listCommunityAdmins", s.communityAdmins,
		"Administradores de la comunidad y sus viviendas")
	route(api, http.MethodGet, "/api/v1/community/roles", admins, 0, "memberships", "listCommunityRoles", s.communityRoles,
		"Miembros con su email y rol (solo administradores)")
	route(api, http.MethodPut, "/api/v1/community/members/{userId}/role", admins, 0, "memberships", "setMemberRole", s.setMemberRole,
		"Cambiar el rol de un miembro (solo administradores; máximo 3 administradores)")

	// memberships: my verification, and the admins' queue of verifications, join requests and claims
	route(api, http.MethodGet, "/api/v1/verification", account, 0, "memberships", "getMyVerification", s.myVerification,
		"Mi verificación")
	route(api, http.MethodPost, "/api/v1/onboarding/verify", members, 0, "onboarding", "onboardingVerify", s.verify,
		"Paso /verify: automática, por documento o por código")
	route(api, http.MethodGet, "/api/v1/community/verifications", admins, 0, "memberships", "listVerifications", s.verifications,
		"Solicitudes de verificación de la comunidad (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/verifications/{id}/review", admins, 0, "memberships", "reviewVerification", s.reviewVerification,
		"Aprobar o rechazar una solicitud (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/verification-codes", admins, 201, "memberships", "issueVerificationCode", s.issueCode,
		"Crear un código de verificación de un solo uso (solo administradores)")
	route(api, http.MethodGet, "/api/v1/community/join-requests", admins, 0, "memberships", "listJoinRequests", s.joinRequests,
		"Solicitudes para unirse a la comunidad (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/join-requests/{id}/review", admins, 0, "memberships", "reviewJoinRequest", s.reviewJoinRequest,
		"Aprobar o rechazar una solicitud para unirse (solo administradores)")
	route(api, http.MethodGet, "/api/v1/community/owner-claims", admins, 0, "memberships", "listOwnerClaims", s.ownerClaims,
		"Viviendas que alguien dice poseer, por confirmar (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/owner-claims/{id}/review", admins, 0, "memberships", "reviewOwnerClaim", s.reviewOwnerClaim,
		"Confirmar o rechazar que alguien es propietario (solo administradores)")

	route(api, http.MethodGet, "/api/v1/community/resident-claims", admins, 0, "memberships", "listResidentClaims", s.residentClaims,
		"Vecinos que dicen vivir en otra vivienda, por confirmar (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/resident-claims/{unitId}/{userId}/review", admins, http.StatusNoContent, "memberships",
		"reviewResidentClaim", s.reviewResidentClaim, "Confirmar o rechazar que alguien vive en otra vivienda (solo administradores)")

	// messages
	route(api, http.MethodGet, "/api/v1/conversations", members, 200, "messages", "listConversations", s.listConversations,
		"Mis conversaciones, la más reciente primero")
	route(api, http.MethodPost, "/api/v1/conversations", members, 200, "messages", "startConversation", s.startConversation,
		"Abrir (o crear) la conversación con un vecino")
	route(api, http.MethodGet, "/api/v1/conversations/{id}", members, 200, "messages", "getConversation", s.getConversation,
		"Una conversación (solo sus participantes)")
	route(api, http.MethodGet, "/api/v1/conversations/{id}/messages", members, 200, "messages", "listDirectMessages", s.listDirectMessages,
		"Mensajes de una conversación, los más antiguos primero")
	route(api, http.MethodPost, "/api/v1/conversations/{id}/messages", members, 201, "messages", "sendDirectMessage", s.sendDirectMessage,
		"Enviar un mensaje (idempotente por clientId)")
	route(api, http.MethodPost, "/api/v1/conversations/{id}/read", members, 200, "messages", "markConversationRead", s.markConversationRead,
		"Marcar como leídos los mensajes recibidos")
	route(api, http.MethodGet, "/api/v1/messages/unread-count", members, 200, "messages", "getUnreadCount", s.unreadCount,
		"Mensajes directos sin leer (la insignia)")
	route(api, http.MethodGet, "/api/v1/channels", members, 200, "messages", "listChannels", s.listChannels,
		"El chat comunitario y mis canales privados")
	route(api, http.MethodPost, "/api/v1/channels", members, 201, "messages", "createChannel", s.createChannel,
		"Crear un canal privado e invitar a vecinos")
	route(api, http.MethodGet, "/api/v1/channels/community", members, 200, "messages", "getCommunityChannel", s.communityChannel,
		"El chat comunitario de mi comunidad")
	route(api, http.MethodGet, "/api/v1/channels/{id}", members, 200, "messages", "getChannel", s.getChannel,
		"Un canal (miembros solamente)")
	route(api, http.MethodPost, "/api/v1/channels/{id}/members", members, 200, "messages", "addChannelMembers", s.addChannelMembers,
		"Invitar a vecinos a un canal privado")
	route(api, http.MethodGet, "/api/v1/channels/{id}/members", members, 200, "messages", "listChannelMembers", s.listChannelMembers,
		"Los miembros de un canal: nombre, vivienda y rol (miembros del canal solamente)")
	route(api, http.MethodGet, "/api/v1/channels/{id}/messages", members, 200, "messages", "listChannelMessages", s.listChannelMessages,
		"Mensajes de un canal, los más antiguos primero", returnsJSON[[]domain.ChannelMessage](api))
	route(api, http.MethodPost, "/api/v1/channels/{id}/messages", members, 201, "messages", "postChannelMessage", s.postChannelMessage,
		"Escribir en un canal (idempotente por clientId)")
	// messages: the chat's extras (issue #20); attachments are uploaded and served by plain handlers
	for _, c := range []struct {
		kind         domain.ChatKind
		path, op, of string
	}{{domain.ChatDirect, "/api/v1/conversations/{id}", "Direct", "de una conversación"}, {domain.ChatChannel, "/api/v1/channels/{id}", "Channel", "de un canal"}} {
		h := chatHandlers{s, c.kind}
		route(api, http.MethodPatch, c.path+"/messages/{messageId}", members, 204, "messages", "edit"+c.op+"Message", h.edit,
			"Editar un mensaje propio "+c.of+" (15 minutos)")
		route(api, http.MethodDelete, c.path+"/messages/{messageId}", members, 204, "messages", "delete"+c.op+"Message", h.delete,
			"Eliminar un mensaje propio "+c.of+" (queda 'Mensaje eliminado')")
		route(api, http.MethodPut, c.path+"/messages/{messageId}/reaction", members, 204, "messages", "reactTo"+c.op+"Message", h.react,
			"Reaccionar a un mensaje "+c.of+" (el mismo emoji la quita)")
		route(api, http.MethodGet, c.path+"/search", members, 200, "messages", "search"+c.op+"Messages", h.search,
			"Buscar en los mensajes "+c.of+" (sin distinguir acentos)")
		route(api, http.MethodPut, c.path+"/mute", members, 200, "messages", "mute"+c.op, h.mute,
			"Silenciar las notificaciones "+c.of)
	}
	route(api, http.MethodDelete, "/api/v1/conversations/{id}", members, 204, "messages", "deleteConversation", s.hideConversation,
		"Eliminar una conversación de mi lista (vuelve con un mensaje nuevo)")
	route(api, http.MethodPost, "/api/v1/channels/{id}/leave", members, 204, "messages", "leaveChannel", s.leaveChannel,
		"Salir de un canal privado")
	route(api, http.MethodPost, "/api/v1/channels/{id}/messages/{messageId}/removal", admins, 204, "messages", "removeChannelMessage",
		s.removeChannelMessage, "Retirar un mensaje del chat comunitario, con su motivo (solo administradores)")
	route(api, http.MethodGet, "/api/v1/community/chat-removals", admins, 200, "messages", "listChatRemovals", s.chatRemovals,
		"Mensajes retirados del chat comunitario: quién, cuándo y por qué (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/attachments/{id}", members, 204, "messages", "cancelAttachment", s.cancelAttachment,
		"Descartar un archivo subido que aún no se envió")

	// announcements
	route(api, http.MethodGet, "/api/v1/announcements", members, 200, "announcements", "listAnnouncements", s.listAnnouncements,
		"Tablón de anuncios: fijados primero, luego los más nuevos")
	route(api, http.MethodPost, "/api/v1/announcements", admins, 201, "announcements", "createAnnouncement", s.createAnnouncement,
		"Publicar un comunicado (solo administradores)")
	route(api, http.MethodGet, "/api/v1/announcements/audiences", members, 200, "announcements", "listAnnouncementAudiences", s.announcementAudiences,
		"Portales a los que se puede dirigir un comunicado")
	route(api, http.MethodGet, "/api/v1/announcements/{id}", members, 200, "announcements", "getAnnouncement", s.getAnnouncement,
		"Un comunicado")
	route(api, http.MethodPatch, "/api/v1/announcements/{id}", admins, 200, "announcements", "updateAnnouncement", s.updateAnnouncement,
		"Editar un comunicado (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/announcements/{id}", admins, 204, "announcements", "deleteAnnouncement", s.deleteAnnouncement,
		"Eliminar un comunicado (solo administradores)")
	route(api, http.MethodPost, "/api/v1/announcements/{id}/read", members, 200, "announcements", "readAnnouncement", s.readAnnouncement,
		"Marcar un comunicado como leído (una vez)")
	route(api, http.MethodPut, "/api/v1/announcements/{id}/reaction", members, 200, "announcements", "reactToAnnouncement", s.reactToAnnouncement,
		"Reaccionar a un comunicado (el mismo emoji la quita)")

	// directory
	route(api, http.MethodGet, "/api/v1/directory", members, 0, "directory", "getDirectory", s.directory,
		"Directorio de residentes de la comunidad")

	// invitations
	route(api, http.MethodGet, "/api/v1/community/invitations", admins, 0, "invitations", "listInvitations", s.listInvitations,
		"Invitaciones enviadas (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/invitations", admins, http.StatusCreated, "invitations", "createInvitation", s.createInvitation,
		"Invitar a un vecino por email (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/invitations/{id}/resend", admins, 0, "invitations", "resendInvitation", s.resendInvitation,
		"Reenviar una invitación (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/invitations/{id}/revoke", admins, 0, "invitations", "revokeInvitation", s.revokeInvitation,
		"Revocar una invitación (solo administradores)")
	route(api, http.MethodGet, "/api/v1/community/invitation-letters", admins, 0, "invitations", "invitationLetters", s.invitationLetters,
		"Cartas para los buzones: un PDF con una página por vivienda (solo administradores)", returns("application/pdf", "The PDF"))
	route(api, http.MethodGet, "/api/v1/onboarding/invited-unit", confirmedEmail, 0, "invitations", "invitedUnit", s.invitedUnit,
		"La vivienda de mi invitación, para preseleccionarla")
	route(api, http.MethodGet, "/api/v1/community/new-units", admins, 0, "memberships", "listProposedUnits", s.proposedUnits,
		"Viviendas nuevas por aceptar (solo administradores)")
	route(api, http.MethodPost, "/api/v1/community/new-units/{id}/review", admins, 0, "memberships", "reviewProposedUnit", s.reviewProposedUnit,
		"Aceptar o rechazar una vivienda nueva (solo administradores)")

	// audit of admin actions
	route(api, http.MethodGet, "/api/v1/community/audit", admins, 0, "audit", "listAudit", s.listAudit,
		"Registro de actividad de los administradores, lo más nuevo primero")
	// voting (issue #15)
	route(api, http.MethodGet, "/api/v1/polls", members, 0, "voting", "listPolls", s.listPolls,
		"Votaciones de la comunidad (los borradores, solo a los administradores)")
	route(api, http.MethodPost, "/api/v1/polls", admins, http.StatusCreated, "voting", "createPoll", s.createPoll,
		"Crear una votación en borrador (solo administradores)")
	route(api, http.MethodGet, "/api/v1/polls/{id}", members, 0, "voting", "getPoll", s.getPoll,
		"Una votación, con el resultado que el usuario puede ver")
	route(api, http.MethodPut, "/api/v1/polls/{id}", admins, 0, "voting", "updatePoll", s.updatePoll,
		"Editar una votación en borrador (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/polls/{id}", admins, http.StatusNoContent, "voting", "deletePoll", s.deletePoll,
		"Eliminar una votación en borrador (solo administradores)")
	route(api, http.MethodPost, "/api/v1/polls/{id}/publish", admins, 0, "voting", "publishPoll", s.publishPoll,
		"Abrir una votación ahora (solo administradores)")
	route(api, http.MethodPost, "/api/v1/polls/{id}/close", admins, 0, "voting", "closePoll", s.closePoll,
		"Cerrar una votación antes de tiempo (solo administradores)")
	route(api, http.MethodPost, "/api/v1/polls/{id}/vote", members, 0, "voting", "votePoll", s.votePoll,
		"Votar (o cambiar el voto, si la votación lo permite), por uno mismo o por un propietario representado")
	route(api, http.MethodPut, "/api/v1/polls/{id}/delegation", members, 0, "voting", "delegatePoll", s.delegatePoll,
		"Delegar el voto, en esta votación o en toda su junta, en otro miembro o revocar la delegación (art. 15.1 LPH)")
	route(api, http.MethodPost, "/api/v1/polls/{id}/objection", owners, 0, "voting", "objectPoll", s.objectPoll,
		"Oponerse al acuerdo como propietario ausente (art. 17.8 LPH)")
	route(api, http.MethodPut, "/api/v1/polls/{id}/units/{unitId}/deprivation", admins, 0, "voting", "depriveUnit", s.depriveUnit,
		"Privar del voto a una vivienda o devolvérselo (art. 15.2 LPH; solo administradores, antes del cierre)")
	route(api, http.MethodGet, "/api/v1/polls/{id}/record", members, 0, "voting", "getPollRecord", s.pollRecord,
		"Datos para el acta (art. 19 LPH): asistentes, representados, cuotas y votos")
	route(api, http.MethodGet, "/api/v1/polls/{id}/record.csv", members, 0, "voting", "exportPollRecord", s.pollRecordCSV,
		"El resultado y los votantes como CSV", returns("text/csv", "CSV"))
	// reservations (issue #13): facilities, their calendar and the bookings
	route(api, http.MethodGet, "/api/v1/facilities", members, 200, "reservations", "listFacilities", s.listFacilities,
		"Instalaciones de la comunidad con sus próximos huecos libres")
	route(api, http.MethodPost, "/api/v1/facilities", admins, 201, "reservations", "createFacility", s.createFacility,
		"Añadir una instalación (solo administradores)")
	route(api, http.MethodGet, "/api/v1/facilities/{id}", members, 200, "reservations", "getFacility", s.getFacility,
		"Una instalación y sus normas")
	route(api, http.MethodPatch, "/api/v1/facilities/{id}", admins, 200, "reservations", "updateFacility", s.updateFacility,
		"Editar o archivar una instalación (solo administradores)")
	route(api, http.MethodPut, "/api/v1/facilities/{id}/closures/{date}", admins, 200, "reservations", "closeFacilityDay", s.closeFacilityDay,
		"Cerrar una instalación un día, con el motivo (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/facilities/{id}/closures/{date}", admins, 200, "reservations", "openFacilityDay", s.openFacilityDay,
		"Volver a abrir un día cerrado (solo administradores)")
	route(api, http.MethodGet, "/api/v1/facilities/{id}/availability", members, 200, "reservations", "getFacilityAvailability", s.facilityAvailability,
		"Huecos libres y ocupados de un mes, día a día (hora de la comunidad)", returnsJSON[AvailabilityMonth](api))
	route(api, http.MethodGet, "/api/v1/reservations/time-zone", members, 200, "reservations", "getReservationTimeZone", s.getReservationTimeZone,
		"La zona horaria de la comunidad, en la que se leen todas las horas de las reservas")
	route(api, http.MethodPut, "/api/v1/reservations/time-zone", admins, 200, "reservations", "setReservationTimeZone", s.setReservationTimeZone,
		"Cambiar la zona horaria de la comunidad (solo administradores)")
	route(api, http.MethodGet, "/api/v1/reservations", members, 200, "reservations", "listReservations", s.listReservations,
		"Mis reservas (o todas, para un administrador), por fecha")
	route(api, http.MethodPost, "/api/v1/reservations", members, 201, "reservations", "createReservation", s.createReservation,
		"Reservar un hueco de una instalación para mi vivienda")
	route(api, http.MethodGet, "/api/v1/reservations/next", members, 200, "reservations", "getNextReservation", s.nextReservation,
		"Mi próxima reserva (el inicio)")
	route(api, http.MethodGet, "/api/v1/reservations/{id}", members, 200, "reservations", "getReservation", s.getReservation,
		"Una reserva")
	route(api, http.MethodPatch, "/api/v1/reservations/{id}", members, 200, "reservations", "modifyReservation", s.modifyReservation,
		"Cambiar el horario de una reserva (quien la hizo, dentro del plazo, o un administrador)")
	route(api, http.MethodPost, "/api/v1/reservations/{id}/cancel", members, 200, "reservations", "cancelReservation", s.cancelReservation,
		"Cancelar una reserva (quien la hizo, dentro del plazo, o un administrador con motivo)")
	route(api, http.MethodPost, "/api/v1/reservations/{id}/review", admins, 200, "reservations", "reviewReservation", s.reviewReservation,
		"Aprobar o rechazar una reserva pendiente (solo administradores)")
	route(api, http.MethodPost, "/api/v1/reservations/{id}/deposit", admins, 200, "reservations", "recordReservationDeposit", s.recordDeposit,
		"Registrar la fianza: recibida, devuelta o retenida (solo administradores)")
	// documents (uploads and files: plain handlers in mountHandlers)
	route(api, http.MethodGet, "/api/v1/documents", members, 200, "documents", "listDocuments", s.listDocuments,
		"Documentos de la comunidad que puedo ver, por fecha del documento (búsqueda, categoría, año)")
	route(api, http.MethodGet, "/api/v1/documents/highlights", members, 200, "documents", "getDocumentHighlights", s.documentHighlights,
		"Accesos rápidos: 'Última acta' y 'Estado de cuentas'")
	route(api, http.MethodGet, "/api/v1/documents/categories", members, 200, "documents", "listDocumentCategories", s.documentCategories,
		"Categorías de documentos de la comunidad")
	route(api, http.MethodPost, "/api/v1/documents/categories", admins, 201, "documents", "createDocumentCategory", s.createDocumentCategory,
		"Añadir una categoría, abierta o no a que cualquier vecino suba (solo administradores)")
	route(api, http.MethodGet, "/api/v1/documents/email-notices", members, 200, "documents", "getDocumentEmails", s.documentEmails,
		"¿Recibo por email las actas y cuentas nuevas?")
	route(api, http.MethodPut, "/api/v1/documents/email-notices", members, 200, "documents", "setDocumentEmails", s.setDocumentEmails,
		"Activar o desactivar los emails de actas y cuentas nuevas")
	route(api, http.MethodGet, "/api/v1/documents/{id}", members, 200, "documents", "getDocument", s.getDocument,
		"Un documento con todas sus versiones")
	route(api, http.MethodDelete, "/api/v1/documents/{id}", admins, 204, "documents", "deleteDocument", s.deleteDocument,
		"Eliminar un documento con un motivo (solo administradores; actas y cuentas se conservan 5 años)")
	// services: the community's directory of providers (issue #16)
	route(api, http.MethodGet, "/api/v1/providers", members, 200, "providers", "listProviders", s.listProviders,
		"Proveedores de la comunidad por nombre, con las sugerencias que el usuario puede ver")
	route(api, http.MethodPost, "/api/v1/providers", members, 201, "providers", "createProvider", s.createProvider,
		"Sugerir un proveedor (un administrador lo añade directamente)")
	route(api, http.MethodPatch, "/api/v1/providers/{id}", admins, 200, "providers", "updateProvider", s.updateProvider,
		"Editar un proveedor (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/providers/{id}", admins, 204, "providers", "archiveProvider", s.archiveProvider,
		"Archivar un proveedor (solo administradores)")
	route(api, http.MethodPost, "/api/v1/providers/{id}/review", admins, 200, "providers", "reviewProvider", s.reviewProvider,
		"Aprobar o rechazar una sugerencia (solo administradores)")
	route(api, http.MethodPut, "/api/v1/providers/{id}/rating", members, 200, "providers", "rateProvider", s.rateProvider,
		"Valorar un proveedor de 1 a 5 estrellas (una valoración por miembro, editable)")
	route(api, http.MethodGet, "/api/v1/providers/{id}/ratings", members, 200, "providers", "listProviderRatings", s.listProviderRatings,
		"Valoraciones de un proveedor, las más recientes primero")

	// maintenance: the building's upkeep and legal inspections, every member reads, admins keep (ADR 0054)
	route(api, http.MethodGet, "/api/v1/maintenance", members, 200, "maintenance", "listMaintenance", s.listMaintenance,
		"El mantenimiento del edificio, lo más próximo primero")
	route(api, http.MethodPost, "/api/v1/maintenance", admins, 201, "maintenance", "createMaintenance", s.createMaintenance,
		"Añadir un mantenimiento o inspección")
	route(api, http.MethodPut, "/api/v1/maintenance/{id}", admins, 200, "maintenance", "updateMaintenance", s.updateMaintenance,
		"Editar un mantenimiento")
	route(api, http.MethodDelete, "/api/v1/maintenance/{id}", admins, 204, "maintenance", "deleteMaintenance", s.deleteMaintenance,
		"Eliminar un mantenimiento con su historial")
	route(api, http.MethodPost, "/api/v1/maintenance/{id}/done", admins, 200, "maintenance", "markMaintenanceDone", s.markMaintenanceDone,
		"Marcar un mantenimiento como realizado en una fecha")

	// tasks: jobs for the staff and the providers (issue #16)
	route(api, http.MethodGet, "/api/v1/tasks", members, 200, "tasks", "listTasks", s.listTasks,
		"Tareas de la comunidad, las más nuevas primero")
	route(api, http.MethodGet, "/api/v1/tasks/summary", members, 200, "tasks", "getTaskSummary", s.taskSummary,
		"Contadores Pendientes / En Proceso / Completadas y si puedo gestionar tareas")
	route(api, http.MethodPost, "/api/v1/tasks", members, 201, "tasks", "createTask", s.createTask,
		"Crear una tarea (administradores y miembros autorizados)")
	route(api, http.MethodGet, "/api/v1/tasks/editors", admins, 200, "tasks", "listTaskEditors", s.listTaskEditors,
		"Miembros autorizados a gestionar tareas (solo administradores)")
	route(api, http.MethodPut, "/api/v1/tasks/editors/{userId}", admins, 204, "tasks", "allowTaskEditor", s.allowTaskEditor,
		"Autorizar a un miembro a gestionar tareas (solo administradores)")
	route(api, http.MethodDelete, "/api/v1/tasks/editors/{userId}", admins, 204, "tasks", "revokeTaskEditor", s.revokeTaskEditor,
		"Retirar a un miembro el permiso de gestionar tareas (solo administradores)")
	route(api, http.MethodGet, "/api/v1/tasks/{id}", members, 200, "tasks", "getTask", s.getTask,
		"Una tarea")
	route(api, http.MethodPatch, "/api/v1/tasks/{id}", members, 200, "tasks", "updateTask", s.updateTask,
		"Editar una tarea o cambiar su estado (completar una que se repite crea la siguiente)")
	route(api, http.MethodDelete, "/api/v1/tasks/{id}", members, 204, "tasks", "deleteTask", s.deleteTask,
		"Eliminar una tarea (administradores y miembros autorizados)")

	// push: web push notifications per device, and the kinds each member gets (issue #17)
	route(api, http.MethodGet, "/api/v1/push", members, 200, "push", "getPushSettings", s.pushSettings,
		"Mis notificaciones push: la clave del servidor, los tipos activos y mis dispositivos")
	route(api, http.MethodPost, "/api/v1/push/subscriptions", members, 200, "push", "subscribePush", s.subscribePush,
		"Activar las notificaciones push en este dispositivo")
	route(api, http.MethodDelete, "/api/v1/push/subscriptions/{id}", members, 204, "push", "unsubscribePush", s.unsubscribePush,
		"Desactivar las notificaciones push en un dispositivo mío")
	route(api, http.MethodPut, "/api/v1/push/kinds/{kind}", members, 204, "push", "setPushKind", s.setPushKind,
		"Activar o desactivar un tipo de notificación push")

	// wall: the 'Muro Comunitario' (issue #16)
	route(api, http.MethodGet, "/api/v1/wall", members, 200, "wall", "listWallPosts", s.listWall,
		"Muro de la comunidad, lo más nuevo primero (los administradores ven también lo oculto)")
	route(api, http.MethodPost, "/api/v1/wall", members, 201, "wall", "createWallPost", s.createWallPost,
		"Publicar en el muro")
	route(api, http.MethodGet, "/api/v1/wall/{id}", members, 200, "wall", "getWallPost", s.getWallPost,
		"Una publicación del muro")
	route(api, http.MethodPatch, "/api/v1/wall/{id}", members, 200, "wall", "updateWallPost", s.updateWallPost,
		"Editar mi publicación")
	route(api, http.MethodDelete, "/api/v1/wall/{id}", members, 204, "wall", "deleteWallPost", s.deleteWallPost,
		"Eliminar una publicación (su autor o un administrador)")
	route(api, http.MethodPut, "/api/v1/wall/{id}/hidden", admins, 200, "wall", "hideWallPost", s.hideWallPost,
		"Ocultar una publicación a los vecinos o volver a mostrarla (solo administradores)")
	route(api, http.MethodPut, "/api/v1/wall/{id}/like", members, 200, "wall", "likeWallPost", s.likeWallPost,
		"Dar o quitar un me gusta")
	route(api, http.MethodPost, "/api/v1/wall/{id}/report", members, 204, "wall", "reportWallPost", s.reportWallPost,
		"Denunciar una publicación a los administradores")
	route(api, http.MethodGet, "/api/v1/wall/{id}/comments", members, 200, "wall", "listWallComments", s.listWallComments,
		"Comentarios de una publicación, los más antiguos primero")
	route(api, http.MethodPost, "/api/v1/wall/{id}/comments", members, 201, "wall", "commentWallPost", s.commentWallPost,
		"Comentar una publicación")
	route(api, http.MethodDelete, "/api/v1/wall/comments/{commentId}", members, 204, "wall", "deleteWallComment", s.deleteWallComment,
		"Eliminar un comentario (su autor o un administrador)")

	// money: cost-sharing groups, budgets, cuotas, receipts, payments and statements (issue #36); the
	// owner-or-admin check of the members' routes is the money service's
	route(api, http.MethodGet, "/api/v1/money/settings", admins, 200, "money", "getMoneySettings", s.moneySettings,
		"Ajustes de las cuentas: la periodicidad de las cuotas (administradores)")
	route(api, http.MethodPut, "/api/v1/money/settings", admins, 200, "money", "saveMoneySettings", s.saveMoneySettings,
		"Cambiar la periodicidad de las cuotas (administradores)")
	route(api, http.MethodGet, "/api/v1/money/groups", admins, 200, "money", "listMoneyGroups", s.moneyGroups,
		"Grupos de reparto, General primero, con las viviendas (administradores)")
	route(api, http.MethodPost, "/api/v1/money/groups", admins, 201, "money", "createMoneyGroup", s.createMoneyGroup,
		"Crear un grupo de reparto (administradores)")
	route(api, http.MethodPut, "/api/v1/money/groups/{id}", admins, 200, "money", "updateMoneyGroup", s.updateMoneyGroup,
		"Modificar un grupo de reparto (administradores)")
	route(api, http.MethodDelete, "/api/v1/money/groups/{id}", admins, 204, "money", "deleteMoneyGroup", s.deleteMoneyGroup,
		"Borrar un grupo de reparto sin partidas (administradores)")
	route(api, http.MethodGet, "/api/v1/money/budgets", admins, 200, "money", "listBudgets", s.listBudgets,
		"Versiones del presupuesto de un año, la más nueva primero (administradores)")
	route(api, http.MethodPost, "/api/v1/money/budgets", admins, 201, "money", "createBudget", s.createBudget,
		"Crear el presupuesto de un año en borrador (administradores)")
	route(api, http.MethodPut, "/api/v1/money/budgets/{id}", admins, 200, "money", "saveBudget", s.saveBudget,
		"Guardar las partidas y el fondo de reserva de un borrador (administradores)")
	route(api, http.MethodPost, "/api/v1/money/budgets/{id}/approve", admins, 200, "money", "approveBudget", s.approveBudget,
		"Aprobar un presupuesto con la fecha de la junta (administradores)")
	route(api, http.MethodPost, "/api/v1/money/budgets/{id}/revise", admins, 201, "money", "reviseBudget", s.reviseBudget,
		"Nueva versión en borrador de un presupuesto aprobado (administradores)")
	route(api, http.MethodGet, "/api/v1/money/cuotas", admins, 200, "money", "listCuotas", s.yearCuotas,
		"La cuota de cada vivienda por periodo según el presupuesto aprobado (administradores)")
	route(api, http.MethodPost, "/api/v1/money/receipts/generate", admins, 201, "money", "generateReceipts", s.generateReceipts,
		"Emitir los recibos de un periodo (una sola vez) (administradores)")
	route(api, http.MethodGet, "/api/v1/money/receipts", admins, 200, "money", "listReceipts", s.listReceipts,
		"Recibos de un año o periodo (administradores)")
	route(api, http.MethodPost, "/api/v1/money/receipts/{id}/payments", admins, 200, "money", "recordPayment", s.recordPayment,
		"Anotar un pago, total o parcial, de un recibo (administradores)")
	route(api, http.MethodPost, "/api/v1/money/receipts/{id}/compensation", admins, 200, "money", "compensateReceipt", s.compensateReceipt,
		"Compensar un recibo con lo que la comunidad debe al propietario (administradores)")
	route(api, http.MethodGet, "/api/v1/money/derramas", admins, 200, "money", "listDerramas", s.listDerramas,
		"Derramas de la comunidad con sus plazos (administradores)")
	route(api, http.MethodPost, "/api/v1/money/derramas", admins, 201, "money", "createDerrama", s.createDerrama,
		"Anotar una derrama acordada en junta (administradores)")
	route(api, http.MethodPost, "/api/v1/money/derramas/{id}/receipts", admins, 201, "money", "issueDerrama", s.issueDerrama,
		"Emitir los recibos de los plazos de una derrama aún no emitidos (administradores)")
	route(api, http.MethodPost, "/api/v1/money/units/{unitId}/corrections", admins, 201, "money", "postCorrection", s.postCorrection,
		"Anotar una corrección en la cuenta de una vivienda (administradores)")
	route(api, http.MethodGet, "/api/v1/money/mine", members, 200, "money", "getMyMoney", s.myMoney,
		"Mis cuotas: lo que pago por cada vivienda mía y por qué, y mis recibos", returnsJSON[MyMoneyOutputBody](api))
	route(api, http.MethodGet, "/api/v1/money/units/{unitId}/statement", members, 200, "money", "getUnitStatement", s.unitStatement,
		"Extracto de una vivienda entre dos fechas (su propietario o un administrador)", returnsJSON[StatementOutputBody](api))
	route(api, http.MethodGet, "/api/v1/money/units/{unitId}/statement.csv", members, 200, "money", "exportUnitStatement", s.unitStatementCSV,
		"Extracto de una vivienda en CSV (su propietario o un administrador)", returns("text/csv", "CSV"))
	// money: the community's books, its accounts and expenses (issue #37)
	route(api, http.MethodGet, "/api/v1/money/accounts", admins, 200, "money", "listBankAccounts", s.listBankAccounts,
		"Cuentas de la comunidad (bancos y caja) con su saldo (administradores)")
	route(api, http.MethodPost, "/api/v1/money/accounts", admins, 201, "money", "createBankAccount", s.createBankAccount,
		"Añadir una cuenta bancaria o la caja con su saldo inicial (administradores)")
	route(api, http.MethodPut, "/api/v1/money/accounts/{id}", admins, 200, "money", "updateBankAccount", s.updateBankAccount,
		"Modificar una cuenta (administradores)")
	route(api, http.MethodPost, "/api/v1/money/accounts/{id}/statements", admins, 201, "money", "importStatement", s.importStatement,
		"Importar el extracto Norma 43 del banco en una cuenta, entero o nada (administradores)",
		func(op *huma.Operation) { op.MaxBodyBytes = 17 << 20 })
	route(api, http.MethodPost, "/api/v1/money/accounts/{id}/statements/csv/preview", admins, 200, "money", "previewCSVStatement",
		s.previewCSVStatement, "Leer un extracto CSV con las columnas indicadas, sin importarlo (administradores)",
		func(op *huma.Operation) { op.MaxBodyBytes = 17 << 20 })
	route(api, http.MethodPost, "/api/v1/money/accounts/{id}/statements/csv", admins, 201, "money", "importCSVStatement", s.importCSVStatement,
		"Importar un extracto CSV con las columnas indicadas en una cuenta, entero o nada (administradores)",
		func(op *huma.Operation) { op.MaxBodyBytes = 17 << 20 })
	route(api, http.MethodGet, "/api/v1/money/accounts/{id}/movements", admins, 200, "money", "listBankMovements", s.listBankMovements,
		"Movimientos importados de una cuenta y su último extracto (administradores)")
	route(api, http.MethodGet, "/api/v1/money/accounts/{id}/reconciliation", admins, 200, "money", "getReconciliation", s.getReconciliation,
		"Conciliación de una cuenta: los movimientos sin conciliar primero con sus sugerencias, el saldo contable, el del banco y la diferencia (administradores)")
	route(api, http.MethodPost, "/api/v1/money/movements/{id}/reconcile", admins, 200, "money", "reconcileMovement", s.reconcileMovement,
		"Conciliar un movimiento con un recibo, un gasto o una remesa, una sola vez (administradores)")
	route(api, http.MethodGet, "/api/v1/money/expenses", admins, 200, "money", "listExpenses", s.listExpenses,
		"Gastos de un año con sus pagos, los más nuevos primero (administradores)")
	route(api, http.MethodPost, "/api/v1/money/expenses", admins, 201, "money", "createExpense", s.createExpense,
		"Anotar un gasto (administradores); su factura se sube aparte")
	route(api, http.MethodPost, "/api/v1/money/expenses/{id}/payments", admins, 200, "money", "payExpense", s.payExpense,
		"Anotar un pago, total o parcial, de un gasto desde una cuenta (administradores)")
	route(api, http.MethodGet, "/api/v1/money/incidents/{id}/cost", members, 200, "money", "getIncidentCost", s.incidentCost,
		"Lo que costó una incidencia según sus gastos (propietarios y administradores)")
	// money: the year's accounts and their closing (issue #37, ADR 0050); the owner-or-tenant check of the
	// members' routes is the money service's
	route(api, http.MethodGet, "/api/v1/money/year-accounts/{year}", admins, 200, "money", "getYearAccounts", s.yearAccounts,
		"Cuentas de un ejercicio: presupuesto y gasto real, ingresos, fondo de reserva, cuentas, viviendas y liquidación (administradores)")
	route(api, http.MethodPost, "/api/v1/money/year-accounts/{year}/close", admins, 200, "money", "closeYear", s.closeYear,
		"Cerrar un ejercicio terminado: su liquidación, sus cuentas fijas y su PDF en Documentos (administradores)")
	route(api, http.MethodPost, "/api/v1/money/year-accounts/{year}/document", admins, 200, "money", "fileYearAccounts", s.fileYearAccounts,
		"Archivar en Documentos el PDF de un ejercicio cerrado si no lo está (administradores)")
	route(api, http.MethodPost, "/api/v1/money/year-accounts/{year}/approve", admins, 200, "money", "approveYearAccounts", s.approveYearAccounts,
		"Anotar la junta que aprobó las cuentas de un ejercicio cerrado (administradores)")
	route(api, http.MethodGet, "/api/v1/money/year-accounts/{year}/pdf", admins, 200, "money", "getYearAccountsPdf", s.yearAccountsPDF,
		"PDF de las cuentas de un ejercicio para la junta (administradores)")
	route(api, http.MethodPost, "/api/v1/money/year-accounts/{year}/corrections", admins, 201, "money", "correctClosedYear", s.correctClosedYear,
		"Corregir la cuenta de una vivienda de un ejercicio cerrado, en el ejercicio abierto y con referencia al cerrado (administradores)")
	route(api, http.MethodGet, "/api/v1/money/closed-years", admins, 200, "money", "listClosedYears", s.closedYears,
		"Ejercicios cerrados (administradores)")
	route(api, http.MethodGet, "/api/v1/money/closing-settings", admins, 200, "money", "getClosingSettings", s.closingSettings,
		"Qué hace el cierre con cada liquidación y si los inquilinos leen las cuentas aprobadas (administradores)")
	route(api, http.MethodPut, "/api/v1/money/closing-settings", admins, 200, "money", "saveClosingSettings", s.saveClosingSettings,
		"Cambiar los ajustes del cierre (administradores)")
	route(api, http.MethodGet, "/api/v1/money/approved-accounts", members, 200, "money", "listApprovedYears", s.approvedYears,
		"Ejercicios con las cuentas aprobadas en junta (propietarios; inquilinos si la comunidad lo permite)")
	route(api, http.MethodGet, "/api/v1/money/approved-accounts/{year}", members, 200, "money", "getApprovedAccounts", s.approvedAccounts,
		"Cuentas aprobadas de un ejercicio, con las líneas de las viviendas propias (propietarios; inquilinos si la comunidad lo permite)")
	// money: who owes, certificates of debt, PDFs and an owner's sharing of a unit's receipts (issue #36)
	route(api, http.MethodGet, "/api/v1/money/debt-settings", admins, 200, "money", "getDebtSettings", s.debtSettings,
		"Días de gracia antes de que un recibo impagado sea deuda (administradores)")
	route(api, http.MethodPut, "/api/v1/money/debt-settings", admins, 200, "money", "saveDebtSettings", s.saveDebtSettings,
		"Cambiar los días de gracia (administradores)")
	route(api, http.MethodGet, "/api/v1/money/debts", admins, 200, "money", "listDebts", s.debtReport,
		"Viviendas con deuda y la antigüedad de cada deuda (administradores)")
	route(api, http.MethodGet, "/api/v1/money/mine/debts", members, 200, "money", "getMyDebts", s.myDebts,
		"Lo que deben mis viviendas (solo las mías)")
	route(api, http.MethodGet, "/api/v1/money/certificates", admins, 200, "money", "listCertificates", s.listCertificates,
		"Certificados de deuda solicitados y emitidos (administradores)")
	route(api, http.MethodPost, "/api/v1/money/certificates", admins, 201, "money", "requestCertificate", s.requestCertificate,
		"Anotar la solicitud de un certificado de deuda (administradores)")
	route(api, http.MethodPost, "/api/v1/money/certificates/{id}/issue", admins, 200, "money", "issueCertificate", s.issueCertificate,
		"Emitir un certificado con el visto bueno del presidente (administradores)")
	route(api, http.MethodGet, "/api/v1/money/certificates/{id}/pdf", admins, 200, "money", "getCertificatePdf", s.certificatePDF,
		"Certificado emitido en PDF (administradores)", returns("application/pdf", "PDF"))
	route(api, http.MethodGet, "/api/v1/money/verify/{code}", anyone, 200, "money", "verifyCertificate", s.verifyCertificate,
		"Comprobar un certificado de deuda por su código de verificación")
	route(api, http.MethodGet, "/api/v1/money/receipts/{id}/pdf", members, 200, "money", "getReceiptPdf", s.receiptPDF,
		"Recibo en PDF (su propietario, a quien lo comparta o un administrador)", returns("application/pdf", "PDF"))
	route(api, http.MethodGet, "/api/v1/money/units/{unitId}/statement.pdf", members, 200, "money", "getUnitStatementPdf", s.unitStatementPDF,
		"Extracto de una vivienda en PDF (su propietario o un administrador)", returns("application/pdf", "PDF"))
	route(api, http.MethodGet, "/api/v1/money/units/{unitId}/sharing", owners, 200, "money", "getReceiptSharing", s.receiptSharing,
		"Quién vive en mi vivienda y si ve sus recibos (su propietario)")
	route(api, http.MethodPut, "/api/v1/money/units/{unitId}/sharing/{userId}", owners, 200, "money", "shareReceipts", s.shareReceipts,
		"Dejar o no ver los recibos de mi vivienda a quien vive en ella (su propietario)")
	// money: SEPA direct debits (money_sepa.go); the owner-or-admin check of the members' routes is the
	// money service's
	route(api, http.MethodGet, "/api/v1/money/sepa-settings", admins, 200, "money", "getSepaSettings", s.sepaSettings,
		"Ajustes de las domiciliaciones SEPA: acreedor, secuencia, preaviso, devoluciones (administradores)")
	route(api, http.MethodPut, "/api/v1/money/sepa-settings", admins, 200, "money", "saveSepaSettings", s.saveSepaSettings,
		"Guardar los ajustes de las domiciliaciones SEPA (administradores)")
	route(api, http.MethodGet, "/api/v1/money/mandates", admins, 200, "money", "listMandates", s.listMandates,
		"Órdenes de domiciliación de la comunidad (administradores)")
	route(api, http.MethodGet, "/api/v1/money/my-mandates", members, 200, "money", "getMyMandates", s.myMandates,
		"Mis órdenes de domiciliación: las de las viviendas de las que soy propietario")
	route(api, http.MethodPost, "/api/v1/money/units/{unitId}/mandate", owners, 201, "money", "signMandate", s.signMandate,
		"Firmar la orden de domiciliación de una vivienda mía")
	route(api, http.MethodPost, "/api/v1/money/mandates/{id}/revoke", members, 200, "money", "revokeMandate", s.revokeMandate,
		"Revocar una orden de domiciliación: su propietario, o un administrador diciendo el motivo")
	route(api, http.MethodGet, "/api/v1/money/mandates/{id}/pdf", members, 200, "money", "getMandatePdf", s.mandatePDF,
		"La orden de domiciliación en PDF (su propietario o un administrador)", returns("application/pdf", "The PDF"))
	route(api, http.MethodGet, "/api/v1/money/remittances", admins, 200, "money", "listRemittances", s.listRemittances,
		"Remesas de recibos domiciliados, la más nueva primero (administradores)")
	route(api, http.MethodPost, "/api/v1/money/remittances", admins, 201, "money", "createRemittance", s.createRemittance,
		"Preparar la remesa de los recibos domiciliados que vencen hasta una fecha (administradores)")
	route(api, http.MethodGet, "/api/v1/money/remittances/{id}", admins, 200, "money", "getRemittance", s.getRemittance,
		"Una remesa con sus recibos (administradores)")
	route(api, http.MethodGet, "/api/v1/money/remittances/{id}/xml", admins, 200, "money", "downloadRemittance", s.remittanceFile,
		"El fichero pain.008 de una remesa para el banco (administradores)", returns("application/xml", "pain.008.001.02"))
	route(api, http.MethodPost, "/api/v1/money/receipts/{id}/return", admins, 200, "money", "returnDebit", s.returnDebit,
		"Anotar la devolución de un recibo domiciliado (administradores)")
	route(api, http.MethodPost, "/api/v1/money/returns/import", admins, 200, "money", "importReturns", s.importReturns,
		"Importar las devoluciones del informe pain.002 del banco o de un CSV de números de recibo (administradores)")

	// bounces reported after SMTP acceptance: a mail server or a provider posts the DSN with VECINOS_BOUNCE_SECRET
	route(api, http.MethodPost, "/api/v1/mail/bounces", anyone, 200, "mail", "reportMailBounce", s.reportMailBounce,
		"Registrar un rebote: un aviso de entrega (RFC 3464) en bruto, con la clave VECINOS_BOUNCE_SECRET",
		func(op *huma.Operation) { op.MaxBodyBytes = 8 << 20 })
	// juntas de propietarios (issue #38): the junta and its orden del día, the convocatoria and its proof of
	// notice, attendance, and the acta with its signatures; who may sign or edit the acta is the service's
	route(api, http.MethodGet, "/api/v1/juntas", members, 0, "juntas", "listJuntas", s.listJuntas,
		"Juntas de la comunidad, la más reciente primero (los borradores, solo a los administradores)")
	route(api, http.MethodPost, "/api/v1/juntas", admins, http.StatusCreated, "juntas", "createJunta", s.createJunta,
		"Preparar una junta en borrador con su orden del día (administradores)")
	route(api, http.MethodGet, "/api/v1/juntas/next", members, 0, "juntas", "getNextJunta", s.nextJunta,
		"La próxima junta convocada, para el inicio")
	route(api, http.MethodGet, "/api/v1/juntas/{id}", members, 0, "juntas", "getJunta", s.getJunta,
		"Una junta y la copia de su convocatoria del usuario (la lista de deudores, solo en la de los propietarios)")
	route(api, http.MethodPut, "/api/v1/juntas/{id}", admins, 0, "juntas", "updateJunta", s.updateJunta,
		"Editar una junta en borrador (administradores)")
	route(api, http.MethodDelete, "/api/v1/juntas/{id}", admins, http.StatusNoContent, "juntas", "deleteJunta", s.deleteJunta,
		"Eliminar una junta en borrador (administradores)")
	route(api, http.MethodPost, "/api/v1/juntas/{id}/convene", admins, 0, "juntas", "conveneJunta", s.conveneJunta,
		"Enviar la convocatoria a todos los propietarios (administradores)")
	route(api, http.MethodGet, "/api/v1/juntas/{id}/notices", admins, 0, "juntas", "getJuntaNotices", s.juntaNotices,
		"Prueba de la convocatoria por propietario y quién debe recibirla en papel (administradores)")
	route(api, http.MethodGet, "/api/v1/juntas/{id}/letters", admins, 0, "juntas", "getJuntaLetters", s.juntaLetters,
		"Cartas de la convocatoria para quien no tiene email (administradores)", returns("application/pdf", "PDF"))
	route(api, http.MethodGet, "/api/v1/juntas/{id}/attendance", admins, 0, "juntas", "getJuntaAttendance", s.juntaAttendance,
		"Asistencia y quórum de primera convocatoria (administradores)")
	route(api, http.MethodPut, "/api/v1/juntas/{id}/attendance/{ownerId}", admins, 0, "juntas", "setJuntaAttendance", s.setJuntaAttendance,
		"Anotar a un propietario presente, representado o ausente (administradores)")
	route(api, http.MethodPut, "/api/v1/juntas/{id}/viewers/me", admins, 0, "juntas", "viewJuntaPanel", s.viewJuntaPanel,
		"Decir que tengo abierto el panel de asistencia (cada 20 s) y ver quién más lo tiene (administradores)")
	route(api, http.MethodDelete, "/api/v1/juntas/{id}/viewers/me", admins, http.StatusNoContent, "juntas", "leaveJuntaPanel", s.leaveJuntaPanel,
		"Decir que he cerrado el panel de asistencia (administradores)")
	route(api, http.MethodGet, "/api/v1/juntas/{id}/attendance.pdf", admins, 0, "juntas", "getJuntaAttendanceSheet", s.juntaAttendanceSheet,
		"Hoja de asistencia en PDF (administradores)", returns("application/pdf", "PDF"))
	route(api, http.MethodPost, "/api/v1/juntas/{id}/hold", admins, 0, "juntas", "holdJunta", s.holdJunta,
		"Constituir la junta en primera o segunda convocatoria y abrir sus votaciones (administradores)")
	route(api, http.MethodPost, "/api/v1/juntas/{id}/points/{pointId}/votes", admins, http.StatusNoContent, "juntas", "recordJuntaVote", s.recordJuntaVote,
		"Anotar el voto que un propietario presente o representado da en la sala (administradores)")
	route(api, http.MethodPost, "/api/v1/juntas/{id}/acta/draft", admins, 0, "juntas", "draftJuntaActa", s.draftJuntaActa,
		"Redactar el acta con los datos de la junta, cerrando sus votaciones (administradores)")
	route(api, http.MethodPut, "/api/v1/juntas/{id}/acta", members, 0, "juntas", "saveJuntaActa", s.saveJuntaActa,
		"Editar el texto del acta (el secretario de la junta o un administrador); anula las firmas")
	route(api, http.MethodPut, "/api/v1/juntas/{id}/proxy", members, 0, "juntas", "delegateJunta", s.delegateJunta,
		"Delegar la representación para toda la junta en otro miembro o en otra persona con su DNI o NIE, firmada en la app (propietarios)")
	route(api, http.MethodDelete, "/api/v1/juntas/{id}/proxy", members, 0, "juntas", "revokeJuntaProxy", s.revokeJuntaProxy,
		"Retirar la representación antes de la junta (propietarios)")
	route(api, http.MethodPost, "/api/v1/juntas/{id}/proxies/{ownerId}/review", admins, 0, "juntas", "reviewJuntaProxy", s.reviewJuntaProxy,
		"Aceptar o rechazar el papel firmado de una representación (administradores)")
	route(api, http.MethodGet, "/api/v1/juntas/{id}/acta.pdf", members, 0, "juntas", "getJuntaActaPdf", s.juntaActaPDF,
		"El acta en PDF (firmada: todos; antes, administradores, presidente y secretario)", returns("application/pdf", "PDF"))
	route(api, http.MethodPost, "/api/v1/juntas/{id}/acta/sign", members, 0, "juntas", "signJuntaActa", s.signJuntaActa,
		"Firmar el acta como presidente o secretario de la junta")

	// memberships: one account, many communities (ADR 0040)
	route(api, http.MethodGet, "/api/v1/memberships", account, 200, "memberships", "listMemberships", s.listMemberships,
		"Las comunidades del usuario, con su papel y sus mensajes sin leer en cada una")
	route(api, http.MethodPost, "/api/v1/memberships/{communityId}/open", account, 204, "memberships", "openMembership", s.openMembership,
		"Elegir la comunidad en la que actúan las peticiones que no nombran ninguna")
	route(api, http.MethodPost, "/api/v1/community/leave", members, 204, "memberships", "leaveCommunity", s.leaveCommunity,
		"Salir de la comunidad (la cuenta y las demás comunidades se conservan)")

	// the administrador de fincas' office (issue #35, ADR 0045)
	route(api, http.MethodGet, "/api/v1/organisation", confirmedEmail, 200, "organisations", "getMyOrganisation", s.myOrganisation,
		"El despacho del usuario (null si no forma parte de ninguno)")
	route(api, http.MethodPost, "/api/v1/organisation", confirmedEmail, 201, "organisations", "createOrganisation", s.createOrganisation,
		"Crear un despacho de administración de fincas, con el usuario como su administrador")
	route(api, http.MethodGet, "/api/v1/organisation/staff", confirmedEmail, 200, "organisations", "listOrganisationStaff", s.listStaff,
		"El equipo del despacho y, para su administrador, las invitaciones pendientes")
	route(api, http.MethodPost, "/api/v1/organisation/staff", confirmedEmail, 201, "organisations", "inviteOrganisationStaff", s.inviteStaff,
		"Invitar por email a un asistente, con permisos de lectura o de escritura (el administrador del despacho)")
	route(api, http.MethodDelete, "/api/v1/organisation/staff/{userId}", confirmedEmail, 204, "organisations", "removeOrganisationStaff", s.removeStaff,
		"Quitar a un asistente del despacho: su acceso termina al momento (el administrador del despacho)")
	route(api, http.MethodPost, "/api/v1/organisation/join", confirmedEmail, 200, "organisations", "acceptOrganisationInvitation", s.acceptStaffInvitation,
		"Aceptar una invitación al equipo de un despacho (para la dirección del usuario)")
	route(api, http.MethodGet, "/api/v1/organisation/communities", confirmedEmail, 200, "organisations", "listOrganisationCommunities",
		s.listOrganisationCommunities, "Las comunidades que administra el despacho o que lo han invitado", returnsJSON[[]Processor](api))
	route(api, http.MethodPost, "/api/v1/organisation/communities", confirmedEmail, 201, "organisations", "createOrganisationCommunity",
		s.createOfficeCommunity, "Crear una comunidad que el despacho administra desde hoy, sin hacerse vecino de ella (permisos de escritura)")
	route(api, http.MethodPost, "/api/v1/organisation/communities/{communityId}/import/preview", confirmedEmail, 200, "organisations",
		"previewOrganisationImport", s.previewOfficeImport,
		"Revisar un CSV de unidades y emails de propietarios de una comunidad del despacho: lo que haría, sin guardar nada")
	route(api, http.MethodPost, "/api/v1/organisation/communities/{communityId}/import", confirmedEmail, 200, "organisations",
		"importOrganisationOwners", s.confirmOfficeImport,
		"Importar las unidades y los propietarios de un CSV e invitar a cada propietario por email (todo o nada; permisos de escritura)")
	route(api, http.MethodPost, "/api/v1/organisation/communities/{communityId}/accept", confirmedEmail, 204, "organisations",
		"acceptOrganisationCommunity", s.acceptOrganisationCommunity, "Aceptar administrar una comunidad que invitó al despacho")
	route(api, http.MethodGet, "/api/v1/organisation/search", confirmedEmail, 200, "organisations", "searchOrganisation", s.searchOrganisation,
		"Buscar en las comunidades que administra el despacho: vecinos por nombre, unidades e incidencias", returnsJSON[OfficeSearchOutputBody](api))
	route(api, http.MethodPost, "/api/v1/organisation/announcements", confirmedEmail, 200, "organisations", "bulkOrganisationAnnouncement",
		s.bulkAnnouncement, "Publicar el mismo comunicado en varias comunidades del despacho; el resultado de cada una (permisos de escritura)")
	route(api, http.MethodPost, "/api/v1/organisation/providers", confirmedEmail, 200, "organisations", "bulkOrganisationProvider",
		s.bulkProvider, "Añadir el mismo proveedor a varias comunidades del despacho; el resultado de cada una (permisos de escritura)")
	route(api, http.MethodGet, "/api/v1/community/processor", members, 200, "organisations", "getCommunityProcessor", s.getCommunityProcessor,
		"El despacho que administra la comunidad (encargado del tratamiento, art. 28 RGPD) y desde cuándo tiene acceso")
	route(api, http.MethodPost, "/api/v1/community/processor", admins, 200, "organisations", "inviteCommunityProcessor", s.inviteCommunityProcessor,
		"Invitar a un despacho, por su código o NIF, a administrar la comunidad (administradores vecinos)")
	route(api, http.MethodDelete, "/api/v1/community/processor", admins, 204, "organisations", "revokeCommunityProcessor", s.revokeCommunityProcessor,
		"Retirar al despacho el acceso a la comunidad, al momento (administradores vecinos)")
}

// mountHandlers lists the plain handlers, outside the API contract: the realtime stream, the OAuth
// redirects, file uploads and downloads, the calendar feed, the dev mailbox and the health probes.
func (s *server) mountHandlers(mux *http.ServeMux) {
	mux.HandleFunc("GET "+streamPath, s.stream)                                                              // members
	mux.HandleFunc("GET "+oauthPath+"{provider}/start", s.oauthStart)                                        // anyone
	mux.HandleFunc("GET "+oauthPath+"{provider}/callback", s.oauthCallback)                                  // anyone
	mux.HandleFunc("POST /api/v1/files/{bucket}", s.uploadFile)                                              // account (community buckets: members)
	mux.HandleFunc("GET /files/{bucket}/{key...}", s.serveFile)                                              // by bucket: anyone, the owner or their community
	mux.HandleFunc("POST /api/v1/conversations/{id}/attachments", chatHandlers{s, domain.ChatDirect}.upload) // participants
	mux.HandleFunc("POST /api/v1/channels/{id}/attachments", chatHandlers{s, domain.ChatChannel}.upload)     // members
	mux.HandleFunc("GET /api/v1/attachments/{id}", s.serveAttachment(false))                                 // the chat's participants or members
	mux.HandleFunc("GET /api/v1/attachments/{id}/thumbnail", s.serveAttachment(true))
	mux.HandleFunc("GET "+events.FeedPath, s.calendarFeed) // the feed's secret token

	// documents: members; an upload needs an admin or a category open to members, a new version an admin
	// or the document's uploader, a file that the caller may see the document
	mux.HandleFunc("POST /api/v1/documents", s.uploadDocument)
	mux.HandleFunc("POST /api/v1/documents/{id}/versions", s.uploadDocumentVersion)
	mux.HandleFunc("GET /api/v1/documents/{id}/versions/{versionId}/file", s.serveDocumentFile)
	// a junta's representation on signed paper: the owner for themselves, an admin for any owner; filed in Documentos
	mux.HandleFunc("POST /api/v1/juntas/{id}/proxies/{ownerId}/paper", s.uploadJuntaProxyPaper)
	// money: an expense's invoice, filed in Documentos under 'Facturas' (admins)
	mux.HandleFunc("POST /api/v1/money/expenses/{id}/invoice", s.attachExpenseInvoice)

	// account: a ZIP of everything stored about the caller (RGPD arts. 15 and 20)
	mux.HandleFunc("GET /api/v1/account/export", s.exportMyData)

	// Mounted either way: unmounted, the paths would fall through to the web app and answer 200.
	mux.HandleFunc("GET /dev/mailbox", s.devMailbox(s.devMailboxPage)) // VECINOS_DEV without SMTP
	mux.HandleFunc("GET /dev/mailbox.json", s.devMailbox(devMailboxJSON))
	mux.HandleFunc("GET /healthz", s.healthz) // anyone
	mux.HandleFunc("GET /readyz", s.readyz)   // anyone
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problemFor(r.Context(), errNoRoute))
	})

}
