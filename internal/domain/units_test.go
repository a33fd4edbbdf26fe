package domain

import (
	"reflect"
	"strings"
	"testing"
)

func names(units []Unit) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[i] = u.Label()
	}
	return out
}

func TestGenerateUnitsNamesEveryNomenclature(t *testing.T) {
	cases := []struct {
		nomenclature string
		floors       int
		doors        int
		want         []string
	}{
		{"", 2, 2, []string{"1º A", "1º B", "2º A", "2º B"}},
		{"A, B, C", 2, 3, []string{"1º A", "1º B", "1º C", "2º A", "2º B", "2º C"}},
		{"letras", 1, 2, []string{"1º A", "1º B"}},
		{"1º A", 2, 1, []string{"1º A", "2º A"}},
		{"1, 2, 3", 2, 2, []string{"1º 1", "1º 2", "2º 1", "2º 2"}},
		{"números", 1, 3, []string{"1º 1", "1º 2", "1º 3"}},
		{"1º 1", 1, 2, []string{"1º 1", "1º 2"}},
		{"1-1", 2, 2, []string{"1-1", "1-2", "2-1", "2-2"}},
		{"1-A", 1, 2, []string{"1-A", "1-B"}},
		{"Bajo B", 3, 2, []string{"Bajo A", "Bajo B", "1º A", "1º B", "2º A", "2º B"}},
		{"Bajo 1, 1-1", 2, 2, []string{"Bajo 1", "Bajo 2", "1-1", "1-2"}},
		{"Izquierda, Derecha", 2, 2, []string{"1º Izquierda", "1º Derecha", "2º Izquierda", "2º Derecha"}},
		{"Izquierda, Derecha", 1, 3, []string{"1º Izquierda", "1º Derecha", "1º 3"}},
		{"A", 1, 28, nil}, // checked below: Z, AA, AB
	}
	for _, c := range cases {
		units, err := GenerateUnits(BuildingLayout{Portals: 1, Staircases: 1, Floors: c.floors, Doors: c.doors, Nomenclature: c.nomenclature})
		if err != nil {
			t.Fatalf("%q: %v", c.nomenclature, err)
		}
		if c.want == nil {
			got := names(units)
			if len(got) != 28 || got[25] != "1º Z" || got[26] != "1º AA" || got[27] != "1º AB" {
				t.Fatalf("%q: %v", c.nomenclature, got)
			}
			continue
		}
		if got := names(units); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q, %d×%d: got %q, want %q", c.nomenclature, c.floors, c.doors, got, c.want)
		}
	}
}

func TestGenerateUnitsPutsPortalsAndStaircasesInTheirOwnFields(t *testing.T) {
	units, err := GenerateUnits(BuildingLayout{Portals: 2, Staircases: 2, Floors: 1, Doors: 1, Nomenclature: "A"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Portal 1 · Escalera 1 · 1º A", "Portal 1 · Escalera 2 · 1º A", "Portal 2 · Escalera 1 · 1º A", "Portal 2 · Escalera 2 · 1º A"}
	if got := names(units); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q", got)
	}
	keys := map[string]bool{}
	for _, u := range units {
		if u.UnitNumber != "1º A" || *u.Floor != "1º" || u.Kind != KindDwelling || u.Coefficient != nil {
			t.Fatalf("unit %+v", u)
		}
		keys[u.Key()] = true
	}
	if len(keys) != 4 {
		t.Fatalf("keys are not unique: %v", keys)
	}
	// One portal, one staircase: neither field is set.
	one, _ := GenerateUnits(BuildingLayout{Portals: 1, Staircases: 1, Floors: 1, Doors: 1})
	if len(one) != 1 || one[0].Building != nil || one[0].Staircase != nil {
		t.Fatalf("single portal: %+v", one)
	}
}

func TestGenerateUnitsWithoutTheShapeMakesNone(t *testing.T) {
	for _, l := range []BuildingLayout{{}, {Floors: 3}, {Doors: 2}, {Portals: 2, Staircases: 2}} {
		if units, err := GenerateUnits(l); err != nil || len(units) != 0 {
			t.Fatalf("%+v: %v %v", l, units, err)
		}
	}
	if units := LayoutFromSignup(SignupMetadata{}); units.Floors != 0 || units.Portals != 1 {
		t.Fatalf("layout: %+v", units)
	}
	_, err := GenerateUnits(BuildingLayout{Portals: 10, Staircases: 2, Floors: 20, Doors: 6})
	if ErrorCode(err) != CodeInvalid || !strings.Contains(ErrorMessage(err), "2000") {
		t.Fatalf("too many: %v", err)
	}
}

func TestParseCoefficient(t *testing.T) {
	good := map[string]Coefficient{"12,3456": 123456, "12.5": 125000, "8": 80000, " 8 % ": 80000, "100": 1000000, "0,0001": 1, "0": 0}
	for in, want := range good {
		if c, err := ParseCoefficient(in); err != nil || c != want {
			t.Errorf("%q: %v %v, want %v", in, c, err, want)
		}
	}
	bad := map[string]string{
		"abc":      "El coeficiente «abc» no es un número",
		"":         "El coeficiente «» no es un número",
		"1,23456":  "El coeficiente «1,23456» tiene más de 4 decimales",
		"100,01":   "El coeficiente «100,01» no puede ser mayor que 100",
		"-1":       "El coeficiente «-1» no es un número",
		"1.000,50": "El coeficiente «1.000,50» no es un número",
	}
	for in, want := range bad {
		if _, err := ParseCoefficient(in); ErrorMessage(err) != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	for c, want := range map[Coefficient]string{123456: "12.3456", 125000: "12.5", 80000: "8", 1: "0.0001", 0: "0"} {
		if c.String() != want {
			t.Errorf("%d: %q, want %q", c, c.String(), want)
		}
	}
	if !CoefficientsComplete(999900) || !CoefficientsComplete(1000100) || CoefficientsComplete(999899) || CoefficientsComplete(1000101) {
		t.Fatal("tolerance of 0,01")
	}
}

func TestSortUnitsReadsLikeABuilding(t *testing.T) {
	s := func(v string) *string { return &v }
	units := []Unit{
		{ID: "1", UnitNumber: "10º A", Floor: s("10º")},
		{ID: "2", UnitNumber: "2º B", Floor: s("2º")},
		{ID: "3", UnitNumber: "Bajo A", Floor: s("Bajo")},
		{ID: "4", UnitNumber: "2º A", Floor: s("2º")},
		{ID: "5", UnitNumber: "1º A", Floor: s("1º"), Building: s("Portal 2")},
	}
	SortUnits(units, func(u *Unit) *Unit { return u })
	var got []string
	for _, u := range units {
		got = append(got, u.ID)
	}
	if strings.Join(got, ",") != "3,4,2,1,5" {
		t.Fatalf("order %v", got)
	}
}

func TestUnitLabelDoesNotRepeatTheFloor(t *testing.T) {
	s := func(v string) *string { return &v }
	if l := UnitLabel(s("Portal 1"), s("1º"), "1º A"); l != "Portal 1 · 1º A" {
		t.Fatal(l)
	}
	if l := UnitLabel(s("Portal 1"), s("2º"), "B"); l != "Portal 1 · 2º · B" {
		t.Fatal(l)
	}
}
