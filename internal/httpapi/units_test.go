package httpapi_test

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Helpers of the units registry tests ("reg" prefix).

// regAdmin signs up a president whose registration gives the building's shape.
func (e *env) regAdmin(t *testing.T, email string, shape map[string]any) *client {
	t.Helper()
	return e.confirmedUser(t, email, obCommunityMeta("Alcalá 12", "Calle de Alcalá 12", "Madrid", shape))
}

func regUnits(t *testing.T, c *client) (map[string]any, []map[string]any) {
	t.Helper()
	r := c.must(t, "GET", "/api/v1/community/units", nil, 200)
	return r, obItems(t, r, "units")
}

// regLabels lists the units as "portal|staircase|name".
func regLabels(units []map[string]any) []string {
	var out []string
	for _, u := range units {
		s := func(k string) string {
			if v, ok := u[k].(string); ok {
				return v
			}
			return ""
		}
		out = append(out, s("building")+"|"+s("staircase")+"|"+s("name"))
	}
	return out
}

func regFind(t *testing.T, units []map[string]any, building, name string) map[string]any {
	t.Helper()
	for _, u := range units {
		if u["name"] == name && (u["building"] == building || (building == "" && u["building"] == nil)) {
			return u
		}
	}
	t.Fatalf("no unit %q in portal %q among %v", name, building, regLabels(units))
	return nil
}

// regExport downloads the registry's CSV.
func regExport(t *testing.T, c *client, want int) string {
	t.Helper()
	req, _ := http.NewRequest("GET", c.e.srv.URL+"/api/v1/community/units/export", nil)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("export: %d %s", res.StatusCode, b)
	}
	if want == 200 && !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export content type %q", res.Header.Get("Content-Type"))
	}
	return string(b)
}

func TestRegistrationGeneratesTheUnitsOfTheBuilding(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		two := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 2, "doors_per_floor": 2, "nomenclature": "A, B, C", "portals_count": 2})
		_, units := regUnits(t, two)
		want := []string{"Portal 1||1º A", "Portal 1||1º B", "Portal 1||2º A", "Portal 1||2º B",
			"Portal 2||1º A", "Portal 2||1º B", "Portal 2||2º A", "Portal 2||2º B"}
		if got := regLabels(units); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("units %q", got)
		}
		if u := units[0]; u["floor"] != "1º" || u["kind"] != "vivienda" || u["coefficient"] != nil || u["residents"] != 0.0 {
			t.Fatalf("unit %v", u)
		}
		// Portal-targeted announcements see the portals.
		bs := two.must(t, "GET", "/api/v1/announcements/audiences", nil, 200)
		if items := obItems(t, bs, "buildings"); len(items) != 2 || items[0]["value"] != "Portal 1" || items[1]["value"] != "Portal 2" {
			t.Fatalf("buildings %v", bs)
		}

		cases := map[string][]string{
			"1-1":    {"||1-1", "||1-2", "||2-1", "||2-2"},
			"Bajo B": {"||Bajo A", "||Bajo B", "||1º A", "||1º B"},
			"1, 2":   {"||1º 1", "||1º 2", "||2º 1", "||2º 2"},
		}
		for nomenclature, want := range cases {
			c := e.regAdmin(t, "p"+strings.ToLower(strings.NewReplacer(" ", "", ",", "").Replace(nomenclature))+"@example.es",
				map[string]any{"floors_count": 2, "doors_per_floor": 2, "nomenclature": nomenclature})
			if _, units := regUnits(t, c); strings.Join(regLabels(units), ",") != strings.Join(want, ",") {
				t.Fatalf("%q: %q", nomenclature, regLabels(units))
			}
		}
		stairs := e.regAdmin(t, "esc@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1, "stairs_count": 2})
		if _, units := regUnits(t, stairs); strings.Join(regLabels(units), ",") != "|Escalera 1|1º A,|Escalera 2|1º A" {
			t.Fatalf("staircases: %q", regLabels(units))
		}
		// No shape, no units.
		none := e.obAdmin(t, "nada@example.es", "Sin datos")
		if r, units := regUnits(t, none); len(units) != 0 || r["coefficientSum"] != "0" || r["coefficientsAre100"] != false {
			t.Fatalf("no shape: %v", r)
		}
		// A shape too big is refused at sign-up, in Spanish.
		p := e.client().must(t, "POST", "/api/v1/auth/signup", signUpBody("grande@example.es", "Presidente",
			obCommunityMeta("Grande", "Calle Grande 1", "Madrid", map[string]any{"floors_count": 100, "doors_per_floor": 30})), 422)
		if p["detail"] != "El edificio no puede tener más de 2000 viviendas; añade el resto desde Viviendas y locales" {
			t.Fatalf("too big: %v", p)
		}
	})
}

