package httpapi_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"vecinos/internal/domain"
)

// Helpers of the membership tests (profile, onboarding, units, roles, verification, account); the
// "ob" prefix keeps them apart from other features' helpers in this package.

func obCommunityMeta(name, address, city string, extra map[string]any) map[string]any {
	m := map[string]any{"community_intent": "create", "community_name": name, "community_address": address,
		"community_city": city, "community_postal_code": "28014"}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// obAdmin signs up a user who creates a community (and so administers it).
func (e *env) obAdmin(t *testing.T, email, community string) *client {
	t.Helper()
	return e.confirmedUser(t, email, obCommunityMeta(community, "Calle Mayor 1", "Madrid", nil))
}

// obMember signs up a plain member of the community with that code.
func (e *env) obMember(t *testing.T, email, code string) *client {
	t.Helper()
	return e.confirmedUser(t, email, map[string]any{"invite_token": code})
}

// obLoner signs up a confirmed user without a community (the onboarding wizard's user).
func (e *env) obLoner(t *testing.T, email string) *client {
	t.Helper()
	return e.confirmedUser(t, email, nil)
}

// obDetail checks a problem's status, code and Spanish detail.
func obDetail(t *testing.T, c *client, method, path string, body any, status int, code, detail string) {
	t.Helper()
	p := c.must(t, method, path, body, status)
	if p["code"] != code || p["detail"] != detail {
		t.Fatalf("%s %s: got %v %q, want %s %q", method, path, p["code"], p["detail"], code, detail)
	}
}

// obMail returns the newest email to addr, failing when there is none.
func (e *env) obMail(t *testing.T, addr string) (subject, text string) {
	t.Helper()
	mails, err := e.db.ListMail(context.Background(), 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.To == addr {
			return m.Subject, m.Text
		}
	}
	t.Fatalf("no email to %s", addr)
	return "", ""
}

// obReference returns a valid catastral reference that starts with the 18 characters given.
func obReference(t *testing.T, first18 string) string {
	t.Helper()
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for _, a := range letters {
		for _, b := range letters {
			if ref := first18 + string(a) + string(b); domain.ValidCatastralReference(ref) {
				return ref
			}
		}
	}
	t.Fatalf("no check letters for %s", first18)
	return ""
}

func obItems(t *testing.T, body map[string]any, key string) []map[string]any {
	t.Helper()
	raw, ok := body[key].([]any)
	if !ok {
		t.Fatalf("%s is not a list: %v", key, body)
	}
	out := make([]map[string]any, len(raw))
	for i, x := range raw {
		out[i] = x.(map[string]any)
	}
	return out
}

func obSpaced(ref string) string { return strings.ToLower(ref[:7] + " " + ref[7:14] + " " + ref[14:]) }

func (e *env) obCommunityID(t *testing.T, c *client) string {
	t.Helper()
	return c.must(t, "GET", "/api/v1/community", nil, 200)["id"].(string)
}

// obFind searches communities by address as c (obAdmin's communities are all at Calle Mayor 1, Madrid)
// and returns the result named name, failing when there is none.
func obFind(t *testing.T, c *client, name string) map[string]any {
	t.Helper()
	q := url.Values{"province": {"Madrid"}, "municipality": {"Madrid"}, "streetType": {"Calle"}, "streetName": {"Mayor"}, "number": {"1"}}
	for _, m := range obItems(t, c.must(t, "GET", "/api/v1/onboarding/communities/by-address?"+q.Encode(), nil, 200), "communities") {
		if m["name"] == name {
			return m
		}
	}
	t.Fatalf("search did not find %q", name)
	return nil
}

// obRequestJoin has c find the community named name and ask to join it in the unit body says; it
// returns the pending request.
func obRequestJoin(t *testing.T, c *client, name string, body map[string]any) map[string]any {
	t.Helper()
	body["choice"] = obFind(t, c, name)["choice"]
	r, ok := c.must(t, "POST", "/api/v1/onboarding/choose-unit", body, 200)["joinRequest"].(map[string]any)
	if !ok || r["status"] != "pending" {
		t.Fatalf("join request: %v", r)
	}
	return r
}

// obReview has an admin decide a request (join-requests, owner-claims or verifications) and returns it.
func obReview(t *testing.T, admin *client, kind, id, decision, note string) map[string]any {
	t.Helper()
	body := map[string]any{"decision": decision}
	if note != "" {
		body["note"] = note
	}
	return admin.must(t, "POST", "/api/v1/community/"+kind+"/"+id+"/review", body, 200)
}

// obConfirmOwners has an admin confirm every pending owner claim of their community.
func obConfirmOwners(t *testing.T, admin *client) {
	t.Helper()
	for _, c := range obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims") {
		obReview(t, admin, "owner-claims", c["id"].(string), "approved", "")
	}
}
