// Package units runs the units registry of a community (issue #21): the admins list, add, rename, merge
// and remove its units (viviendas, locales, garajes), set their coeficientes, and import or export them
// as CSV. Generation at creation is the domain's (domain.GenerateUnits), carried out when the community
// is created. Every edit is one transaction through the one update path (ADR 0012).
package units

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AdminUnits(ctx context.Context, communityID string) ([]domain.AdminUnit, error)
	UnitsForUpdate(ctx context.Context, communityID string) ([]domain.Unit, bool, error)
	SaveUnit(ctx context.Context, u *domain.Unit, at time.Time) error
	UnitResidents(ctx context.Context, unitID string) (int, error)
	DeleteUnit(ctx context.Context, communityID, id string) error
	MergeUnits(ctx context.Context, communityID, from, into string, at time.Time) error
	UnitHasLedger(ctx context.Context, communityID, unitID string) (bool, error)
}

// Service is the units registry.
type Service struct {
	store   Store
	now     func() time.Time
	audit   domain.Auditor
	changed func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Now   func() time.Time // the clock; nil = time.Now
	Audit domain.Auditor   // records every change of the registry, in its transaction; may be nil
	// Changed is called after an edit of a community's registry committed (area domain.AreaUnits), so
	// that the open screens of the community refetch it (ADR 0006 addendum); may be nil.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, now: o.Now, audit: o.Audit, changed: o.Changed}
}

var (
	errCommunityNotFound = domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
)

// unitsForUpdate reads every unit of the community, locked in the transaction of ctx.
func (s *Service) unitsForUpdate(ctx context.Context, communityID string) ([]domain.Unit, error) {
	units, found, err := s.store.UnitsForUpdate(ctx, communityID)
	if err == nil && !found {
		return nil, errCommunityNotFound
	}
	return units, err
}

// AdminList is a community's units and the sum of their coeficientes.
type AdminList struct {
	Units []domain.AdminUnit
	Sum   domain.Coefficient
}

// List returns the registry of the admin's community.
func (s *Service) List(ctx context.Context, a *domain.Actor) (*AdminList, error) {
	units, err := s.store.AdminUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	r := &AdminList{Units: units}
	for _, u := range units {
		if u.Coefficient != nil {
			r.Sum += *u.Coefficient
		}
	}
	return r, nil
}

// Input is a unit as the admin types it; a nil field is left as it is (on a new unit: empty).
type Input struct {
	Name, Floor, Building, Staircase *string
	Kind                             *domain.UnitKind
	Coefficient                      *string // "" clears it
}

// apply checks in and writes it on u.
func (in Input) apply(u *domain.Unit) error {
	opt := func(p *string) *string {
		v := strings.Join(strings.Fields(*p), " ")
		if v == "" {
			return nil
		}
		return &v
	}
	if in.Name != nil {
		u.UnitNumber = strings.Join(strings.Fields(*in.Name), " ")
	}
	if in.Floor != nil {
		u.Floor = opt(in.Floor)
	}
	if in.Building != nil {
		u.Building = opt(in.Building)
	}
	if in.Staircase != nil {
		u.Staircase = opt(in.Staircase)
	}
	if in.Kind != nil {
		if !domain.ValidUnitKind(*in.Kind) {
			return domain.Errorf(domain.CodeInvalid, "El tipo debe ser vivienda, local o garaje")
		}
		u.Kind = *in.Kind
	}
	if in.Coefficient != nil {
		if strings.TrimSpace(*in.Coefficient) == "" {
			u.Coefficient = nil
		} else {
			c, err := domain.ParseCoefficient(*in.Coefficient)
			if err != nil {
				return err
			}
			u.Coefficient = &c
		}
	}
	return checkUnit(u)
}

func checkUnit(u *domain.Unit) error {
	if u.UnitNumber == "" {
		return domain.Errorf(domain.CodeInvalid, "El nombre de la unidad es obligatorio")
	}
	for _, v := range []*string{&u.UnitNumber, u.Floor, u.Building, u.Staircase} {
		if v != nil && utf8.RuneCountInString(*v) > domain.UnitNameMax {
			return domain.Errorf(domain.CodeInvalid, "El nombre, la planta, el portal y la escalera no pueden superar %d caracteres", domain.UnitNameMax)
		}
	}
	if u.Kind == "" {
		u.Kind = domain.KindDwelling
	}
	return nil
}

// taken reports whether another unit of units has u's portal, staircase and name.
func taken(units []domain.Unit, u *domain.Unit) bool {
	key := u.Key()
	for i := range units {
		if units[i].ID != u.ID && units[i].Key() == key {
			return true
		}
	}
	return false
}

func find(units []domain.Unit, id string) *domain.Unit {
	for i := range units {
		if units[i].ID == id {
			return &units[i]
		}
	}
	return nil
}

