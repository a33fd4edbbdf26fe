package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/demo"
	"vecinos/internal/domain"
	"vecinos/internal/httpapi"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// level is who may call a route, as routes.go declares it.
type level int

const (
	anyone    level = iota // no session
	signedIn               // any session
	confirmed              // a session whose email is confirmed
	member                 // confirmed, in a community
	owner                  // a member who is the confirmed owner of a unit of the community
	admin                  // an administrator of the caller's community
)

func (l level) String() string {
	return [...]string{"anyone", "signedIn", "confirmed", "member", "owner", "admin"}[l]
}

// routeAccess is every operation of /api/v1 with who may call it, as routes.go declares it (anyone,
// account, confirmedEmail, members, owners, admins). A new route cannot be added without a row here or in
// its feature's addRouteAccess: the test fails naming it. Rows marked "was …" are labels that issue 33 corrected: the handler already
// refused those callers, the label said less.
var routeAccess = map[string]level{
	"GET /api/v1/app-info":                                            anyone,
	"POST /api/v1/auth/check-email":                                   anyone,
	"POST /api/v1/auth/signup":                                        anyone,
	"POST /api/v1/auth/resend":                                        anyone,
	"POST /api/v1/auth/confirm":                                       anyone,
	"POST /api/v1/auth/login":                                         anyone,
	"POST /api/v1/auth/logout":                                        signedIn,
	"POST /api/v1/auth/forgot-password":                               anyone,
	"POST /api/v1/auth/reset-password/check":                          anyone,
	"POST /api/v1/auth/reset-password":                                anyone,
	"POST /api/v1/auth/change-password":                               signedIn,
	"GET /api/v1/me":                                                  signedIn,
	"GET /api/v1/communities/lookup/{code}":                           anyone,
	"POST /api/v1/communities/join":                                   confirmed, // was account
	"POST /api/v1/communities":                                        confirmed, // was account
	"POST /api/v1/dev/test-user":                                      anyone,
	"GET /api/v1/community":                                           member,
	"GET /api/v1/community/members":                                   member,
	"GET /api/v1/incidents":                                           member,
	"POST /api/v1/incidents":                                          member,
	"GET /api/v1/incidents/{id}":                                      member,
	"PATCH /api/v1/incidents/{id}":                                    member,
	"DELETE /api/v1/incidents/{id}":                                   member,
	"GET /api/v1/events":                                              member,
	"POST /api/v1/events":                                             member,
	"GET /api/v1/events/{id}":                                         member,
	"PATCH /api/v1/events/{id}":                                       member,
	"DELETE /api/v1/events/{id}":                                      member,
	"GET /api/v1/calendar/feed-url":                                   member,
	"POST /api/v1/calendar/feed-url":                                  member,
	"DELETE /api/v1/calendar/feed-url":                                member,
	"GET /api/v1/dashboard":                                           member,
	"GET /api/v1/profile":                                             signedIn,
	"PATCH /api/v1/profile":                                           confirmed, // was account
	"POST /api/v1/auth/confirm-email-change":                          anyone,
	"POST /api/v1/auth/cancel-email-change":                           anyone,
	"POST /api/v1/account/delete":                                     signedIn,
	"GET /api/v1/account/consent":                                     signedIn,
	"POST /api/v1/account/consent":                                    signedIn,
	"POST /api/v1/onboarding/start":                                   confirmed, // was account
	"POST /api/v1/onboarding/join":                                    confirmed, // was account
	"PUT /api/v1/onboarding/step":                                     confirmed, // was account
	"GET /api/v1/onboarding/communities/by-reference":                 confirmed, // was account
	"GET /api/v1/onboarding/communities/by-address":                   confirmed, // was account
	"GET /api/v1/onboarding/communities/{id}/units":                   confirmed, // was account
	"POST /api/v1/onboarding/choose-unit":                             confirmed, // was account
	"GET /api/v1/onboarding/join-request":                             confirmed, // was account
	"POST /api/v1/onboarding/done":                                    member,    // was account
	"GET /api/v1/unit":                                                member,
	"PUT /api/v1/unit":                                                member,
	"GET /api/v1/my-units":                                            member,
	"POST /api/v1/my-units":                                           member,
	"DELETE /api/v1/my-units/{unitId}":                                member,
	"GET /api/v1/community/units":                                     admin,
	"POST /api/v1/community/units":                                    admin,
	"PATCH /api/v1/community/units/{id}":                              admin,
	"DELETE /api/v1/community/units/{id}":                             admin,
	"POST /api/v1/community/units/{id}/merge":                         admin,
	"GET /api/v1/community/units/export":                              admin,
	"POST /api/v1/community/units/import":                             admin,
	"PATCH /api/v1/community":                                         admin,
	"GET /api/v1/community/admins":                                    member,
	"GET /api/v1/community/roles":                                     admin,
	"PUT /api/v1/community/members/{userId}/role":                     admin,
	"GET /api/v1/verification":                                        signedIn,
	"POST /api/v1/onboarding/verify":                                  member,
	"GET /api/v1/community/verifications":                             admin,
	"POST /api/v1/community/verifications/{id}/review":                admin,
	"POST /api/v1/community/verification-codes":                       admin,
	"GET /api/v1/community/join-requests":                             admin,
	"POST /api/v1/community/join-requests/{id}/review":                admin,
	"GET /api/v1/community/owner-claims":                              admin,
	"POST /api/v1/community/owner-claims/{id}/review":                 admin,
	"GET /api/v1/community/resident-claims":                           admin,
	"POST /api/v1/community/resident-claims/{unitId}/{userId}/review": admin,
	"GET /api/v1/conversations":                                       member,
	"POST /api/v1/conversations":                                      member,
	"GET /api/v1/conversations/{id}":                                  member,
	"GET /api/v1/conversations/{id}/messages":                         member,
	"POST /api/v1/conversations/{id}/messages":                        member,
	"POST /api/v1/conversations/{id}/read":                            member,
	"GET /api/v1/messages/unread-count":                               member,
	"GET /api/v1/channels":                                            member,
	"POST /api/v1/channels":                                           member,
	"GET /api/v1/channels/community":                                  member,
	"GET /api/v1/channels/{id}":                                       member,
	"POST /api/v1/channels/{id}/members":                              member,
	"GET /api/v1/channels/{id}/members":                               member,
	"GET /api/v1/channels/{id}/messages":                              member,
	"POST /api/v1/channels/{id}/messages":                             member,
	"PATCH /api/v1/conversations/{id}/messages/{messageId}":           member,
	"PATCH /api/v1/channels/{id}/messages/{messageId}":                member,
	"DELETE /api/v1/conversations/{id}/messages/{messageId}":          member,
	"DELETE /api/v1/channels/{id}/messages/{messageId}":               member,
	"PUT /api/v1/conversations/{id}/messages/{messageId}/reaction":    member,
	"PUT /api/v1/channels/{id}/messages/{messageId}/reaction":         member,
	"GET /api/v1/conversations/{id}/search":                           member,
	"GET /api/v1/channels/{id}/search":                                member,
	"PUT /api/v1/conversations/{id}/mute":                             member,
	"PUT /api/v1/channels/{id}/mute":                                  member,
	"DELETE /api/v1/conversations/{id}":                               member,
	"POST /api/v1/channels/{id}/leave":                                member,
	"POST /api/v1/channels/{id}/messages/{messageId}/removal":         admin,
	"GET /api/v1/community/chat-removals":                             admin,
	"DELETE /api/v1/attachments/{id}":                                 member,
	"GET /api/v1/announcements":                                       member,
	"POST /api/v1/announcements":                                      admin,
	"GET /api/v1/announcements/audiences":                             member,
	"GET /api/v1/announcements/{id}":                                  member,
	"PATCH /api/v1/announcements/{id}":                                admin,
	"DELETE /api/v1/announcements/{id}":                               admin,
	"POST /api/v1/announcements/{id}/read":                            member,
	"PUT /api/v1/announcements/{id}/reaction":                         member,
	"GET /api/v1/directory":                                           member,
	"GET /api/v1/community/invitations":                               admin,
	"POST /api/v1/community/invitations":                              admin,
	"POST /api/v1/community/invitations/{id}/resend":                  admin,
	"POST /api/v1/community/invitations/{id}/revoke":                  admin,
	"GET /api/v1/community/invitation-letters":                        admin,
	"GET /api/v1/onboarding/invited-unit":                             confirmed, // was account
	"GET /api/v1/community/new-units":                                 admin,
	"POST /api/v1/community/new-units/{id}/review":                    admin,
	"GET /api/v1/community/audit":                                     admin,
	"GET /api/v1/polls":                                               member,
	"POST /api/v1/polls":                                              admin,
	"GET /api/v1/polls/{id}":                                          member,
	"PUT /api/v1/polls/{id}":                                          admin,
	"DELETE /api/v1/polls/{id}":                                       admin,
	"POST /api/v1/polls/{id}/publish":                                 admin,
	"POST /api/v1/polls/{id}/close":                                   admin,
	"POST /api/v1/polls/{id}/vote":                                    member,
	"PUT /api/v1/polls/{id}/delegation":                               member,
	"POST /api/v1/polls/{id}/objection":                               owner, // was members
	"PUT /api/v1/polls/{id}/units/{unitId}/deprivation":               admin,
	"GET /api/v1/polls/{id}/record":                                   member,
	"GET /api/v1/polls/{id}/record.csv":                               member,
	"GET /api/v1/facilities":                                          member,
	"POST /api/v1/facilities":                                         admin,
	"GET /api/v1/facilities/{id}":                                     member,
	"PATCH /api/v1/facilities/{id}":                                   admin,
	"PUT /api/v1/facilities/{id}/closures/{date}":                     admin,
	"DELETE /api/v1/facilities/{id}/closures/{date}":                  admin,
	"GET /api/v1/facilities/{id}/availability":                        member,
	"GET /api/v1/reservations/time-zone":                              member,
	"PUT /api/v1/reservations/time-zone":                              admin,
	"GET /api/v1/reservations":                                        member,
	"POST /api/v1/reservations":                                       member,
	"GET /api/v1/reservations/next":                                   member,
	"GET /api/v1/reservations/{id}":                                   member,
	"PATCH /api/v1/reservations/{id}":                                 member,
	"POST /api/v1/reservations/{id}/cancel":                           member,
	"POST /api/v1/reservations/{id}/review":                           admin,
	"POST /api/v1/reservations/{id}/deposit":                          admin,
	"GET /api/v1/documents":                                           member,
	"GET /api/v1/documents/highlights":                                member,
	"GET /api/v1/documents/categories":                                member,
	"POST /api/v1/documents/categories":                               admin,
	"GET /api/v1/documents/email-notices":                             member,
	"PUT /api/v1/documents/email-notices":                             member,
	"GET /api/v1/documents/{id}":                                      member,
	"DELETE /api/v1/documents/{id}":                                   admin,
	"GET /api/v1/providers":                                           member,
	"POST /api/v1/providers":                                          member,
	"PATCH /api/v1/providers/{id}":                                    admin,
	"DELETE /api/v1/providers/{id}":                                   admin,
	"POST /api/v1/providers/{id}/review":                              admin,
	"PUT /api/v1/providers/{id}/rating":                               member,
	"GET /api/v1/providers/{id}/ratings":                              member,
	"GET /api/v1/tasks":                                               member,
	"GET /api/v1/tasks/summary":                                       member,
	"POST /api/v1/tasks":                                              member,
	"GET /api/v1/tasks/editors":                                       admin,
	"PUT /api/v1/tasks/editors/{userId}":                              admin,
	"DELETE /api/v1/tasks/editors/{userId}":                           admin,
	"GET /api/v1/tasks/{id}":                                          member,
	"PATCH /api/v1/tasks/{id}":                                        member,
	"DELETE /api/v1/tasks/{id}":                                       member,
	"GET /api/v1/push":                                                member,
	"POST /api/v1/push/subscriptions":                                 member,
	"DELETE /api/v1/push/subscriptions/{id}":                          member,
	"PUT /api/v1/push/kinds/{kind}":                                   member,
	"GET /api/v1/wall":                                                member,
	"POST /api/v1/wall":                                               member,
	"GET /api/v1/wall/{id}":                                           member,
	"PATCH /api/v1/wall/{id}":                                         member,
	"DELETE /api/v1/wall/{id}":                                        member,
	"PUT /api/v1/wall/{id}/hidden":                                    admin,
	"PUT /api/v1/wall/{id}/like":                                      member,
	"POST /api/v1/wall/{id}/report":                                   member,
	"GET /api/v1/wall/{id}/comments":                                  member,
	"POST /api/v1/wall/{id}/comments":                                 member,
	"DELETE /api/v1/wall/comments/{commentId}":                        member,
	"GET /api/v1/money/settings":                                      admin,
	"PUT /api/v1/money/settings":                                      admin,
	"GET /api/v1/money/groups":                                        admin,
	"POST /api/v1/money/groups":                                       admin,
	"PUT /api/v1/money/groups/{id}":                                   admin,
	"DELETE /api/v1/money/groups/{id}":                                admin,
	"GET /api/v1/money/budgets":                                       admin,
	"POST /api/v1/money/budgets":                                      admin,
	"PUT /api/v1/money/budgets/{id}":                                  admin,
	"POST /api/v1/money/budgets/{id}/approve":                         admin,
	"POST /api/v1/money/budgets/{id}/revise":                          admin,
	"GET /api/v1/money/cuotas":                                        admin,
	"POST /api/v1/money/receipts/generate":                            admin,
	"GET /api/v1/money/receipts":                                      admin,
	"POST /api/v1/money/receipts/{id}/payments":                       admin,
	"POST /api/v1/money/receipts/{id}/compensation":                   admin,
	"GET /api/v1/money/derramas":                                      admin,
	"POST /api/v1/money/derramas":                                     admin,
	"POST /api/v1/money/derramas/{id}/receipts":                       admin,
	"POST /api/v1/money/units/{unitId}/corrections":                   admin,
	"GET /api/v1/money/accounts":                                      admin,
	"POST /api/v1/money/accounts":                                     admin,
	"PUT /api/v1/money/accounts/{id}":                                 admin,
	"POST /api/v1/money/accounts/{id}/statements":                     admin,
	"POST /api/v1/money/accounts/{id}/statements/csv/preview":         admin,
	"POST /api/v1/money/accounts/{id}/statements/csv":                 admin,
	"GET /api/v1/money/accounts/{id}/movements":                       admin,
	"GET /api/v1/money/accounts/{id}/reconciliation":                  admin,
	"POST /api/v1/money/movements/{id}/reconcile":                     admin,
	"GET /api/v1/money/expenses":                                      admin,
	"POST /api/v1/money/expenses":                                     admin,
	"POST /api/v1/money/expenses/{id}/payments":                       admin,
	"GET /api/v1/money/incidents/{id}/cost":                           member,
	"GET /api/v1/money/year-accounts/{year}":                          admin,
	"POST /api/v1/money/year-accounts/{year}/close":                   admin,
	"POST /api/v1/money/year-accounts/{year}/document":                admin,
	"POST /api/v1/money/year-accounts/{year}/approve":                 admin,
	"GET /api/v1/money/year-accounts/{year}/pdf":                      admin,
	"POST /api/v1/money/year-accounts/{year}/corrections":             admin,
	"GET /api/v1/money/closed-years":                                  admin,
	"GET /api/v1/money/closing-settings":                              admin,
	"PUT /api/v1/money/closing-settings":                              admin,
	"GET /api/v1/money/approved-accounts":                             member,
	"GET /api/v1/money/approved-accounts/{year}":                      member,
	"GET /api/v1/invitations/{token}":                                 anyone,
	"POST /api/v1/community/code":                                     admin,
	"GET /api/v1/money/mine":                                          member,
	"GET /api/v1/money/units/{unitId}/statement":                      member,
	"GET /api/v1/money/units/{unitId}/statement.csv":                  member,
	"GET /api/v1/money/debt-settings":                                 admin,
	"PUT /api/v1/money/debt-settings":                                 admin,
	"GET /api/v1/money/debts":                                         admin,
	"GET /api/v1/money/mine/debts":                                    member,
	"GET /api/v1/money/certificates":                                  admin,
	"POST /api/v1/money/certificates":                                 admin,
	"POST /api/v1/money/certificates/{id}/issue":                      admin,
	"GET /api/v1/money/certificates/{id}/pdf":                         admin,
	"GET /api/v1/money/verify/{code}":                                 anyone,
	"GET /api/v1/money/receipts/{id}/pdf":                             member,
	"GET /api/v1/money/units/{unitId}/statement.pdf":                  member,
	"GET /api/v1/money/units/{unitId}/sharing":                        owner,
	"PUT /api/v1/money/units/{unitId}/sharing/{userId}":               owner,
	"GET /api/v1/money/sepa-settings":                                 admin,
	"PUT /api/v1/money/sepa-settings":                                 admin,
	"GET /api/v1/money/mandates":                                      admin,
	"GET /api/v1/money/my-mandates":                                   member,
	"POST /api/v1/money/units/{unitId}/mandate":                       owner,
	"POST /api/v1/money/mandates/{id}/revoke":                         member,
	"GET /api/v1/money/mandates/{id}/pdf":                             member,
	"GET /api/v1/money/remittances":                                   admin,
	"POST /api/v1/money/remittances":                                  admin,
	"GET /api/v1/money/remittances/{id}":                              admin,
	"GET /api/v1/money/remittances/{id}/xml":                          admin,
	"POST /api/v1/money/receipts/{id}/return":                         admin,
	"POST /api/v1/money/returns/import":                               admin,
	// juntas (issue #38)
	"POST /api/v1/mail/bounces":                         anyone, // VECINOS_BOUNCE_SECRET, checked by mail.Bounces
	"GET /api/v1/juntas":                                member,
	"POST /api/v1/juntas":                               admin,
	"GET /api/v1/juntas/next":                           member,
	"GET /api/v1/juntas/{id}":                           member,
	"PUT /api/v1/juntas/{id}":                           admin,
	"DELETE /api/v1/juntas/{id}":                        admin,
	"POST /api/v1/juntas/{id}/convene":                  admin,
	"GET /api/v1/juntas/{id}/notices":                   admin,
	"GET /api/v1/juntas/{id}/letters":                   admin,
	"GET /api/v1/juntas/{id}/attendance":                admin,
	"PUT /api/v1/juntas/{id}/attendance/{ownerId}":      admin,
	"GET /api/v1/juntas/{id}/attendance.pdf":            admin,
	"PUT /api/v1/juntas/{id}/viewers/me":                admin,
	"DELETE /api/v1/juntas/{id}/viewers/me":             admin,
	"POST /api/v1/juntas/{id}/hold":                     admin,
	"POST /api/v1/juntas/{id}/points/{pointId}/votes":   admin,
	"POST /api/v1/juntas/{id}/acta/draft":               admin,
	"PUT /api/v1/juntas/{id}/acta":                      member,
	"GET /api/v1/juntas/{id}/acta.pdf":                  member,
	"PUT /api/v1/juntas/{id}/proxy":                     member,
	"DELETE /api/v1/juntas/{id}/proxy":                  member,
	"POST /api/v1/juntas/{id}/proxies/{ownerId}/review": admin,
	"POST /api/v1/juntas/{id}/acta/sign":                member,
	// memberships (ADR 0040)
	"GET /api/v1/memberships":                     signedIn,
	"POST /api/v1/memberships/{communityId}/open": signedIn,
	"POST /api/v1/community/leave":                member,
	// the administrador de fincas' office (ADR 0045)
	"GET /api/v1/organisation":                                           confirmed,
	"POST /api/v1/organisation":                                          confirmed,
	"GET /api/v1/organisation/staff":                                     confirmed,
	"POST /api/v1/organisation/staff":                                    confirmed,
	"DELETE /api/v1/organisation/staff/{userId}":                         confirmed,
	"POST /api/v1/organisation/join":                                     confirmed,
	"GET /api/v1/organisation/communities":                               confirmed,
	"POST /api/v1/organisation/communities/{communityId}/accept":         confirmed,
	"POST /api/v1/organisation/communities":                              confirmed,
	"POST /api/v1/organisation/communities/{communityId}/import/preview": confirmed,
	"POST /api/v1/organisation/communities/{communityId}/import":         confirmed,
	"GET /api/v1/organisation/search":                                    confirmed,
	"POST /api/v1/organisation/announcements":                            confirmed,
	"POST /api/v1/organisation/providers":                                confirmed,
	"GET /api/v1/community/processor":                                    member,
	"POST /api/v1/community/processor":                                   admin,
	"DELETE /api/v1/community/processor":                                 admin,
}

