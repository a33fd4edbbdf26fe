package httpapi

import (
	"bytes"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/organisations"
)

// The hand-written encoding of the office's list writes what huma's encoder (encoding/json without HTML
// escaping, a final newline) writes from the answer's fields (toProcessor), byte for byte: names of every
// kind, a community only invited (no overview), one with every counter and one with none.
func TestProcessorsEncodeAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	later := time.Date(2026, 3, 29, 2, 30, 0, 1, time.FixedZone("CEST", 7200))
	diff, zero := int64(-3050), int64(0)
	texts := append([]string{"Comunidad Calle Mayor 12"}, jsonTestTexts...)
	var ps []domain.Processor
	for i, s := range texts {
		p := domain.Processor{CommunityID: "c" + s, CommunityName: s, OrganisationID: "o1", OrganisationName: texts[(i+1)%len(texts)],
			NIF: "B12345678", Status: domain.ProcessorInvited, InvitedAt: at.Add(time.Duration(i) * time.Second)}
		if i%2 == 0 {
			p.Colegiado, p.Status, p.AcceptedAt = str(s), domain.ProcessorActive, &later
			p.Overview = &domain.CommunityOverview{}
		}
		if i%4 == 0 {
			p.Overview = &domain.CommunityOverview{IncidentsUnder7: i, Incidents7To30: 2, IncidentsOver30: 300, PendingBookings: 4,
				NextJuntaAt: &at, UnreadMessages: 7, Debt: 1234567, UnitsInDebt: 3, BankDifference: &diff}
			if i == 4 {
				p.Overview.BankDifference = &zero
			}
		}
		ps = append(ps, p)
	}
	for _, list := range [][]domain.Processor{ps, ps[:1], {}, nil} {
		var answer []Processor
		if list != nil {
			answer = []Processor{}
		}
		for i := range list {
			answer = append(answer, *toProcessor(&list[i]))
		}
		if got, want := appendProcessors(nil, list), reflectionJSON(t, answer); !bytes.Equal(got, want) {
			t.Fatalf("hand-written:\n%s\nreflection:\n%s", got, want)
		}
	}
}

// The office search's answer, written by hand, is what huma's encoder writes from OfficeSearchOutputBody:
// texts of every kind, a hit without a time, and kinds without hits.
func TestOfficeSearchEncodesAsReflection(t *testing.T) {
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	hits := func(n int) []domain.OfficeHit {
		out := []domain.OfficeHit{}
		for i, s := range jsonTestTexts[:n] {
			h := domain.OfficeHit{CommunityID: "c" + s, CommunityName: jsonTestTexts[(i+1)%len(jsonTestTexts)], ID: "id" + s, Title: s,
				Detail: jsonTestTexts[(i+2)%len(jsonTestTexts)]}
			if i != 1 {
				created := at.Add(time.Duration(i) * time.Millisecond)
				h.CreatedAt = &created
			}
			out = append(out, h)
		}
		return out
	}
	toHits := func(hs []domain.OfficeHit) []OfficeHit {
		out := []OfficeHit{}
		for _, h := range hs {
			out = append(out, OfficeHit{CommunityID: h.CommunityID, CommunityName: h.CommunityName, ID: h.ID, Title: h.Title, Detail: h.Detail,
				CreatedAt: h.CreatedAt})
		}
		return out
	}
	for _, r := range []organisations.SearchResults{
		{People: hits(len(jsonTestTexts)), Units: hits(2), Incidents: hits(1)},
		{People: hits(0), Units: hits(0), Incidents: hits(3)},
	} {
		want := reflectionJSON(t, OfficeSearchOutputBody{People: toHits(r.People), Units: toHits(r.Units), Incidents: toHits(r.Incidents)})
		if got := appendOfficeSearch(nil, &r); !bytes.Equal(got, want) {
			t.Fatalf("hand-written:\n%s\nreflection:\n%s", got, want)
		}
	}
}
