package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// officeCSV is the office's spreadsheet of 'Calle Nueva 5': three units, four owners (ines owns two, the
// 1º B has two co-owners).
const officeCSV = "portal;planta;nombre;tipo;coeficiente;email_propietario\n" +
	"1;1;1º A;vivienda;30,5;ines@example.es\n" +
	"1;1;1º B;vivienda;30,5;\"pablo@example.es; rosa@example.es\"\n" +
	"1;-1;Garaje 1;garaje;39;ines@example.es\n"

func TestAnOfficeCreatesACommunityAndImportsItsOwners(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		body := map[string]any{"name": "Calle Nueva 5", "address": "Calle Nueva 5", "city": "Madrid", "postalCode": "28013"}

		// Who may create one: the office's staff with write rights only.
		obDetail(t, d.iris, "POST", "/api/v1/organisation/communities", body, 403, "forbidden", "Tu acceso al despacho es de solo lectura")
		obDetail(t, d.ana, "POST", "/api/v1/organisation/communities", body, 404, "not_found", "No formas parte de ningún despacho")
		e.client().must(t, "POST", "/api/v1/organisation/communities", body, 401)
		obDetail(t, d.jon, "POST", "/api/v1/organisation/communities", map[string]any{"name": "Sin dirección", "address": " ", "city": "Madrid",
			"postalCode": "28013"}, 422, "invalid", "Indica el nombre, la dirección, la ciudad y el código postal de la comunidad")

		p := d.jon.must(t, "POST", "/api/v1/organisation/communities", body, 201)
		id := p["communityId"].(string)
		if p["status"] != "active" || p["communityName"] != "Calle Nueva 5" || !strings.HasPrefix(fmt.Sprint(p["acceptedAt"]), time.Now().UTC().Format("2006-01-02")) {
			t.Fatalf("the new community's processor: %v", p)
		}
		jon := d.jon.in(id)
		if me := jon.must(t, "GET", "/api/v1/me", nil, 200); me["role"] != "admin" || me["communityId"] != id {
			t.Fatalf("jon in the new community: %v", me)
		}
		// jon is not a resident of it: no member, so no resident admin either.
		if n, err := e.db.CountMembers(t.Context(), id); err != nil || n != 0 {
			t.Fatalf("the new community has %d members (%v)", n, err)
		}
		if roles := fmt.Sprint(jon.must(t, "GET", "/api/v1/community/roles", nil, 200)); strings.Contains(roles, "jon@") {
			t.Fatalf("jon is among the community's roles: %s", roles)
		}
		if got := jon.must(t, "GET", "/api/v1/community/processor", nil, 200)["processor"].(map[string]any); got["status"] != "active" || got["acceptedAt"] == nil {
			t.Fatalf("the settings' processor: %v", got)
		}
		_, list := d.jon.rawAny(t, "GET", "/api/v1/memberships")
		for _, raw := range list.([]any) {
			if m := raw.(map[string]any); m["communityId"] == id && m["staff"] != true {
				t.Fatalf("jon is a member of the community he created: %v", m)
			}
		}

		// Who may import into it: not read rights, not another office, not a resident admin elsewhere.
		path := "/api/v1/organisation/communities/" + id + "/import"
		csv := map[string]any{"csv": officeCSV}
		obDetail(t, d.iris, "POST", path+"/preview", csv, 403, "forbidden", "Tu acceso al despacho es de solo lectura")
		obDetail(t, d.ana, "POST", path, csv, 404, "not_found", "No formas parte de ningún despacho")
		e.client().must(t, "POST", path, csv, 401)
		other := e.obLoner(t, "otro@gestoria.es")
		other.must(t, "POST", "/api/v1/organisation", map[string]any{"name": "Gestoría Sur", "nif": "12345678Z"}, 201)
		obDetail(t, other, "POST", path+"/preview", csv, 403, "forbidden", "Tu despacho no administra esta comunidad")
		obDetail(t, d.jon, "POST", "/api/v1/organisation/communities/"+d.community+"x/import", csv, 403, "forbidden", "Tu despacho no administra esta comunidad")

		// A file with faulty lines: every one is named, and nothing is written.
		bad := "portal;planta;nombre;tipo;coeficiente;email_propietario\n" +
			"1;1;1º A;vivienda;30,5;ines@example\n" +
			"1;1;1º A;vivienda;30,5;pablo@example.es\n" +
			"1;-1;Garaje 1;garaje;abc;ines@example.es\n"
		pr := d.jon.must(t, "POST", path+"/preview", map[string]any{"csv": bad}, 422)
		msgs := fmt.Sprint(pr["errors"])
		for _, want := range []string{"Línea 2: el email «ines@example» no es válido", "Línea 4: el coeficiente"} {
			if !strings.Contains(msgs, want) {
				t.Errorf("the preview's errors miss %q: %s", want, msgs)
			}
		}
		d.jon.must(t, "POST", path, map[string]any{"csv": bad}, 422)
		dup := "nombre;email_propietario\n1º A;a@example.es\n1º A;b@example.es\n"
		if msgs := fmt.Sprint(d.jon.must(t, "POST", path+"/preview", map[string]any{"csv": dup}, 422)["errors"]); !strings.Contains(msgs, "Línea 3: «1º A» ya está en la línea 2") {
			t.Errorf("a repeated unit: %s", msgs)
		}
		if us := obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units"); len(us) != 0 {
			t.Fatalf("a refused import wrote units: %v", us)
		}

		// The preview says what confirming does, and keeps nothing.
		pv := d.jon.must(t, "POST", path+"/preview", csv, 200)
		if pv["unitsCreated"] != 3.0 || pv["invitationsSent"] != 3.0 || !strings.Contains(fmt.Sprint(pv["lines"]), "rosa@example.es outcome:invite") {
			t.Fatalf("the preview: %v", pv)
		}
		if us := obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units"); len(us) != 0 {
			t.Fatalf("the preview wrote units: %v", us)
		}
		assertNoMail(t, e, "pablo@example.es")

		// Confirmed: the units, and one invitation per owner naming all their units.
		r := d.jon.must(t, "POST", path, csv, 200)
		if r["unitsCreated"] != 3.0 || r["invitationsSent"] != 3.0 {
			t.Fatalf("the import: %v", r)
		}
		if us := obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units"); len(us) != 3 {
			t.Fatalf("units after the import: %v", us)
		}
		subject, text := e.obMail(t, "ines@example.es")
		if !strings.Contains(subject, "te invita") || !strings.Contains(text, "Calle Nueva 5") || !strings.Contains(text, "1º A") || !strings.Contains(text, "Garaje 1") {
			t.Fatalf("ines's invitation: %s\n%s", subject, text)
		}
		if !strings.Contains(text, "(Fincas Pérez S.L.)") {
			t.Errorf("the invitation does not name the office: %s", text)
		}

		// The same file again: no unit, no invitation twice.
		r = d.jon.must(t, "POST", path, csv, 200)
		if r["unitsCreated"] != 0.0 || r["unitsUpdated"] != 0.0 || r["invitationsSent"] != 0.0 || r["alreadyInvited"] != 3.0 {
			t.Fatalf("the import again: %v", r)
		}
		invs := obItems(t, jon.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations")
		if len(invs) != 4 { // ines ×2 units, pablo, rosa
			t.Fatalf("invitations after two imports: %v", invs)
		}

		// Accepting: ines joins by her link, owns both her units and lives in the first.
		token := e.jcInvitationToken(t, "ines@example.es")
		ines := e.confirmedUser(t, "ines@example.es", map[string]any{"invitation": token})
		ines.in(id).must(t, "GET", "/api/v1/community", nil, 200)
		units := obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units")
		owned := 0
		for _, u := range units {
			if u["hasOwner"] == true {
				owned++
				if u["name"] != "1º A" && u["name"] != "Garaje 1" {
					t.Errorf("ines owns %v", u)
				}
			}
		}
		if owned != 2 {
			t.Fatalf("owners after ines joined: %v", units)
		}
		if u := ines.in(id).must(t, "GET", "/api/v1/unit", nil, 200); !strings.Contains(fmt.Sprint(u), "1º A") {
			t.Fatalf("ines's home: %v", u)
		}
		// A member now: a third import invites her no more.
		r = d.jon.must(t, "POST", path+"/preview", csv, 200)
		if r["alreadyMembers"] != 1.0 || r["alreadyInvited"] != 2.0 {
			t.Fatalf("the preview after ines joined: %v", r)
		}

		// The audit log names the staff member who created and imported.
		audit := fmt.Sprint(jon.must(t, "GET", "/api/v1/community/audit", nil, 200))
		for _, want := range []string{"processor.community_created", "processor.owners_imported", "(Fincas Pérez S.L.)"} {
			if !strings.Contains(audit, want) {
				t.Errorf("the audit log misses %q: %s", want, audit)
			}
		}
	})
}

