package money

import (
	"context"

	"vecinos/internal/domain"
)

// An owner may let someone who lives in their unit (a tenant) see its receipts; without it a tenant sees
// nothing of the unit's money.

const (
	AuditReceiptsShared   = "money.receipts.shared"
	AuditReceiptsUnshared = "money.receipts.unshared"
)

var errOwnerOnly = domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda puede compartir sus recibos")

// Dweller is someone who lives in a unit, and whether they see its receipts.
type Dweller struct {
	domain.ReceiptGrant
	Granted bool
}

// ownedUnit returns the unit of a's community that a owns; notOwner refuses anyone else.
func (s *Service) ownedUnit(ctx context.Context, a *domain.Actor, unitID string, notOwner error) (*domain.MoneyUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	u, ok := unitMap(units)[unitID]
	switch {
	case !ok:
		return nil, errUnitGone
	case u.OwnerID == nil || *u.OwnerID != a.UserID:
		return nil, notOwner
	}
	return &u, nil
}

// ReceiptSharing lists who lives in a unit the caller owns and whether each sees its receipts.
func (s *Service) ReceiptSharing(ctx context.Context, a *domain.Actor, unitID string) ([]Dweller, error) {
	if _, err := s.ownedUnit(ctx, a, unitID, errOwnerOnly); err != nil {
		return nil, err
	}
	return s.dwellers(ctx, a.CommunityID, unitID)
}

func (s *Service) dwellers(ctx context.Context, communityID, unitID string) ([]Dweller, error) {
	ds, err := s.store.UnitDwellers(ctx, communityID, unitID)
	if err != nil {
		return nil, err
	}
	gs, err := s.store.ReceiptGrants(ctx, communityID, unitID)
	if err != nil {
		return nil, err
	}
	granted := map[string]bool{}
	for _, g := range gs {
		granted[g.UserID] = true
	}
	out := make([]Dweller, 0, len(ds))
	for _, d := range ds {
		out = append(out, Dweller{ReceiptGrant: d, Granted: granted[d.UserID]})
		delete(granted, d.UserID)
	}
	// Someone who moved out keeps a grant until the owner withdraws it: list them too.
	for _, g := range gs {
		if granted[g.UserID] {
			out = append(out, Dweller{ReceiptGrant: g, Granted: true})
		}
	}
	return out, nil
}

// ShareReceipts lets userID, who lives in the caller's unit, see its receipts (on) or stops it.
func (s *Service) ShareReceipts(ctx context.Context, a *domain.Actor, unitID, userID string, on bool) ([]Dweller, error) {
	u, err := s.ownedUnit(ctx, a, unitID, errOwnerOnly)
	if err != nil {
		return nil, err
	}
	ds, err := s.dwellers(ctx, a.CommunityID, unitID)
	if err != nil {
		return nil, err
	}
	var who *Dweller
	for i := range ds {
		if ds[i].UserID == userID {
			who = &ds[i]
		}
	}
	if who == nil {
		return nil, domain.Errorf(domain.CodeNotFound, "Esa persona no vive en «%s»", u.Label)
	}
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		changed, err := s.store.SetReceiptGrant(ctx, a.CommunityID, unitID, userID, on, a.UserID, at)
		if err != nil || !changed {
			return err
		}
		action := AuditReceiptsShared
		if !on {
			action = AuditReceiptsUnshared
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: action, TargetKind: "money_unit", TargetID: unitID, TargetLabel: u.Label,
			Before: map[string]any{"user": who.FullName, "granted": !on}, After: map[string]any{"user": who.FullName, "granted": on}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.dwellers(ctx, a.CommunityID, unitID)
}
