package httpapi_test

import (
	"context"
	"regexp"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue 33, finding 6: the community code alone was full membership, printed on every letter and never
// changed. An admin may now replace it, and require approval of who joins with it; an invitation email's
// personal link still lets its addressee in.

const retiredCode = "Este código ya no es válido: la administración de la comunidad lo ha cambiado. Pídele el código nuevo."

// jcRequireApproval turns 'approval required' on, as an admin does in the community's settings.
func jcRequireApproval(t *testing.T, admin *client, on bool) {
	t.Helper()
	if c := admin.must(t, "PATCH", "/api/v1/community", map[string]any{"joinApproval": on}, 200); c["joinApproval"] != on {
		t.Fatalf("joinApproval after PATCH: %v", c)
	}
}

func TestRotatedCodeStopsOldLettersAndLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		old := e.communityCode(t, admin)

		rotated := admin.must(t, "POST", "/api/v1/community/code", nil, 200)
		code, _ := rotated["publicId"].(string)
		if code == "" || code == old || e.communityCode(t, admin) != code {
			t.Fatalf("after rotating %s: %v", old, rotated)
		}

		// The old code, from a letter or a link: looked up or used to join, it says it was changed.
		for _, lang := range []string{"", "en"} {
			c := e.client()
			c.lang = lang
			p := c.must(t, "GET", "/api/v1/communities/lookup/"+old, nil, 410)
			want := map[string]string{"": retiredCode, "en": "This code is no longer valid: the community's administrators have changed it. Ask them for the new code."}[lang]
			if p["code"] != "code_retired" || p["detail"] != want {
				t.Fatalf("lookup of the old code (%q): %v", lang, p)
			}
		}
		obDetail(t, e.client(), "POST", "/api/v1/auth/signup", signUpBody("vecina@example.es", "Inquilino", map[string]any{"invite_token": old}),
			410, "code_retired", retiredCode)
		loner := e.obLoner(t, "luis@example.es")
		obDetail(t, loner, "POST", "/api/v1/communities/join", map[string]any{"code": old}, 410, "code_retired", retiredCode)
		loner.must(t, "GET", "/api/v1/community", nil, 403)
		// A code that never existed still reads as not found.
		obDetail(t, e.client(), "GET", "/api/v1/communities/lookup/ZZZZ2345", nil, 404, "not_found", "No se encontró ninguna comunidad con este código")

		// The new one works: looked up, and joined with (this community lets in by code).
		if got := e.client().must(t, "GET", "/api/v1/communities/lookup/"+code, nil, 200); got["name"] != "Alcalá 12" {
			t.Fatalf("lookup of the new code: %v", got)
		}
		if me := loner.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": code}, 200); jcCommunity(me) == "" {
			t.Fatalf("join with the new code: %v", me)
		}
		loner.must(t, "GET", "/api/v1/community", nil, 200)
		e.obMember(t, "ana@example.es", code).must(t, "GET", "/api/v1/community", nil, 200)

		// Rotating again retires the second code too; the first stays retired.
		third := admin.must(t, "POST", "/api/v1/community/code", nil, 200)["publicId"].(string)
		for _, c := range []string{old, code} {
			e.client().must(t, "GET", "/api/v1/communities/lookup/"+c, nil, 410)
		}
		e.client().must(t, "GET", "/api/v1/communities/lookup/"+third, nil, 200)
	})
}

func TestOnlyAnAdminRotatesTheCodeOrRequiresApproval(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		code := e.communityCode(t, admin)
		member := e.obMember(t, "vecina@example.es", code)
		other := e.obAdmin(t, "otro@example.es", "Real 7")
		otherCode := e.communityCode(t, other)

		if s := e.client().status(t, "POST", "/api/v1/community/code", nil); s != 401 {
			t.Fatalf("anonymous rotation: %d", s)
		}
		if s := e.client().status(t, "PATCH", "/api/v1/community", map[string]any{"joinApproval": true}); s != 401 {
			t.Fatalf("anonymous setting: %d", s)
		}
		if s := member.status(t, "POST", "/api/v1/community/code", nil); s != 403 {
			t.Fatalf("a member's rotation: %d", s)
		}
		if s := member.status(t, "PATCH", "/api/v1/community", map[string]any{"joinApproval": true}); s != 403 {
			t.Fatalf("a member's setting: %d", s)
		}
		// Another community's admin changes their own community only.
		if got := other.must(t, "POST", "/api/v1/community/code", nil, 200)["publicId"]; got == otherCode || got == code {
			t.Fatalf("the other admin's rotation: %v", got)
		}
		jcRequireApproval(t, other, true)

		c := admin.must(t, "GET", "/api/v1/community", nil, 200)
		if c["publicId"] != code || c["joinApproval"] != false {
			t.Fatalf("the community after the others tried: %v", c)
		}
		// Its code still lets in directly.
		e.obMember(t, "luis@example.es", code).must(t, "GET", "/api/v1/community", nil, 200)
	})
}

