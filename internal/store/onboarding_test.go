package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestCommunitySearchKeysAndParcel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ref := "9872023VH5797S0001WX"
		c := &domain.Community{Name: "Ñandú", Address: "Plaza del Ñandú, 3", City: "Móstoles", PostalCode: "28931", CatastralReference: &ref,
			Province: "Madrid", StreetType: "Plaza", StreetName: "del Ñandú", StreetNumber: "3"}
		if err := db.CreateCommunity(ctx, c, time.Now(), errors.New("reference taken")); err != nil {
			t.Fatal(err)
		}
		got, err := db.CommunitiesByParcel(ctx, "9872023VH5797S")
		if err != nil || len(got) != 1 || got[0].ID != c.ID {
			t.Fatalf("parcel: %v %v", got, err)
		}
		got, err = db.CommunitiesByAddress(ctx, domain.AddressSearch{Province: "madrid", City: "mostoles", StreetType: "plaza", Street: "nandu", Number: "3"})
		if err != nil || len(got) != 1 || got[0].ID != c.ID || got[0].Province == nil || *got[0].Province != "Madrid" {
			t.Fatalf("address: %v %v", got, err)
		}
		// Editing the city rewrites its key.
		c.City = "Alcorcón"
		if ok, err := db.UpdateCommunity(ctx, c, time.Now(), errors.New("reference taken")); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if got, _ := db.CommunitiesByAddress(ctx, domain.AddressSearch{City: "alcorcon", Street: "nandu", Number: "3"}); len(got) != 1 {
			t.Fatalf("after the edit: %v", got)
		}
	})
}

func TestSearchKeys(t *testing.T) {
	for in, want := range map[string]string{"  Calle de ALCALÁ, 12 ": "calle de alcala 12", "Ñandú": "nandu", "L'Hospitalet": "l hospitalet", "Àvila·Ç": "avila c"} {
		if got := domain.SearchKey(in); got != want {
			t.Errorf("SearchKey(%q) = %q, want %q", in, got, want)
		}
	}
	if got := domain.StreetKey("de la Reina Mercedes"); got != "reina mercedes" {
		t.Errorf("StreetKey = %q", got)
	}
}