// addRouteAccess adds a feature's rows from an init function of its own test file
// (<feature>_access_test.go), so that a new feature's routes need no edit of the table above; the test
// still fails naming any route that has no row. A row given twice stops the test binary.
func addRouteAccess(rows map[string]level) {
	for r, l := range rows {
		if _, dup := routeAccess[r]; dup {
			panic("routeAccess: " + r + " has two rows")
		}
		routeAccess[r] = l
	}
}

// caller is one kind of user the test calls every route as, with the levels they reach.
type caller struct {
	name  string
	c     *client
	fresh func() *client // another session of the same user
	has   map[level]bool
	other bool // an admin of another community: refused on this community's objects
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestEveryRouteChecksItsDeclaredAccess calls every route of the contract, over the demo community, as
// seven kinds of caller: below the route's level the route refuses them (401, or 403 with a level's
// words), at or above it it does not (any other status), and another community's admin gets nothing of
// this community's objects (401, 403, 404, or 400/422 for a body it never got past). The calls carry no
// body, so writes mostly stop at validation; a DELETE does run (the admin's last). With
// ROUTE_ACCESS_PROBE=file it asserts nothing and writes what each caller got to file.<engine>.
func TestEveryRouteChecksItsDeclaredAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		if _, err := demo.Seed(ctx, db, e.srv.Config.Handler, true, e.clock()); err != nil {
			t.Fatal(err)
		}
		logins := 0
		loginWith := func(email, password string) *client {
			logins++ // each from its own address, below the sign-in rate limit
			c := e.from(fmt.Sprintf("10.0.%d.%d", logins/250, logins%250+1))
			c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": password}, 200)
			return c
		}
		login := func(email string) *client { return loginWith(email, demo.Password) }
		again := func(email string) func() *client { return func() *client { return login(email) } }
		againOb := func(email string) func() *client { return func() *client { return loginWith(email, "Secreto123") } }
		adminC := login("presidenta@demo.vecinos.local")
		tenantC := login("lucia.fernandez@demo.vecinos.local") // 1º C, a tenant
		ownerC := login("antonio.garcia@demo.vecinos.local")   // 1º D, its confirmed owner
		code := e.communityCode(t, adminC)
		unconfirmedC, unconfirmedAgain := e.unconfirmedMember(t, db, "sin.confirmar@example.es", code)
		callers := []caller{
			{name: "anonymous", c: e.client(), fresh: e.client, has: levels(anyone)},
			{name: "unconfirmed", c: unconfirmedC, fresh: unconfirmedAgain, has: levels(anyone, signedIn)},
			{name: "loner", c: e.obLoner(t, "sola@example.es"), fresh: againOb("sola@example.es"), has: levels(anyone, signedIn, confirmed)},
			{name: "other admin", c: e.obAdmin(t, "otra@example.es", "Otra comunidad"), fresh: againOb("otra@example.es"),
				has: levels(anyone, signedIn, confirmed, member, admin), other: true},
			{name: "tenant", c: tenantC, fresh: again("lucia.fernandez@demo.vecinos.local"), has: levels(anyone, signedIn, confirmed, member)},
			{name: "owner", c: ownerC, fresh: again("antonio.garcia@demo.vecinos.local"), has: levels(anyone, signedIn, confirmed, member, owner)},
			{name: "admin", c: adminC, fresh: again("presidenta@demo.vecinos.local"), has: levels(anyone, signedIn, confirmed, member, owner, admin)},
		}
		tenantID := tenantC.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)

		routes := apiRoutes()
		probe := os.Getenv("ROUTE_ACCESS_PROBE")
		if probe == "" {
			for _, r := range routes {
				if _, ok := routeAccess[r]; !ok {
					t.Errorf("%s has no row in routeAccess: a new route cannot be added without a row", r)
				}
			}
			registered := map[string]bool{}
			for _, r := range routes {
				registered[r] = true
			}
			for r := range routeAccess {
				if !registered[r] {
					t.Errorf("routeAccess has a row for %s, which is not a route", r)
				}
			}
		}
		ids := map[string]string{} // list path → the id of one of its objects, as the admin sees them
		var out strings.Builder
		for _, r := range routes {
			method, path, _ := strings.Cut(r, " ")
			url, ofCommunity := fillPath(t, adminC, path, ids, tenantID)
			want, declared := routeAccess[r]
			for _, cl := range callers {
				c := cl.c
				if swapsSession[r] { // with another session of the same user, so that the rest of the test keeps this one
					c = cl.fresh()
				}
				status, body := c.bare(t, method, url)
				if probe != "" {
					fmt.Fprintf(&out, "%s\t%s\t%d\t%v\t%v\n", r, cl.name, status, body["code"], body["detail"])
					continue
				}
				if !declared {
					continue
				}
				refused := status == http.StatusUnauthorized || status == http.StatusForbidden && routeRefusal(body)
				switch {
				case !cl.has[want] && !refused:
					t.Errorf("%s as %s (route for %s): %d %v, want refused", r, cl.name, want, status, brief(body))
				case cl.other && ofCommunity && want >= member && status != 400 && status != 401 && status != 403 && status != 404 && status != 422:
					t.Errorf("%s as %s on this community's object: %d %v, want refused or not found", r, cl.name, status, brief(body))
				case cl.has[want] && !cl.other && refused:
					t.Errorf("%s as %s (route for %s): %d %v, want not refused", r, cl.name, want, status, brief(body))
				case cl.has[want] && cl.other && !ofCommunity && refused:
					t.Errorf("%s as %s (route for %s): %d %v, want not refused", r, cl.name, want, status, brief(body))
				}
			}
		}
		if probe != "" {
			os.WriteFile(probe+"."+fmt.Sprint(db.Engine()), []byte(out.String()), 0o644)
		}
	})
}