func TestAdminsEditTheRegistry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2, "portals_count": 2})
		_, units := regUnits(t, admin)
		a1 := regFind(t, units, "Portal 1", "1º A")

		// Add; the same portal and name (in any case) is a conflict, another portal is not.
		admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "Local 1", "building": "Portal 1", "kind": "local", "coefficient": "3,5"}, 201)
		obDetail(t, admin, "POST", "/api/v1/community/units", map[string]any{"name": " local  1 ", "building": "portal 1"}, 409, "conflict",
			"Ya existe una unidad «portal 1 · local 1»")
		admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "Local 1", "building": "Portal 2", "kind": "garaje"}, 201)
		obDetail(t, admin, "POST", "/api/v1/community/units", map[string]any{"name": "  "}, 422, "invalid", "El nombre de la unidad es obligatorio")
		obDetail(t, admin, "POST", "/api/v1/community/units", map[string]any{"name": "X", "coefficient": "abc"}, 422, "invalid",
			"El coeficiente «abc» no es un número")

		// Rename onto a taken name is a conflict; a free one is fine.
		obDetail(t, admin, "PATCH", "/api/v1/community/units/"+a1["id"].(string), map[string]any{"name": "1º B"}, 409, "conflict",
			"Ya existe una unidad «Portal 1 · 1º B»")
		r := admin.must(t, "PATCH", "/api/v1/community/units/"+a1["id"].(string), map[string]any{"name": "1º Izquierda", "coefficient": "25,1234"}, 200)
		u := regFind(t, obItems(t, r, "units"), "Portal 1", "1º Izquierda")
		if u["coefficient"] != "25.1234" || u["kind"] != "vivienda" || u["floor"] != "1º" {
			t.Fatalf("renamed: %v", u)
		}
		if r["coefficientSum"] != "28.6234" || r["coefficientsAre100"] != false || r["coefficientsMissing"] != 4.0 {
			t.Fatalf("sum: %v", r)
		}
		// Coeficientes that make 100 within 0,01.
		for _, name := range []string{"1º B", "1º A"} {
			for _, portal := range []string{"Portal 1", "Portal 2"} {
				_, units := regUnits(t, admin)
				if name == "1º A" && portal == "Portal 1" {
					continue
				}
				v := map[string]any{"1º B": "20", "1º A": "15,8766"}[name]
				admin.must(t, "PATCH", "/api/v1/community/units/"+regFind(t, units, portal, name)["id"].(string), map[string]any{"coefficient": v}, 200)
			}
		}
		r, _ = regUnits(t, admin)
		if r["coefficientSum"] != "84.5" || r["coefficientsAre100"] != false || r["coefficientsMissing"] != 1.0 {
			t.Fatalf("sum: %v", r)
		}
		_, units = regUnits(t, admin)
		garage := "/api/v1/community/units/" + regFind(t, units, "Portal 2", "Local 1")["id"].(string)
		if r = admin.must(t, "PATCH", garage, map[string]any{"coefficient": "15,52"}, 200); r["coefficientSum"] != "100.02" || r["coefficientsAre100"] != false {
			t.Fatalf("sum: %v", r)
		}
		if r = admin.must(t, "PATCH", garage, map[string]any{"coefficient": "15.5084"}, 200); r["coefficientSum"] != "100.0084" || r["coefficientsAre100"] != true {
			t.Fatalf("sum: %v", r)
		}
		if r = admin.must(t, "PATCH", garage, map[string]any{"coefficient": ""}, 200); r["coefficientSum"] != "84.5" || r["coefficientsMissing"] != 1.0 {
			t.Fatalf("cleared: %v", r)
		}

		// A unit somebody lives in cannot be removed; an empty one can.
		admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "Ático", "building": "Portal 1"}, 200)
		_, units = regUnits(t, admin)
		attic := regFind(t, units, "Portal 1", "Ático")
		if attic["residents"] != 1.0 || attic["ownerName"] != "Ana López" {
			t.Fatalf("attic: %v", attic)
		}
		obDetail(t, admin, "DELETE", "/api/v1/community/units/"+attic["id"].(string), nil, 409, "conflict",
			"No se puede eliminar «Portal 1 · Ático»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos")
		local := regFind(t, units, "Portal 1", "Local 1")
		r = admin.must(t, "DELETE", "/api/v1/community/units/"+local["id"].(string), nil, 200)
		if len(obItems(t, r, "units")) != len(units)-1 {
			t.Fatalf("removed: %v", regLabels(obItems(t, r, "units")))
		}
		admin.must(t, "DELETE", "/api/v1/community/units/"+local["id"].(string), nil, 404)
	})
}

