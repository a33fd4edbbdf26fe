package domain

import (
	"strings"
	"testing"
)

// TestCataloguesRefuseADuplicate: two packages translating the same Spanish text would leave Error.In
// to read one of them, so merging the second fails (RegisterMessages panics with it, at start).
func TestCataloguesRefuseADuplicate(t *testing.T) {
	cs := catalogues{}
	if err := cs.add("money", Catalogue{"La cuota no existe": {Ca: "La quota no existeix", En: "The fee does not exist"}}); err != nil {
		t.Fatal(err)
	}
	err := cs.add("voting", Catalogue{
		"La votación no existe": {Ca: "La votació no existeix", En: "The vote does not exist"},
		"La cuota no existe":    {Ca: "La quota no existeix", En: "The fee does not exist"},
	})
	if err == nil || !strings.Contains(err.Error(), `"La cuota no existe" is in the catalogues of both money and voting`) {
		t.Fatalf("add of a duplicate = %v, want the error naming both catalogues", err)
	}
	if _, ok := cs["La votación no existe"]; ok {
		t.Error("a refused catalogue was merged in part")
	}
}
