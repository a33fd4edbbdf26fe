package httpapi

import (
	"bytes"
	"testing"
	"time"
)

// The hand-written encoding of the office's list writes what huma's encoder (encoding/json without HTML
// escaping, a final newline) writes from the fields, byte for byte: names of every kind, a community only
// invited (no overview), one with every counter and one with none.
func TestProcessorsEncodeAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	later := time.Date(2026, 3, 29, 2, 30, 0, 1, time.FixedZone("CEST", 7200))
	diff, zero := int64(-3050), int64(0)
	texts := append([]string{"Comunidad Calle Mayor 12"}, jsonTestTexts...)
	var ps []Processor
	for i, s := range texts {
		p := Processor{CommunityID: "c" + s, CommunityName: s, OrganisationID: "o1", OrganisationName: texts[(i+1)%len(texts)], NIF: "B12345678",
			Status: "invited", InvitedAt: at.Add(time.Duration(i) * time.Second)}
		if i%2 == 0 {
			p.Colegiado, p.Status, p.AcceptedAt = str(s), "active", &later
			p.Overview = &CommunityOverview{}
		}
		if i%4 == 0 {
			p.Overview = &CommunityOverview{IncidentsUnder7: i, Incidents7To30: 2, IncidentsOver30: 300, PendingBookings: 4, NextJuntaAt: &at,
				UnreadMessages: 7, DebtCents: 1234567, UnitsInDebt: 3, BankDifference: &diff}
			if i == 4 {
				p.Overview.BankDifference = &zero
			}
		}
		ps = append(ps, p)
	}
	for _, list := range [][]Processor{ps, ps[:1], {}, nil} {
		if got, want := appendProcessors(nil, list), reflectionJSON(t, list); !bytes.Equal(got, want) {
			t.Fatalf("hand-written:\n%s\nreflection:\n%s", got, want)
		}
	}
}
