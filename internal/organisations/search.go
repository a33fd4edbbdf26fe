package organisations

import (
	"context"
	"strings"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// SearchLimit is how many hits of each kind the office's search returns.
const SearchLimit = 20

var errSearchText = domain.Errorf(domain.CodeInvalid, "Escribe entre 2 y 100 caracteres para buscar")

// SearchResults are the office search's hits by kind.
type SearchResults struct {
	People, Units, Incidents []domain.OfficeHit
}

// Search finds text among the people (by name), units (by portal, staircase and name) and incidents
// (by their text) of the communities the actor's office runs now (issue #35), at most SearchLimit of
// each kind, each naming its community. Read rights suffice. Two round trips: the actor's office, then
// the search, which takes the office's communities inside its one statement.
func (s *Service) Search(ctx context.Context, a *domain.Actor, text string) (*SearchResults, error) {
	text = strings.TrimSpace(text)
	if n := utf8.RuneCountInString(text); n < 2 || n > 100 {
		return nil, errSearchText
	}
	o, err := s.mine(ctx, a, domain.StaffRead)
	if err != nil {
		return nil, err
	}
	hits, err := s.store.SearchOffice(ctx, o.ID, text, SearchLimit)
	if err != nil {
		return nil, err
	}
	out := &SearchResults{People: []domain.OfficeHit{}, Units: []domain.OfficeHit{}, Incidents: []domain.OfficeHit{}}
	for _, h := range hits {
		switch h.Kind {
		case domain.OfficeHitPerson:
			out.People = append(out.People, h)
		case domain.OfficeHitUnit:
			out.Units = append(out.Units, h)
		case domain.OfficeHitIncident:
			out.Incidents = append(out.Incidents, h)
		}
	}
	return out, nil
}
