package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"vecinos/internal/invitations"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Helpers of the invitation tests ("iv" prefix).

// ivInvite invites email as admin and returns the invitation.
func ivInvite(t *testing.T, admin *client, email string, extra map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{"email": email}
	for k, v := range extra {
		body[k] = v
	}
	return admin.must(t, "POST", "/api/v1/community/invitations", body, 201)
}

// ivState returns the state of the invitation to email in the admin's list.
func ivState(t *testing.T, admin *client, email string) map[string]any {
	t.Helper()
	for _, i := range obItems(t, admin.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations") {
		if i["email"] == email {
			return i
		}
	}
	t.Fatalf("no invitation to %s", email)
	return nil
}

// ivLogin signs in again (a session ends after a month).
func (e *env) ivLogin(t *testing.T, email string) *client {
	t.Helper()
	c := e.client()
	c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": "Secreto123"}, 200)
	return c
}

// ivMails counts the emails to addr in the outbox.
func (e *env) ivMails(t *testing.T, addr string) int {
	t.Helper()
	mails, err := e.db.ListMail(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range mails {
		if m.To == addr {
			n++
		}
	}
	return n
}

// The invitation email goes through the outbox with the community's invitation link; it is accepted when
// that address joins, caducada after 30 days, can be resent and revoked; an address that belongs to a
// member gets a clear 409.
func TestInvitationsThroughTheOutboxAndTheirStates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		code := e.communityCode(t, admin)

		inv := ivInvite(t, admin, " Luis@Example.es ", nil)
		if inv["email"] != "luis@example.es" || inv["status"] != "sent" || inv["kind"] != "neighbour" || inv["sends"] != float64(1) {
			t.Fatalf("invitation: %v", inv)
		}
		subject, text := e.obMail(t, "luis@example.es")
		if !strings.Contains(subject, "te invita") || !strings.Contains(text, "Mayor 1") ||
			!strings.Contains(text, "http://localhost:8080/register?invitation=") || !strings.Contains(text, code) {
			t.Fatalf("invitation email: %q\n%s", subject, text)
		}
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "luis@example.es"}, 409, "conflict",
			"Ya hay una invitación pendiente para esta dirección. Puedes reenviarla desde la lista.")
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "presi@example.es"}, 409, "conflict",
			"Esta dirección ya pertenece a un miembro de la comunidad")
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "no es un email"}, 422, "invalid", "Email inválido")

		// Luis joins with the code: aceptada. He is a member now: inviting him again is a 409.
		e.obMember(t, "luis@example.es", code)
		if i := ivState(t, admin, "luis@example.es"); i["status"] != "accepted" || i["acceptedAt"] == nil {
			t.Fatalf("after joining: %v", i)
		}
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "luis@example.es"}, 409, "conflict",
			"Esta dirección ya pertenece a un miembro de la comunidad")
		obDetail(t, admin, "POST", "/api/v1/community/invitations/"+inv["id"].(string)+"/resend", nil, 409, "conflict", "Esta invitación ya se ha aceptado")

		// Eva never answers: caducada after 30 days, by the clock; a resend makes it live again and emails her again.
		eva := ivInvite(t, admin, "eva@example.es", nil)
		e.advance(invitations.TTL - time.Minute)
		admin = e.ivLogin(t, "presi@example.es") // sessions last a month at most
		if i := ivState(t, admin, "eva@example.es"); i["status"] != "sent" {
			t.Fatalf("before the expiry: %v", i)
		}
		e.advance(2 * time.Minute)
		if i := ivState(t, admin, "eva@example.es"); i["status"] != "expired" {
			t.Fatalf("after the expiry: %v", i)
		}
		resent := admin.must(t, "POST", "/api/v1/community/invitations/"+eva["id"].(string)+"/resend", nil, 200)
		if resent["status"] != "sent" || resent["sends"] != float64(2) || e.ivMails(t, "eva@example.es") != 2 {
			t.Fatalf("resent: %v, %d emails", resent, e.ivMails(t, "eva@example.es"))
		}
		// Revoked: stays revoked, cannot be resent, and joining later does not turn it into aceptada.
		if r := admin.must(t, "POST", "/api/v1/community/invitations/"+eva["id"].(string)+"/revoke", nil, 200); r["status"] != "revoked" || r["revokedAt"] == nil {
			t.Fatalf("revoked: %v", r)
		}
		obDetail(t, admin, "POST", "/api/v1/community/invitations/"+eva["id"].(string)+"/resend", nil, 409, "conflict",
			"Esta invitación está revocada. Invita de nuevo a esta dirección si quieres.")
		e.obMember(t, "eva@example.es", code)
		if i := ivState(t, admin, "eva@example.es"); i["status"] != "revoked" {
			t.Fatalf("revoked, then joined: %v", i)
		}
		obDetail(t, admin, "POST", "/api/v1/community/invitations/nope/resend", nil, 404, "not_found", "No se encontró la invitación")
	})
}