func assertNoMail(t *testing.T, e *env, addr string) {
	t.Helper()
	mails, err := e.db.ListMail(t.Context(), 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.To == addr {
			t.Fatalf("an email to %s: %s", addr, m.Subject)
		}
	}
}

// Issue #35: an owner the office imported who asks to join instead of following their link (by the code
// where the community requires approval, or from a search) gets the invited units once an admin
// approves; someone the import did not invite gets nothing more than they asked for.
func TestAnApprovedJoinRequestAppliesTheImportedOwnerInvitation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		id := d.jon.must(t, "POST", "/api/v1/organisation/communities", map[string]any{"name": "Calle Nueva 5", "address": "Calle Mayor 1",
			"city": "Madrid", "postalCode": "28013", "province": "Madrid", "streetType": "Calle", "streetName": "Mayor", "streetNumber": "1"}, 201)["communityId"].(string)
		jon := d.jon.in(id)
		d.jon.must(t, "POST", "/api/v1/organisation/communities/"+id+"/import", map[string]any{"csv": officeCSV}, 200)
		jcRequireApproval(t, jon, true)
		code := e.communityCode(t, jon)

		// Ines asks with the code, Pablo from a search (for the 1º B, as its owner), Luis (not invited)
		// from a search too, for the Garaje 1 that the import gave Ines.
		ines := e.obLoner(t, "ines@example.es")
		ines.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": code}, 200)
		unitID := map[string]string{}
		for _, u := range obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units") {
			unitID[u["name"].(string)] = u["id"].(string)
		}
		pablo, luis := e.obLoner(t, "pablo@example.es"), e.obLoner(t, "luis@example.es")
		obRequestJoin(t, pablo, "Calle Nueva 5", map[string]any{"unitId": unitID["1º B"], "owner": true})
		obRequestJoin(t, luis, "Calle Nueva 5", map[string]any{"unitId": unitID["Garaje 1"]})
		for _, r := range obItems(t, jon.must(t, "GET", "/api/v1/community/join-requests?status=pending", nil, 200), "requests") {
			obReview(t, jon, "join-requests", r["id"].(string), "approved", "")
		}

		// Ines owns both her units and lives in the first; Pablo owns the 1º B without a claim to review;
		// Luis lives in the garage and owns nothing.
		for c, want := range map[*client]string{ines.in(id): "1 · 1 · 1º A|owner|yes|yes, 1 · -1 · Garaje 1|owner|yes|no", pablo.in(id): "1 · 1 · 1º B|owner|yes|yes",
			luis.in(id): "1 · -1 · Garaje 1|resident|yes|yes"} {
			if got := strings.Join(myUnits(t, c), ", "); got != want {
				t.Errorf("units %s, want %s", got, want)
			}
		}
		owners := map[string]any{} // Garaje 1's is Ines: Luis is a resident there
		for _, u := range obItems(t, jon.must(t, "GET", "/api/v1/community/units", nil, 200), "units") {
			owners[u["name"].(string)] = u["hasOwner"]
		}
		if want := "map[1º A:true 1º B:true Garaje 1:true]"; fmt.Sprint(owners) != want {
			t.Fatalf("owners after the approvals: %v, want %s", owners, want)
		}
		if claims := obItems(t, jon.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims"); len(claims) != 0 {
			t.Fatalf("an invited owner's request left a claim to review: %v", claims)
		}
		// Their invitations are used: accepted, and a new import invites them no more.
		for _, inv := range obItems(t, jon.must(t, "GET", "/api/v1/community/invitations", nil, 200), "invitations") {
			if inv["email"] != "rosa@example.es" && inv["status"] != "accepted" {
				t.Errorf("an invitation after its owner was admitted: %v", inv)
			}
		}
		if r := d.jon.must(t, "POST", "/api/v1/organisation/communities/"+id+"/import/preview", map[string]any{"csv": officeCSV}, 200); r["alreadyMembers"] != 2.0 {
			t.Fatalf("the preview after the approvals: %v", r)
		}
	})
}