func TestMergingAUnitMovesItsResidentsAndOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 3, "doors_per_floor": 1})
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		// Luis typed his flat by hand: a duplicate of '3º A' with his pending claim.
		luis.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "3A", "floor": "3"}, 200)
		// The admin owns '2A' and lives there; merging it into '2º A' carries the ownership.
		admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "2A"}, 200)
		_, units := regUnits(t, admin)
		dup, flat := regFind(t, units, "", "3A"), regFind(t, units, "", "3º A")
		admin.must(t, "PATCH", "/api/v1/community/units/"+dup["id"].(string), map[string]any{"coefficient": "10"}, 200)
		admin.must(t, "PATCH", "/api/v1/community/units/"+flat["id"].(string), map[string]any{"coefficient": "20,5"}, 200)

		obDetail(t, admin, "POST", "/api/v1/community/units/"+dup["id"].(string)+"/merge", map[string]any{"into": dup["id"]}, 422, "invalid",
			"Elige otra unidad con la que fusionarla")
		r := admin.must(t, "POST", "/api/v1/community/units/"+dup["id"].(string)+"/merge", map[string]any{"into": flat["id"]}, 200)
		merged := regFind(t, obItems(t, r, "units"), "", "3º A")
		if merged["residents"] != 1.0 || merged["coefficient"] != "30.5" || len(obItems(t, r, "units")) != 4 {
			t.Fatalf("merged: %v", r)
		}
		if u := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["id"] != flat["id"] || u["unitNumber"] != "3º A" || u["ownerClaimPending"] != true {
			t.Fatalf("luis's unit: %v", u)
		}
		// The claim moved with him: confirming it makes him the owner of '3º A'.
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims", nil, 200), "claims")
		if len(claims) != 1 {
			t.Fatalf("claims: %v", claims)
		}
		admin.must(t, "POST", "/api/v1/community/owner-claims/"+claims[0]["id"].(string)+"/review", map[string]any{"decision": "approved"}, 200)
		_, units = regUnits(t, admin)
		if u := regFind(t, units, "", "3º A"); u["ownerName"] != "Ana López" || u["hasOwner"] != true {
			t.Fatalf("owner after the merge: %v", u)
		}
		// Two owners cannot be merged.
		owned := regFind(t, units, "", "2A")
		obDetail(t, admin, "POST", "/api/v1/community/units/"+owned["id"].(string)+"/merge", map[string]any{"into": flat["id"]}, 409, "conflict",
			"«2A» y «3º A» tienen propietarios distintos: no se pueden fusionar")
		r = admin.must(t, "POST", "/api/v1/community/units/"+owned["id"].(string)+"/merge", map[string]any{"into": regFind(t, units, "", "2º A")["id"]}, 200)
		if u := regFind(t, obItems(t, r, "units"), "", "2º A"); u["hasOwner"] != true || u["residents"] != 1.0 {
			t.Fatalf("owner moved: %v", u)
		}
		if u := admin.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["unitNumber"] != "2º A" || u["isOwner"] != true {
			t.Fatalf("admin's unit: %v", u)
		}
	})
}