// Limits: 50 invitations (and resends) per community and day, 200 live invitations per community.
func TestInvitationLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		other := e.obAdmin(t, "otra@example.es", "Otra 2")
		n := 0
		inviteDay := func() {
			t.Helper()
			for range invitations.PerDay {
				n++
				ivInvite(t, admin, fmt.Sprintf("vecino%d@example.es", n), nil)
			}
		}
		inviteDay()
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "uno-mas@example.es"}, 429, "rate_limited",
			"Has alcanzado el límite de 50 invitaciones al día. Podrás enviar más mañana.")
		first := obItems(t, admin.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations")
		obDetail(t, admin, "POST", "/api/v1/community/invitations/"+first[0]["id"].(string)+"/resend", nil, 429, "rate_limited",
			"Has alcanzado el límite de 50 invitaciones al día. Podrás enviar más mañana.")
		// Another community has its own allowance.
		ivInvite(t, other, "alguien@example.es", nil)
		for day := 1; day < invitations.MaxPending/invitations.PerDay; day++ {
			e.advance(24*time.Hour + time.Minute)
			inviteDay()
		}
		e.advance(24*time.Hour + time.Minute)
		obDetail(t, admin, "POST", "/api/v1/community/invitations", map[string]any{"email": "uno-mas@example.es"}, 429, "rate_limited",
			"La comunidad ya tiene 200 invitaciones pendientes. Espera a que se acepten o revoca alguna.")
		// Revoking one makes room.
		admin.must(t, "POST", "/api/v1/community/invitations/"+first[0]["id"].(string)+"/revoke", nil, 200)
		ivInvite(t, admin, "uno-mas@example.es", nil)
	})
}

// Only admins invite, see the list, resend, revoke, download the letters and accept new units (members
// read the feature's words); another community's invitations are not found.
func TestInvitationPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		admin.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		code := e.communityCode(t, admin)
		inv := ivInvite(t, admin, "luis@example.es", nil)
		neighbour := e.obMember(t, "ana@example.es", code)
		stranger := e.obAdmin(t, "otro@example.es", "Otra 2")
		loner := e.obLoner(t, "solo@example.es")
		id := inv["id"].(string)
		calls := []struct{ method, path string }{
			{"GET", "/api/v1/community/invitations"},
			{"POST", "/api/v1/community/invitations"},
			{"POST", "/api/v1/community/invitations/" + id + "/resend"},
			{"POST", "/api/v1/community/invitations/" + id + "/revoke"},
			{"GET", "/api/v1/community/invitation-letters"},
			{"GET", "/api/v1/community/new-units"},
		}
		for _, c := range calls {
			var body any
			if c.method == "POST" {
				body = map[string]any{"email": "x@example.es"}
			}
			obDetail(t, neighbour, c.method, c.path, body, 403, "forbidden", "Solo los administradores pueden "+map[bool]string{true: "invitar a vecinos", false: "acceder a esta sección"}[!strings.Contains(c.path, "new-units")])
			obDetail(t, loner, c.method, c.path, body, 403, "forbidden", "No perteneces a ninguna comunidad")
		}
		obDetail(t, stranger, "POST", "/api/v1/community/invitations/"+id+"/resend", nil, 404, "not_found", "No se encontró la invitación")
		obDetail(t, stranger, "POST", "/api/v1/community/invitations/"+id+"/revoke", nil, 404, "not_found", "No se encontró la invitación")
		if is := obItems(t, stranger.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations"); len(is) != 0 {
			t.Fatalf("another community's list: %v", is)
		}
		// A unit of another community cannot be the invitation's.
		unit := admin.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"].(string)
		obDetail(t, stranger, "POST", "/api/v1/community/invitations", map[string]any{"email": "x@example.es", "unitId": unit}, 404, "not_found", "No se encontró la vivienda")
		if i := ivState(t, admin, "luis@example.es"); i["status"] != "sent" {
			t.Fatalf("the stranger changed it: %v", i)
		}
	})
}