// brief is what a failure shows of an answer: its code and detail, when a problem.
func brief(body map[string]any) string {
	if body["code"] == nil {
		return "(not a problem)"
	}
	return fmt.Sprintf("%v %q", body["code"], body["detail"])
}

func levels(ls ...level) map[level]bool {
	m := map[level]bool{}
	for _, l := range ls {
		m[l] = true
	}
	return m
}

// routeRefusal reports whether a 403 is the route's refusal of the caller's level (not a rule of the
// object, such as someone else's incident): the words of httpapi's access.go.
func routeRefusal(p map[string]any) bool {
	if p["code"] == "email_not_confirmed" {
		return true
	}
	d, _ := p["detail"].(string)
	return levelRefusals[d]
}

var levelRefusals = map[string]bool{
	"No perteneces a ninguna comunidad":                                        true,
	"No tienes una comunidad asignada":                                         true,
	"Solo los administradores pueden acceder a esta sección":                   true,
	"Solo los propietarios pueden hacer esto":                                  true,
	"Solo los administradores pueden gestionar las cuentas de la comunidad":    true,
	"Solo los propietarios pueden oponerse al acuerdo":                         true,
	"Solo los administradores pueden retirar mensajes del chat comunitario":    true,
	"Solo los administradores pueden publicar, editar o eliminar comunicados":  true,
	"Solo los administradores pueden invitar a vecinos":                        true,
	"Solo los administradores pueden ver el registro de actividad":             true,
	"Solo los administradores pueden crear, editar, abrir o cerrar votaciones": true,
	"Solo un administrador puede gestionar las instalaciones":                  true,
	"Solo un administrador puede cambiar la zona horaria":                      true,
	"Solo un administrador puede aprobar o rechazar reservas":                  true,
	"Solo un administrador puede registrar la fianza":                          true,
	"Solo los administradores pueden gestionar los documentos":                 true,
	"Solo un administrador puede gestionar los proveedores":                    true,
	"Solo un administrador puede dar permiso para gestionar las tareas":        true,
	"Solo un administrador puede ocultar publicaciones":                        true,
}