// Add adds a unit to the admin's community.
func (s *Service) Add(ctx context.Context, a *domain.Actor, in Input) (*domain.Unit, error) {
	u := &domain.Unit{ID: domain.NewID(), CommunityID: a.CommunityID, Kind: domain.KindDwelling}
	if err := in.apply(u); err != nil {
		return nil, err
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		units, err := s.unitsForUpdate(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if taken(units, u) {
			return domain.ErrUnitNameTaken(u)
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditUnitAdded, TargetKind: "unit", TargetID: u.ID, TargetLabel: u.Label(),
			After: unitFields(u)})
		return s.store.SaveUnit(ctx, u, s.now())
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, u.ID)
	return u, nil
}

// Update renames a unit, moves it to another portal, staircase or floor, changes its kind or its
// coeficiente.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, in Input) (*domain.Unit, error) {
	var out *domain.Unit
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		units, err := s.unitsForUpdate(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		u := find(units, id)
		if u == nil {
			return domain.ErrUnitNotFound
		}
		before := unitFields(u)
		if err := in.apply(u); err != nil {
			return err
		}
		if taken(units, u) {
			return domain.ErrUnitNameTaken(u)
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditUnitEdited, TargetKind: "unit", TargetID: u.ID, TargetLabel: u.Label(),
			Before: before, After: unitFields(u)})
		out = u
		return s.store.SaveUnit(ctx, u, s.now())
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, id)
	return out, nil
}

// Remove deletes a unit nobody lives in.
func (s *Service) Remove(ctx context.Context, a *domain.Actor, id string) error {
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		units, err := s.unitsForUpdate(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		u := find(units, id)
		if u == nil {
			return domain.ErrUnitNotFound
		}
		n, err := s.store.UnitResidents(ctx, id)
		if err != nil {
			return err
		}
		if n > 0 || u.OwnerID != nil {
			return domain.Errorf(domain.CodeConflict,
				"No se puede eliminar «%s»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos", u.Label())
		}
		if has, err := s.store.UnitHasLedger(ctx, a.CommunityID, u.ID); err != nil || has {
			// The money ledger is never edited nor deleted (issue #36), so the unit it names stays.
			if err == nil {
				err = domain.Errorf(domain.CodeConflict, "No se puede eliminar «%s»: tiene movimientos en sus cuentas, que se conservan siempre", u.Label())
			}
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditUnitRemoved, TargetKind: "unit", TargetID: u.ID, TargetLabel: u.Label(),
			Before: unitFields(u)})
		return s.store.DeleteUnit(ctx, a.CommunityID, id)
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, domain.AreaUnits, id)
	return nil
}

// Merge moves the residents and the owner of unit from to unit into, then removes from. Their
// coeficientes add up. Two different owners cannot be merged.
func (s *Service) Merge(ctx context.Context, a *domain.Actor, from, into string) (*domain.Unit, error) {
	if from == into {
		return nil, domain.Errorf(domain.CodeInvalid, "Elige otra unidad con la que fusionarla")
	}
	var out *domain.Unit
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		units, err := s.unitsForUpdate(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		f, t := find(units, from), find(units, into)
		if f == nil || t == nil {
			return domain.ErrUnitNotFound
		}
		before := map[string]any{"from": unitFields(f), "into": unitFields(t)}
		if f.OwnerID != nil && t.OwnerID != nil && *f.OwnerID != *t.OwnerID {
			return domain.Errorf(domain.CodeConflict, "«%s» y «%s» tienen propietarios distintos: no se pueden fusionar", f.Label(), t.Label())
		}
		if has, err := s.store.UnitHasLedger(ctx, a.CommunityID, f.ID); err != nil || has {
			if err == nil {
				err = domain.Errorf(domain.CodeConflict, "No se puede fusionar «%s»: tiene movimientos en sus cuentas, que se conservan siempre", f.Label())
			}
			return err
		}
		if f.Coefficient != nil {
			sum := *f.Coefficient
			if t.Coefficient != nil {
				sum += *t.Coefficient
			}
			if sum > domain.CoefficientWhole {
				return domain.Errorf(domain.CodeInvalid, "Los coeficientes de «%s» y «%s» suman más de 100", f.Label(), t.Label())
			}
			t.Coefficient = &sum
		}
		if t.OwnerID == nil {
			t.OwnerID = f.OwnerID
		}
		if err := s.store.SaveUnit(ctx, t, s.now()); err != nil {
			return err
		}
		out = t
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditUnitsMerged, TargetKind: "unit", TargetID: t.ID,
			TargetLabel: f.Label() + " → " + t.Label(), Before: before, After: unitFields(t)})
		return s.store.MergeUnits(ctx, a.CommunityID, from, into, s.now())
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, into)
	return out, nil
}

// unitFields are what an admin edits of a unit, as the audit keeps them.
func unitFields(u *domain.Unit) map[string]any {
	f := map[string]any{"name": u.Label(), "kind": u.Kind}
	if u.Coefficient != nil {
		f["coefficient"] = u.Coefficient.String()
	}
	return f
}
