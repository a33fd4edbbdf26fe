package money

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// Budgets lists the versions of a year's budget, newest first; admins only.
func (s *Service) Budgets(ctx context.Context, a *domain.Actor, year int) ([]domain.Budget, error) {
	if year < minYear || year > maxYear {
		return nil, errYear
	}
	return s.store.Budgets(ctx, a.CommunityID, year)
}

var errYear = domain.Errorf(domain.CodeInvalid, "El año del presupuesto no es válido")

// CreateBudget starts a year's budget as a draft (version 1) with no lines.
func (s *Service) CreateBudget(ctx context.Context, a *domain.Actor, year int) (*domain.Budget, error) {
	if year < minYear || year > maxYear {
		return nil, errYear
	}
	b := &domain.Budget{ID: domain.NewID(), CommunityID: a.CommunityID, Year: year, Version: 1, Status: domain.BudgetDraft}
	at := s.stamp()
	err := s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		v, _, err := s.store.LatestBudgetVersion(ctx, a.CommunityID, year)
		if err != nil {
			return err
		}
		if v > 0 {
			return domain.Errorf(domain.CodeConflict, "Ya hay un presupuesto de %d: modifícalo o crea una nueva versión", year)
		}
		if err := s.store.InsertBudget(ctx, b, a.UserID, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditBudgetCreated, TargetKind: "money_budget", TargetID: b.ID,
			TargetLabel: budgetLabel(b), After: b})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

func budgetLabel(b *domain.Budget) string {
	return "Presupuesto " + itoa(b.Year) + " v" + itoa(b.Version)
}

// BudgetInput is the budget form: its lines and the reserve fund (nil: the least, 10 % of the lines).
type BudgetInput struct {
	Lines   []domain.BudgetLine
	Reserve *domain.Cents
}