// Registration step 2: the neighbours' addresses and the president's get their invitations once the
// community exists.
func TestRegistrationSendsTheInvitations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.confirmedUser(t, "ana@example.es", obCommunityMeta("Mayor 1", "Calle Mayor 1", "Madrid", map[string]any{
			"invitee_emails":  []string{"luis@example.es", "EVA@example.es", "luis@example.es", "ana@example.es"},
			"knows_president": true, "president_name": "Pepe", "president_floor": "3º A", "president_email": "pepe@example.es"}))
		code := e.communityCode(t, admin)
		for _, addr := range []string{"luis@example.es", "eva@example.es"} {
			if subject, text := e.obMail(t, addr); !strings.Contains(subject, "te invita") || !strings.Contains(text, "register?invitation=") {
				t.Fatalf("invitation to %s: %q %s", addr, subject, text)
			}
			if n := e.ivMails(t, addr); n != 1 {
				t.Fatalf("%d emails to %s", n, addr)
			}
		}
		subject, text := e.obMail(t, "pepe@example.es")
		if subject != "Han registrado «Mayor 1» en Vecinos" || !strings.Contains(text, "Ana López ha registrado «Mayor 1»") || !strings.Contains(text, code) {
			t.Fatalf("president's email: %q\n%s", subject, text)
		}
		is := obItems(t, admin.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations")
		kinds := map[string]string{}
		for _, i := range is {
			kinds[i["email"].(string)] = i["kind"].(string)
		}
		if len(kinds) != 3 || kinds["pepe@example.es"] != "president" || kinds["luis@example.es"] != "neighbour" {
			t.Fatalf("invitations: %v", kinds)
		}
	})
}

// An invitation for a unit, and a letter's link, preselect the unit when the invitee chooses theirs.
func TestInvitedUnitIsPreselected(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		admin.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "2º", "door": "B"}, 200)
		unit := admin.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"].(string)
		code := e.communityCode(t, admin)
		ivInvite(t, admin, "luis@example.es", map[string]any{"unitId": unit})
		if _, text := e.obMail(t, "luis@example.es"); !regexp.MustCompile(`register\?invitation=[A-Za-z0-9_-]+&unit=`+unit).MatchString(text) || !strings.Contains(text, "2º · B") {
			t.Fatalf("invitation for a unit: %s", text)
		}
		luis := e.obMember(t, "luis@example.es", code)
		if u := luis.must(t, "GET", "/api/v1/onboarding/invited-unit", nil, 200); u["unitId"] != unit {
			t.Fatalf("invited unit: %v", u)
		}
		// The letter's link: /register?token=…&unit=… keeps the unit in the sign-up data.
		eva := e.confirmedUser(t, "eva@example.es", map[string]any{"invite_token": code, "invite_unit": unit})
		if u := eva.must(t, "GET", "/api/v1/onboarding/invited-unit", nil, 200); u["unitId"] != unit {
			t.Fatalf("letter's unit: %v", u)
		}
		// A unit of another community is not preselected.
		stranger := e.obAdmin(t, "otro@example.es", "Otra 2")
		mallory := e.confirmedUser(t, "mallory@example.es", map[string]any{"invite_token": e.communityCode(t, stranger), "invite_unit": unit})
		if u := mallory.must(t, "GET", "/api/v1/onboarding/invited-unit", nil, 200); u["unitId"] != nil {
			t.Fatalf("another community's unit: %v", u)
		}
	})
}