// apiRoutes lists every operation of the contract as "METHOD path", sorted.
func apiRoutes() []string {
	var out []string
	for path, item := range httpapi.OpenAPI().Paths {
		for method, op := range map[string]any{"GET": item.Get, "POST": item.Post, "PUT": item.Put, "PATCH": item.Patch, "DELETE": item.Delete} {
			if op != nil && !isNilOp(op) {
				out = append(out, method+" "+path)
			}
		}
	}
	sort.Strings(out)
	return out
}

// swapsSession are the routes that end or replace the caller's session.
var swapsSession = map[string]bool{"POST /api/v1/auth/logout": true, "POST /api/v1/account/delete": true,
	"POST /api/v1/dev/test-user": true, "POST /api/v1/auth/login": true, "POST /api/v1/auth/confirm": true,
	"POST /api/v1/auth/confirm-email-change": true, "POST /api/v1/auth/change-password": true}

func isNilOp(op any) bool {
	b, _ := json.Marshal(op)
	return string(b) == "null"
}

// fillPath puts into path the id of an object of the admin's community where one is found (its list is
// the path up to the first parameter), and a made-up id elsewhere; it reports whether it put one.
func fillPath(t *testing.T, admin *client, path string, ids map[string]string, userID string) (string, bool) {
	loc := pathParam.FindStringIndex(path)
	if loc == nil {
		return path, false
	}
	list := strings.TrimSuffix(path[:loc[0]], "/")
	name := path[loc[0]:loc[1]]
	id, seen := ids[list]
	if !seen {
		status, body := admin.rawAny(t, "GET", list)
		if status == 200 {
			id = firstListedID(body)
		}
		ids[list] = id
	}
	// The money's 'General' group has the same id in every community: it names no object of this one.
	found := id != "" && id != domain.GeneralGroupID
	switch {
	case name == "{userId}":
		id, found = userID, true
	case name == "{date}":
		id, found = time.Now().AddDate(0, 0, 10).Format("2006-01-02"), false
	case name == "{kind}":
		id, found = "announcements", false
	case name == "{code}" || !found:
		id = "x" + strings.Repeat("0", 25)
	}
	rest := pathParam.ReplaceAllString(path[loc[1]:], "x"+strings.Repeat("0", 25))
	return path[:loc[0]] + id + rest, found
}