func TestApprovalRequiredCodeStartsAJoinRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)

		// A community created from now on requires approval (the harness turns it off for other tests).
		founder := e.obLoner(t, "fundadora@example.es")
		founder.must(t, "POST", "/api/v1/communities", map[string]any{"name": "Real 7", "address": "Calle Real, 7", "city": "Ávila", "postalCode": "05001"}, 201)
		if c := founder.must(t, "GET", "/api/v1/community", nil, 200); c["joinApproval"] != true {
			t.Fatalf("a new community: %v", c)
		}

		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		jcRequireApproval(t, admin, true)
		code := e.communityCode(t, admin)

		// Signing up with the code: a pending request, no membership.
		ana := e.obMember(t, "ana@example.es", code)
		if me := ana.must(t, "GET", "/api/v1/me", nil, 200); jcCommunity(me) != "" {
			t.Fatalf("signed up with the code of a community that requires approval: %v", me)
		}
		// A signed-in user without a community joining with the code: the same.
		luis := e.obLoner(t, "luis@example.es")
		if me := luis.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": code}, 200); jcCommunity(me) != "" {
			t.Fatalf("joined with the code of a community that requires approval: %v", me)
		}
		for _, c := range []*client{ana, luis} {
			for _, path := range []string{"/api/v1/community", "/api/v1/directory", "/api/v1/community/members", "/api/v1/polls"} {
				if s := c.status(t, "GET", path, nil); s != 403 {
					t.Fatalf("GET %s while the request waits: %d", path, s)
				}
			}
			r := c.must(t, "GET", "/api/v1/onboarding/join-request", nil, 200)["request"].(map[string]any)
			if r["status"] != "pending" || r["communityName"] != "Alcalá 12" {
				t.Fatalf("the request: %v", r)
			}
		}

		// The admin sees both in the join-request queue, approves Ana and rejects Luis.
		pending := obItems(t, admin.must(t, "GET", "/api/v1/community/join-requests?status=pending", nil, 200), "requests")
		ids := map[string]string{}
		for _, r := range pending {
			ids[r["email"].(string)] = r["id"].(string)
		}
		if len(pending) != 2 || ids["ana@example.es"] == "" || ids["luis@example.es"] == "" {
			t.Fatalf("pending requests: %v", pending)
		}
		obReview(t, admin, "join-requests", ids["ana@example.es"], "approved", "")
		obReview(t, admin, "join-requests", ids["luis@example.es"], "rejected", "No vive aquí")
		ana.must(t, "GET", "/api/v1/community", nil, 200)
		luis.must(t, "GET", "/api/v1/community", nil, 403)

		// Turned off again, the code lets in directly, as before.
		jcRequireApproval(t, admin, false)
		e.obMember(t, "eva@example.es", code).must(t, "GET", "/api/v1/community", nil, 200)
	})
}

// jcCommunity is the community of a /me answer, "" when none.
func jcCommunity(me map[string]any) string {
	id, _ := me["communityId"].(string)
	return id
}

var invitationRE = regexp.MustCompile(`https?://[^\s"<>]+/register\?invitation=([A-Za-z0-9_-]+)`)

// jcInvitationToken is the personal token of the newest invitation email to addr.
func (e *env) jcInvitationToken(t *testing.T, addr string) string {
	t.Helper()
	mails, err := e.db.ListMail(context.Background(), 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.To == addr {
			if match := invitationRE.FindStringSubmatch(m.Text); match != nil {
				return match[1]
			}
		}
	}
	t.Fatalf("no invitation link to %s", addr)
	return ""
}

func TestInvitationEmailLetsItsAddresseeInDirectly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		jcRequireApproval(t, admin, true)
		code := e.communityCode(t, admin)
		admin.must(t, "POST", "/api/v1/community/invitations", map[string]any{"email": "ana@example.es"}, 201)
		token := e.jcInvitationToken(t, "ana@example.es")

		// The register page learns the community, its current code and the invited address.
		got := e.client().must(t, "GET", "/api/v1/invitations/"+token, nil, 200)
		if got["email"] != "ana@example.es" || got["code"] != code || got["community"].(map[string]any)["name"] != "Alcalá 12" {
			t.Fatalf("invitation lookup: %v", got)
		}

		// Somebody else holding the link gets nothing: signed in, or signing up with it.
		stranger := e.obLoner(t, "ajeno@example.es")
		stranger.must(t, "POST", "/api/v1/communities/join", map[string]any{"invitation": token}, 404)
		stranger.must(t, "GET", "/api/v1/community", nil, 403)
		other := e.confirmedUser(t, "otra@example.es", map[string]any{"invitation": token})
		if me := other.must(t, "GET", "/api/v1/me", nil, 200); jcCommunity(me) != "" {
			t.Fatalf("another address used the invitation: %v", me)
		}

		// Its addressee is let in at once, although the community requires approval.
		ana := e.confirmedUser(t, "ana@example.es", map[string]any{"invitation": token, "invite_token": code})
		ana.must(t, "GET", "/api/v1/community", nil, 200)
		if rs := obItems(t, admin.must(t, "GET", "/api/v1/community/join-requests?status=pending", nil, 200), "requests"); len(rs) != 0 {
			t.Fatalf("an invitation made a join request: %v", rs)
		}
		invs := obItems(t, admin.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations")
		if len(invs) != 1 || invs[0]["status"] != "accepted" {
			t.Fatalf("invitations: %v", invs)
		}

		// Spent: the link answers no more, for anybody.
		e.client().must(t, "GET", "/api/v1/invitations/"+token, nil, 404)
		stranger.must(t, "POST", "/api/v1/communities/join", map[string]any{"invitation": token}, 404)
		stranger.must(t, "GET", "/api/v1/community", nil, 403)

		// A signed-in addressee without a community uses a new invitation's link the same way.
		admin.must(t, "POST", "/api/v1/community/invitations", map[string]any{"email": "luis@example.es"}, 201)
		luis := e.obLoner(t, "luis@example.es")
		second := e.jcInvitationToken(t, "luis@example.es")
		stranger.must(t, "POST", "/api/v1/communities/join", map[string]any{"invitation": second}, 404)
		if me := luis.must(t, "POST", "/api/v1/communities/join", map[string]any{"invitation": second}, 200); jcCommunity(me) == "" {
			t.Fatalf("the addressee joining by the link: %v", me)
		}
		luis.must(t, "GET", "/api/v1/community", nil, 200)
	})
}
