// Package directory is the residents' directory of a community: who lives there, in which unit, with
// which role (derived once, here), and — only with their consent (RGPD) — how to reach them.
package directory

import (
	"context"
	"strings"

	"vecinos/internal/domain"
)

// Store is what the service needs from the database.
type Store interface {
	Directory(ctx context.Context, communityID string) ([]domain.DirectoryEntry, error)
	Members(ctx context.Context, communityID string) ([]domain.Member, error)
}

// Service is the directory service.
type Service struct{ store Store }

// New returns the service.
func New(store Store) *Service { return &Service{store: store} }

// Resident is one card of the directory. Phone and Email are nil when the caller may not see them.
type Resident struct {
	ID        string
	Name      string
	Unit      *string
	Floor     *string
	Door      *string                // units have no door of their own yet: always nil
	Units     []domain.DirectoryUnit // every unit of theirs shown: the one above, then their confirmed further units
	Role      domain.DirectoryRole
	Phone     *string
	Email     *string
	AvatarURL *string
	IsActive  bool
}

// Listing is the directory and its counters; the counters are of the whole community, whatever the filters.
type Listing struct {
	Residents   []Resident
	ActiveCount int // 'Residentes Activos'
	OwnersCount int // 'Propietarios': members who own a unit
	Total       int
}

// Query filters the directory: Search by name or unit (case and accents ignored), Role by derived role.
type Query struct {
	Search string
	Role   domain.DirectoryRole
}

// ContactVisible is the RGPD rule: a neighbour's phone and email are shown only when they opted in;
// admins always see them (they run the community), and so does the resident themself.
func ContactVisible(a *domain.Actor, e *domain.DirectoryEntry) bool {
	return e.ContactVisible || a.IsAdmin() || a.UserID == e.ID
}

// List returns the residents of a's community by name.
func (s *Service) List(ctx context.Context, a *domain.Actor, q Query) (*Listing, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if q.Role != "" && !q.Role.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "El rol no es válido")
	}
	entries, err := s.store.Directory(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	search := domain.SearchText(q.Search)
	out := &Listing{Residents: []Resident{}, Total: len(entries)}
	for i := range entries {
		e := &entries[i]
		if e.Active {
			out.ActiveCount++
		}
		if e.OwnsUnit {
			out.OwnersCount++
		}
		r := Resident{ID: e.ID, Name: e.FullName, Unit: e.UnitNumber, Floor: e.Floor, Units: e.Units, AvatarURL: e.AvatarURL, IsActive: e.Active,
			Role: domain.DirectoryRoleOf(e.Role, e.OwnsUnit, e.LivesInOthersUnit)}
		if q.Role != "" && r.Role != q.Role {
			continue
		}
		if search != "" {
			var unit string
			for _, u := range e.Units {
				unit += " " + u.Label
			}
			if e.UnitNumber != nil {
				unit += " " + *e.UnitNumber
			}
			if !strings.Contains(domain.SearchText(e.FullName), search) && !strings.Contains(domain.SearchText(unit), search) {
				continue
			}
		}
		if ContactVisible(a, e) {
			if e.Phone != nil && strings.TrimSpace(*e.Phone) != "" {
				r.Phone = e.Phone
			}
			if e.Email != "" {
				email := e.Email
				r.Email = &email
			}
		}
		out.Residents = append(out.Residents, r)
	}
	return out, nil
}

// Members lists a's community by name, with roles, for pickers and filters.
func (s *Service) Members(ctx context.Context, a *domain.Actor) ([]domain.Member, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.Members(ctx, a.CommunityID)
}
