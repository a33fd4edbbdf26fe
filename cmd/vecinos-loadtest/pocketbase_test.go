package main

import (
	"net/url"
	"os"
	"strings"
	"testing"
)

// The comparison's parsing and requests, without PocketBase or wrk (the comparison itself runs with
// `make loadtest-pocketbase`, never in `make test`).

func TestPocketBaseInfoParses(t *testing.T) {
	info, err := parsePocketBaseInfo([]byte(`{"token":"eyJ.x.y","community":"community0","incident":"ahnhboqv3ltacb0","seeded":"4.6s"}`))
	if err != nil || info.Token != "eyJ.x.y" || info.Community != "community0" || info.Incident != "ahnhboqv3ltacb0" || info.Seeded != "4.6s" {
		t.Fatalf("%+v, %v", info, err)
	}
	for _, half := range []string{``, `{"token":"eyJ.x.y","incid`, `{"token":"eyJ.x.y","incident":"a"}`, `{"incident":"a","community":"c"}`} {
		if _, err := parsePocketBaseInfo([]byte(half)); err == nil {
			t.Errorf("%q parsed", half)
		}
	}
}

func TestPocketBaseCasesAreTheComparedOnes(t *testing.T) {
	cases := pocketBaseCases("abc123", "community0")
	if len(cases) != len(comparedCases) {
		t.Fatalf("%d cases", len(cases))
	}
	filters := []string{"community='community0'", "community='community0' && status='open'",
		"community='community0' && (title~'agua'||description~'agua')"}
	for i, c := range cases {
		if c.name != comparedCases[i] {
			t.Errorf("case %d is %q, want %q", i, c.name, comparedCases[i])
		}
		u, err := url.Parse(c.path)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if i == 3 {
			if u.Path != "/api/collections/incidents/records/abc123" || len(q) != 0 {
				t.Errorf("by id: %s", c.path)
			}
			continue
		}
		if u.Path != "/api/collections/incidents/records" || q.Get("perPage") != "20" || q.Get("sort") != "-created" ||
			q.Get("skipTotal") != "1" || q.Get("filter") != filters[i] {
			t.Errorf("%s: %s (%v)", c.name, c.path, q)
		}
	}
	if ratio(7000, 2000) != "3.50×" || ratio(1, 0) != "–" {
		t.Errorf("ratio: %s, %s", ratio(7000, 2000), ratio(1, 0))
	}
}

// bench/pocketbase pins the version the report names.
func TestPocketBaseModulePinsItsVersion(t *testing.T) {
	b, err := os.ReadFile("../../bench/pocketbase/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "github.com/pocketbase/pocketbase "+pocketBaseVersion+"\n") {
		t.Errorf("bench/pocketbase/go.mod does not require PocketBase %s:\n%s", pocketBaseVersion, b)
	}
	main, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(main), "pocketbase") {
		t.Error("Vecinos' go.mod names PocketBase: it belongs to bench/pocketbase alone")
	}
}
