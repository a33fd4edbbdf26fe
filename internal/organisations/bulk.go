package organisations

import (
	"context"
	"errors"

	"vecinos/internal/announcements"
	"vecinos/internal/domain"
	"vecinos/internal/providers"
)

// The office's bulk actions (issue #35, ADR 0045 addendum): the same announcement, or the same service
// provider, in several of the communities it runs. Each community's is the announcements' or providers'
// own Create, run as the staff member acting in that community (as the session query would make them),
// so their rules, notifications and transactions apply unchanged: one transaction per community, and
// the answer says for each whether it was done.

// Announcer publishes an announcement in the actor's community (announcements.Service).
type Announcer interface {
	Create(ctx context.Context, a *domain.Actor, in announcements.Input) (*announcements.Created, error)
}

// ProviderAdder adds a provider to the actor's community (providers.Service).
type ProviderAdder interface {
	Create(ctx context.Context, a *domain.Actor, in providers.Input) (*domain.Provider, error)
}

// MaxBulk is how many communities one bulk action may name.
const MaxBulk = 300

var (
	errBulkNone    = domain.Errorf(domain.CodeInvalid, "Elige al menos una comunidad")
	errBulkTooMany = domain.Errorf(domain.CodeInvalid, "Elige como mucho %d comunidades", MaxBulk)
	errNotRun      = domain.Errorf(domain.CodeForbidden, "Tu despacho no administra esta comunidad")
)

// BulkResult is what a bulk action did in one community: the id of what it created, or why not.
type BulkResult struct {
	CommunityID   string
	CommunityName string
	ID            string // empty when Err is set
	Err           error
}

// bulk runs do, as the actor acting in it as the office's staff, in each of communityIDs the office
// runs (write rights needed), in the order given without repeats.
func (s *Service) bulk(ctx context.Context, a *domain.Actor, communityIDs []string,
	do func(ctx context.Context, in *domain.Actor) (string, error)) ([]BulkResult, error) {
	o, err := s.mine(ctx, a, domain.StaffWrite)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var ids []string
	for _, id := range communityIDs {
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	switch {
	case len(ids) == 0:
		return nil, errBulkNone
	case len(ids) > MaxBulk:
		return nil, errBulkTooMany
	}
	ps, err := s.store.OrganisationCommunities(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	run := map[string]string{}
	for _, p := range ps {
		if p.Status == domain.ProcessorActive {
			run[p.CommunityID] = p.CommunityName
		}
	}
	out := make([]BulkResult, 0, len(ids))
	for _, id := range ids {
		r := BulkResult{CommunityID: id, CommunityName: run[id]}
		if _, ok := run[id]; !ok {
			r.Err = errNotRun
		} else {
			in := *a
			in.CommunityID, in.Role, in.OrganisationID, in.OrganisationName, in.StaffRights = id, domain.RoleAdmin, o.ID, o.Name, o.Rights
			r.ID, r.Err = do(ctx, &in)
		}
		out = append(out, r)
	}
	return out, nil
}

// AnnounceTo publishes the same announcement in each of communityIDs, through the announcements
// service (critical ones are emailed to each community's audience).
func (s *Service) AnnounceTo(ctx context.Context, a *domain.Actor, communityIDs []string, in announcements.Input) ([]BulkResult, error) {
	if s.announcer == nil {
		return nil, errors.New("organisations: no Announcements in Options")
	}
	return s.bulk(ctx, a, communityIDs, func(ctx context.Context, as *domain.Actor) (string, error) {
		c, err := s.announcer.Create(ctx, as, in)
		if err != nil {
			return "", err
		}
		return c.Announcement.ID, nil
	})
}

// AddProviderTo adds the same service provider to each of communityIDs, through the providers service
// (listed at once, as an admin's).
func (s *Service) AddProviderTo(ctx context.Context, a *domain.Actor, communityIDs []string, in providers.Input) ([]BulkResult, error) {
	if s.providers == nil {
		return nil, errors.New("organisations: no Providers in Options")
	}
	return s.bulk(ctx, a, communityIDs, func(ctx context.Context, as *domain.Actor) (string, error) {
		p, err := s.providers.Create(ctx, as, in)
		if err != nil {
			return "", err
		}
		return p.ID, nil
	})
}