// A refused import names its faulty lines in the language the browser asks for, the coefficient's own
// message included.
func TestRegistryCSVImportLinesInTheRequestLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2, "portals_count": 1})
		bad := "portal;planta;puerta;tipo;coeficiente\nPortal 1;1;A;vivienda;abc\nPortal 1;1;;vivienda;5\nPortal 1;1;B;chalet;5\nPortal 1;1;B;;5\nPortal 1;1;B;;5\n"
		for _, k := range []struct {
			lang, detail string
			lines        []string
		}{
			{"ca", "El CSV té 4 errors; no s'ha importat res", []string{
				"Línia 2: el coeficient «abc» no és un número",
				"Línia 3: falta el nom (o la porta) de la unitat",
				"Línia 4: el tipus «chalet» no és vàlid (vivienda, local o garaje)",
				"Línia 6: «Portal 1 · 1º B» ja és a la línia 5",
			}},
			{"en", "The CSV has 4 errors; nothing was imported", []string{
				"Line 2: the share “abc” is not a number",
				"Line 3: the unit's name (or door) is missing",
				"Line 4: the type “chalet” is not valid (vivienda, local or garaje)",
				"Line 6: “Portal 1 · 1º B” is already on line 5",
			}},
		} {
			admin.lang = k.lang
			p := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": bad}, 422)
			var lines []string
			for _, l := range obItems(t, p, "errors") {
				lines = append(lines, l["message"].(string))
			}
			if p["detail"] != k.detail || !slices.Equal(lines, k.lines) {
				t.Errorf("%s: detail %q, lines %q", k.lang, p["detail"], lines)
			}
		}
	})
}

func TestRegistryCSVImportIsAllOrNothingAndRoundTrips(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2, "portals_count": 2})
		csv := regExport(t, admin, 200)
		want := "\ufeffportal;escalera;planta;nombre;tipo;coeficiente\r\nPortal 1;;1º;1º A;vivienda;\r\nPortal 1;;1º;1º B;vivienda;\r\n" +
			"Portal 2;;1º;1º A;vivienda;\r\nPortal 2;;1º;1º B;vivienda;\r\n"
		if csv != want {
			t.Fatalf("export:\n%q\nwant\n%q", csv, want)
		}

		// A bad line refuses the whole file, listing each line.
		bad := "portal,escalera,planta,puerta,tipo,coeficiente\nPortal 1,,1,A,vivienda,\"25,5\"\nPortal 3,,Bajo,Local,local,abc\nPortal 3,,,,garaje,1\n"
		p := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": bad}, 422)
		if p["detail"] != "El CSV tiene 2 errores; no se ha importado nada" || p["code"] != "invalid" {
			t.Fatalf("bad import: %v", p)
		}
		errs := obItems(t, p, "errors")
		if len(errs) != 2 || errs[0]["message"] != "Línea 3: el coeficiente «abc» no es un número" ||
			errs[1]["message"] != "Línea 4: falta el nombre (o la puerta) de la unidad" {
			t.Fatalf("errors: %v", errs)
		}
		if regExport(t, admin, 200) != want {
			t.Fatal("a refused import changed the registry")
		}

		// A good one updates the units it names and adds the others.
		good := "Portal;Escalera;Planta;Puerta;Tipo;Coeficiente\nPortal 1;;1;A;vivienda;25,5\nPortal 3;;Bajo;Local;local;4,25\nPortal 3;;-1;P1;garaje;0,25\n"
		r := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": good}, 200)
		if r["added"] != 2.0 || r["updated"] != 1.0 {
			t.Fatalf("import: %v", r)
		}
		reg, units := regUnits(t, admin)
		if len(units) != 6 || reg["coefficientSum"] != "30" || regFind(t, units, "Portal 3", "Bajo Local")["kind"] != "local" ||
			regFind(t, units, "Portal 1", "1º A")["coefficient"] != "25.5" {
			t.Fatalf("after import: %v", reg)
		}

		// Export, then import into another community: the same registry.
		exported := regExport(t, admin, 200)
		other := e.obAdmin(t, "otra@example.es", "Otra")
		if r := other.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": exported}, 200); r["added"] != 6.0 {
			t.Fatalf("round trip import: %v", r)
		}
		if again := regExport(t, other, 200); again != exported {
			t.Fatalf("round trip:\n%q\n%q", again, exported)
		}
		// Importing the same file again changes nothing.
		if r := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": exported}, 200); r["added"] != 0.0 || r["updated"] != 0.0 {
			t.Fatalf("re-import: %v", r)
		}
	})
}