// SaveBudget replaces the lines of a draft budget. The reserve fund is at least 10 % of the ordinary
// budget: it may be raised, never lowered below that.
func (s *Service) SaveBudget(ctx context.Context, a *domain.Actor, id string, in BudgetInput) (*domain.Budget, error) {
	if len(in.Lines) > maxLines {
		return nil, domain.Errorf(domain.CodeInvalid, "Un presupuesto no puede tener más de %d partidas", maxLines)
	}
	lines := make([]domain.BudgetLine, 0, len(in.Lines))
	for _, l := range in.Lines {
		l.Concept = strings.TrimSpace(l.Concept)
		switch {
		case l.Concept == "":
			return nil, domain.Errorf(domain.CodeInvalid, "Cada partida necesita un concepto")
		case utf8.RuneCountInString(l.Concept) > maxConcept:
			return nil, domain.Errorf(domain.CodeInvalid, "El concepto de una partida no puede superar los %d caracteres", maxConcept)
		case l.Amount < 0:
			return nil, domain.Errorf(domain.CodeInvalid, "La partida «%s» no puede ser negativa", l.Concept)
		case l.Amount > maxAmount:
			return nil, domain.Errorf(domain.CodeInvalid, "La partida «%s» es demasiado grande", l.Concept)
		}
		lines = append(lines, l)
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	at := s.stamp()
	var b *domain.Budget
	err = s.write(ctx, a, func(ctx context.Context) error {
		groups, _, err := s.groups(ctx, a.CommunityID, units)
		if err != nil {
			return err
		}
		for _, l := range lines {
			if groups[l.GroupID] == nil {
				return errGroupMissing
			}
		}
		if b, err = s.budgetForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if b.Status != domain.BudgetDraft {
			return domain.Errorf(domain.CodeConflict, "Un presupuesto aprobado no se modifica: crea una nueva versión")
		}
		before := *b
		b.Lines = lines
		least := domain.MinReserve(b.Ordinary())
		switch {
		case in.Reserve == nil:
			b.ReserveCents = least
		case *in.Reserve < least:
			return domain.Errorf(domain.CodeInvalid, "El fondo de reserva no puede ser menor que el 10 %% del presupuesto ordinario (%s)",
				domain.EurosText(least))
		case *in.Reserve > maxAmount:
			return domain.Errorf(domain.CodeInvalid, "El fondo de reserva es demasiado grande")
		default:
			b.ReserveCents = *in.Reserve
		}
		if err := s.store.SaveBudget(ctx, b, a.UserID, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditBudgetEdited, TargetKind: "money_budget", TargetID: b.ID,
			TargetLabel: budgetLabel(b), Before: before, After: b})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// ApproveBudget approves a draft with the date of the junta that approved it. Every group it uses must
// be ready (shares adding up to 100 %). A newer version replaces the approved one, which stays as it was
// (superseded).
func (s *Service) ApproveBudget(ctx context.Context, a *domain.Actor, id, juntaDate string) (*domain.Budget, error) {
	juntaDate = strings.TrimSpace(juntaDate)
	if !validDate(juntaDate) {
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha de la junta que aprobó el presupuesto")
	}
	if juntaDate > s.today() {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la junta no puede ser futura")
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	at := s.stamp()
	var b *domain.Budget
	err = s.write(ctx, a, func(ctx context.Context) error {
		p, err := s.store.LockMoneySettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if b, err = s.budgetForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if b.Status != domain.BudgetDraft {
			return domain.Errorf(domain.CodeConflict, "Este presupuesto ya está aprobado")
		}
		if len(b.Lines) == 0 {
			return domain.Errorf(domain.CodeInvalid, "El presupuesto no tiene partidas")
		}
		groups, _, err := s.groups(ctx, a.CommunityID, units)
		if err != nil {
			return err
		}
		if _, err := computeCuotas(b, groups, units, p); err != nil {
			return err
		}
		prev, err := s.store.ApprovedBudget(ctx, a.CommunityID, b.Year)
		if err != nil {
			return err
		}
		if prev != nil {
			prev.Status = domain.BudgetSuperseded
			if err := s.store.SaveBudget(ctx, prev, a.UserID, at); err != nil {
				return err
			}
		}
		b.Status, b.JuntaDate = domain.BudgetApproved, &juntaDate
		if err := s.store.SaveBudget(ctx, b, a.UserID, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditBudgetApproved, TargetKind: "money_budget", TargetID: b.ID,
			TargetLabel: budgetLabel(b), Before: map[string]any{"status": domain.BudgetDraft}, After: b})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// ReviseBudget starts a new draft version of an approved budget, with its lines: the approved one stays
// in force, and unchanged, until the new one is approved.
func (s *Service) ReviseBudget(ctx context.Context, a *domain.Actor, id string) (*domain.Budget, error) {
	at := s.stamp()
	var b *domain.Budget
	err := s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		old, err := s.budgetForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		v, status, err := s.store.LatestBudgetVersion(ctx, a.CommunityID, old.Year)
		if err != nil {
			return err
		}
		if status == domain.BudgetDraft {
			return domain.Errorf(domain.CodeConflict, "Ya hay una versión en borrador del presupuesto de %d", old.Year)
		}
		if old.Status != domain.BudgetApproved {
			return domain.Errorf(domain.CodeConflict, "Solo se crea una nueva versión del presupuesto en vigor")
		}
		b = &domain.Budget{ID: domain.NewID(), CommunityID: a.CommunityID, Year: old.Year, Version: v + 1, Status: domain.BudgetDraft,
			ReserveCents: old.ReserveCents, Lines: old.Lines}
		if err := s.store.InsertBudget(ctx, b, a.UserID, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditBudgetCreated, TargetKind: "money_budget", TargetID: b.ID,
			TargetLabel: budgetLabel(b), Before: old, After: b})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Cuotas is each unit's cuota under the approved budget of year, with the periodicity in force.
type Cuotas struct {
	Budget      *domain.Budget
	Periodicity domain.Periodicity
	Units       []UnitCuota
}

// YearCuotas returns every unit's cuota of year; admins only.
func (s *Service) YearCuotas(ctx context.Context, a *domain.Actor, year int) (*Cuotas, error) {
	return s.cuotas(ctx, a.CommunityID, year, nil)
}

// cuotas computes the cuotas of year's approved budget: of every unit (mine nil), or of the units in mine
// alone ('Mis cuotas': the caller's, as MoneyUnits reads them).
func (s *Service) cuotas(ctx context.Context, communityID string, year int, mine []domain.MoneyUnit) (*Cuotas, error) {
	if year < minYear || year > maxYear {
		return nil, errYear
	}
	b, err := s.store.ApprovedBudget(ctx, communityID, year)
	if err != nil {
		return nil, err
	}
	p, err := s.store.MoneyPeriodicity(ctx, communityID)
	if err != nil {
		return nil, err
	}
	out := &Cuotas{Budget: b, Periodicity: p, Units: []UnitCuota{}}
	if b == nil {
		return out, nil
	}
	if mine == nil {
		units, err := s.store.MoneyUnits(ctx, communityID)
		if err != nil {
			return nil, err
		}
		groups, _, err := s.groups(ctx, communityID, units)
		if err != nil {
			return nil, err
		}
		if out.Units, err = computeCuotas(b, groups, units, p); err != nil {
			return nil, err
		}
		return out, nil
	}
	// A unit's part of a line depends on every unit of the line's group (largest remainder), and a group
	// of the budget that cannot be used leaves every owner without cuotas; so the lines are still shared
	// over their whole groups, but from what that takes alone (docs/adr/0044, 'Mis cuotas'): every unit's
	// id and coeficiente, not its owner and label (but the caller's), and the groups the budget's lines
	// name, not all of the community's.
	units, err := s.store.MoneyUnitWeights(ctx, communityID)
	if err != nil {
		return nil, err
	}
	full, only := make(map[string]domain.MoneyUnit, len(mine)), make(map[string]bool, len(mine))
	for _, u := range mine {
		full[u.ID], only[u.ID] = u, true
	}
	for i, u := range units {
		if f, ok := full[u.ID]; ok {
			units[i] = f
		}
	}
	stored, err := s.store.MoneyGroupsByID(ctx, communityID, lineGroups(b))
	if err != nil {
		return nil, err
	}
	groups, _ := withGeneral(units, stored)
	if out.Units, err = computeCuotasOf(b, groups, units, p, only); err != nil {
		return nil, err
	}
	return out, nil
}

// lineGroups lists the stored groups (not General) that b's lines are shared by, once each.
func lineGroups(b *domain.Budget) []string {
	var ids []string
	for _, l := range b.Lines {
		if l.GroupID != domain.GeneralGroupID && !slices.Contains(ids, l.GroupID) {
			ids = append(ids, l.GroupID)
		}
	}
	return ids
}

// budgetForUpdate locks a budget of the community inside the transaction of ctx; errBudgetGone when it has none.
func (s *Service) budgetForUpdate(ctx context.Context, communityID, id string) (*domain.Budget, error) {
	b, err := s.store.BudgetForUpdate(ctx, communityID, id)
	if err == nil && b == nil {
		err = errBudgetGone
	}
	return b, err
}