// firstListedID finds the first "id" of an object in an array of the JSON body (keys in order).
func firstListedID(v any) string {
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			if m, ok := it.(map[string]any); ok {
				if id, ok := m["id"].(string); ok {
					return id
				}
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if id := firstListedID(x[k]); id != "" {
				return id
			}
		}
	}
	return ""
}

// bare sends a request without a body and decodes any JSON object it answers.
func (c *client) bare(t *testing.T, method, path string) (int, map[string]any) {
	status, v := c.rawAny(t, method, path)
	m, _ := v.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return status, m
}

func (c *client) rawAny(t *testing.T, method, path string) (int, any) {
	t.Helper()
	req, _ := http.NewRequest(method, c.e.srv.URL+path, nil)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var v any
	json.Unmarshal(raw, &v)
	return res.StatusCode, v
}

// unconfirmedMember is a member of the community with that code who has a session but never confirmed
// their email (a session made in the store: the app signs in no one unconfirmed).
func (e *env) unconfirmedMember(t *testing.T, db *store.DB, email, code string) (*client, func() *client) {
	t.Helper()
	ctx := context.Background()
	now := e.clock()
	u := &domain.User{ID: domain.NewID(), Email: email, Language: domain.Spanish, FullName: "Sin Confirmar"}
	if err := db.SeedMember(ctx, u, domain.CommunitySetup{JoinCode: code}, now); err != nil {
		t.Fatal(err)
	}
	session := func() *client {
		tok := credentials.NewToken()
		if err := db.CreateSession(ctx, domain.Session{ID: credentials.HashToken(tok), UserID: u.ID, CreatedAt: now, LastSeenAt: now,
			ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		c := e.client()
		req, _ := http.NewRequest("GET", e.srv.URL, nil)
		c.http.Jar.SetCookies(req.URL, []*http.Cookie{{Name: "vecinos_session", Value: tok, Path: "/"}})
		return c
	}
	return session(), session
}