func TestOnlyAdminsOfTheCommunityTouchTheRegistry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2})
		member := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		outsider := e.regAdmin(t, "otro@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		loner := e.obLoner(t, "solo@example.es")
		anon := e.client()
		_, units := regUnits(t, admin)
		id := units[0]["id"].(string)
		_, theirs := regUnits(t, outsider)
		into := map[string]any{"into": units[1]["id"]}

		eps := []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/v1/community/units", nil},
			{"POST", "/api/v1/community/units", map[string]any{"name": "X"}},
			{"PATCH", "/api/v1/community/units/" + id, map[string]any{"name": "X"}},
			{"DELETE", "/api/v1/community/units/" + id, nil},
			{"POST", "/api/v1/community/units/" + id + "/merge", into},
			{"POST", "/api/v1/community/units/import", map[string]any{"csv": "nombre\nX\n"}},
		}
		for _, ep := range eps {
			obDetail(t, anon, ep.method, ep.path, ep.body, 401, "unauthorized", anonDetail(t, anon, ep.method, ep.path, ep.body))
			obDetail(t, member, ep.method, ep.path, ep.body, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
			obDetail(t, loner, ep.method, ep.path, ep.body, 403, "forbidden", "No perteneces a ninguna comunidad")
		}
		regExport(t, anon, 401)
		regExport(t, member, 403)
		// Another community's admin cannot reach these units: 404, and nothing changes.
		outsider.must(t, "PATCH", "/api/v1/community/units/"+id, map[string]any{"name": "Mío"}, 404)
		outsider.must(t, "DELETE", "/api/v1/community/units/"+id, nil, 404)
		outsider.must(t, "POST", "/api/v1/community/units/"+id+"/merge", map[string]any{"into": theirs[0]["id"]}, 404)
		outsider.must(t, "POST", "/api/v1/community/units/"+theirs[0]["id"].(string)+"/merge", into, 404)
		admin.must(t, "PATCH", "/api/v1/community/units/"+theirs[0]["id"].(string), map[string]any{"name": "Mío"}, 404)
		if _, after := regUnits(t, admin); strings.Join(regLabels(after), ",") != strings.Join(regLabels(units), ",") {
			t.Fatalf("registry changed: %q", regLabels(after))
		}
		if _, after := regUnits(t, outsider); len(after) != 1 || after[0]["name"] != "1º A" {
			t.Fatalf("outsider's registry: %v", after)
		}
	})
}

// anonDetail is what an anonymous caller reads (whatever the session middleware says), so the test
// checks the status and code without copying its text.
func anonDetail(t *testing.T, c *client, method, path string, body any) string {
	t.Helper()
	_, p := c.do(t, method, path, body)
	d, _ := p["detail"].(string)
	return d
}
