package httpapi_test

import (
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A booking outside the opening hours is refused in the language the browser asks for: the reason, not
// only "invalid data", in Spanish by default, Catalan and English.
func TestProblemDetailInTheRequestLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db)
		early := map[string]any{"facilityId": c.facility, "date": c.date, "start": "04:00", "end": "05:00"}
		for _, k := range []struct{ lang, want string }{
			{"", "Solo se puede reservar entre las 09:00 y las 22:00"},
			{"ca", "Només es pot reservar entre les 09:00 i les 22:00"},
			{"ca-ES,ca;q=0.9,es;q=0.8,en;q=0.7", "Només es pot reservar entre les 09:00 i les 22:00"},
			{"en", "You can only book between 09:00 and 22:00"},
			{"en-GB,en;q=0.9", "You can only book between 09:00 and 22:00"},
			{"en;q=0.5,ca", "Només es pot reservar entre les 09:00 i les 22:00"},
			{"fr-FR,fr;q=0.9", "Solo se puede reservar entre las 09:00 y las 22:00"},
			{"not a language", "Solo se puede reservar entre las 09:00 y las 22:00"},
		} {
			c.creator.lang = k.lang
			p := c.creator.must(t, "POST", "/api/v1/reservations", early, 422)
			if p["code"] != "invalid" || p["detail"] != k.want {
				t.Errorf("Accept-Language %q: code %v, detail %q; want invalid, %q", k.lang, p["code"], p["detail"], k.want)
			}
		}
		// The HTTP layer's own answers too.
		c.anon.lang = "ca"
		if p := c.anon.must(t, "GET", "/api/v1/nowhere", nil, 404); p["detail"] != "Aquesta adreça de l'API no existeix" {
			t.Errorf("unknown API route in Catalan: %v", p)
		}
		c.anon.lang = "en"
		if p := c.anon.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": 7}, 422); p["detail"] != "The data sent is not valid" {
			t.Errorf("malformed body in English: %v", p)
		}
	})
}