// A unit given by floor and door is a new unit for an admin to accept; confirming its owner accepts it;
// a claim on a unit of another community is not found.
func TestClaimsOfNewUnitsAndOfOtherCommunities(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		code := e.communityCode(t, admin)
		luis, eva := e.obMember(t, "luis@example.es", code), e.obMember(t, "eva@example.es", code)
		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "2º", "door": "B", "owner": true}, 200)
		eva.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "5º", "door": "Z"}, 200)
		news := obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units")
		if len(news) != 2 || news[0]["unitLabel"] != "2º · B" || news[0]["email"] != "luis@example.es" {
			t.Fatalf("new units: %v", news)
		}
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		if len(claims) != 1 || claims[0]["newUnit"] != true || claims[0]["unitLabel"] != "2º · B" {
			t.Fatalf("claims: %v", claims)
		}
		// Pending: no owner rights.
		if u := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["isOwner"] != false || u["canEdit"] != false {
			t.Fatalf("pending claim: %v", u)
		}
		obReview(t, admin, "owner-claims", claims[0]["id"].(string), "approved", "")
		if u := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["isOwner"] != true || u["canEdit"] != true {
			t.Fatalf("confirmed claim: %v", u)
		}
		news = obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units")
		if len(news) != 1 || news[0]["unitLabel"] != "5º · Z" {
			t.Fatalf("new units after the confirmation: %v", news)
		}
		// Rejecting a new unit removes it: Eva chooses again.
		admin.must(t, "POST", "/api/v1/community/new-units/"+news[0]["id"].(string)+"/review", map[string]any{"decision": "rejected"}, 200)
		if u := eva.must(t, "GET", "/api/v1/unit", nil, 200); u["unit"] != nil {
			t.Fatalf("rejected unit still hers: %v", u)
		}
		obDetail(t, admin, "POST", "/api/v1/community/new-units/"+news[0]["id"].(string)+"/review", map[string]any{"decision": "approved"}, 404, "not_found",
			"No se encontró la vivienda por aceptar")

		// A claim on a unit of another community: not found, and nothing changes.
		other := e.obAdmin(t, "otro@example.es", "Otra 2")
		other.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		foreign := other.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"].(string)
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": foreign, "owner": true}, 404, "not_found", "No se encontró la vivienda")
		obDetail(t, other, "POST", "/api/v1/community/new-units/"+news[0]["id"].(string)+"/review", map[string]any{"decision": "approved"}, 404, "not_found",
			"No se encontró la vivienda por aceptar")
		if cs := obItems(t, other.must(t, "GET", "/api/v1/community/owner-claims", nil, 200), "claims"); len(cs) != 0 {
			t.Fatalf("claims in the other community: %v", cs)
		}
	})
}

// An admin downloads the letters: a PDF with one page per unit of the community.
func TestAdminDownloadsTheLetters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		obDetail(t, admin, "GET", "/api/v1/community/invitation-letters", nil, 409, "conflict",
			"La comunidad aún no tiene viviendas. Añádelas para imprimir las cartas.")
		admin.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		code := e.communityCode(t, admin)
		e.obMember(t, "luis@example.es", code).must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "2", "door": "B"}, 200)
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/community/invitation-letters", nil)
		res, err := admin.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		pdf, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "cartas-invitacion.pdf") {
			t.Fatalf("letters: %d %v %q", res.StatusCode, res.Header, pdf[:min(len(pdf), 20)])
		}
		if n := len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(pdf, -1)); n != 2 {
			t.Fatalf("%d pages, want 2", n)
		}
	})
}
