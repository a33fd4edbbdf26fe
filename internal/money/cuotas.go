package money

import (
	"vecinos/internal/domain"
)

// CuotaLine is what one line of the budget costs one unit: in the year and in each period.
type CuotaLine struct {
	Concept   string
	GroupID   string
	GroupName string
	Weight    int64 // the unit's share in the group (see domain.GroupShare)
	GroupSum  int64 // the group's weights added up: the unit pays Weight/GroupSum of the line
	Line      domain.Cents
	Annual    domain.Cents
	Periods   []domain.Cents
}

// UnitCuota is a unit's cuota from an approved budget: its lines, its yearly total and each period's.
type UnitCuota struct {
	Unit    domain.MoneyUnit
	Lines   []CuotaLine
	Annual  domain.Cents
	Periods []domain.Cents
}

// groupWeights returns the units of g and their weights, or why g cannot be used yet: a group is ready
// when its shares add up to 100 % (within 0,0001 %), every unit of a group by coeficiente has one, and it
// has at least one unit.
func groupWeights(g *domain.MoneyGroup, units map[string]domain.MoneyUnit) ([]string, []int64, error) {
	ids := make([]string, 0, len(g.Shares))
	ws := make([]int64, 0, len(g.Shares))
	var sum int64
	for _, s := range g.Shares {
		u, ok := units[s.UnitID]
		if !ok {
			continue
		}
		w := s.Weight
		switch g.Method {
		case domain.ByCoefficient:
			if u.Coefficient == nil {
				return nil, nil, domain.Errorf(domain.CodeConflict, "La vivienda %s del grupo «%s» no tiene coeficiente", u.Label, g.Name)
			}
			w = *u.Coefficient
		case domain.ByEqualParts:
			w = 1
		}
		if w < 0 {
			return nil, nil, domain.Errorf(domain.CodeInvalid, "Las partes del grupo «%s» no pueden ser negativas", g.Name)
		}
		ids, ws = append(ids, s.UnitID), append(ws, w)
		sum += w
	}
	if len(ids) == 0 || sum == 0 {
		return nil, nil, domain.Errorf(domain.CodeConflict, "El grupo «%s» no tiene viviendas que paguen", g.Name)
	}
	if g.Method == domain.ByPercentage {
		if d := sum - domain.PercentWhole; d > domain.PercentTolerance || d < -domain.PercentTolerance {
			return nil, nil, domain.Errorf(domain.CodeConflict, "Las partes del grupo «%s» suman %s %%: deben sumar 100 %%", g.Name,
				domain.CoefficientText(sum))
		}
	}
	return ids, ws, nil
}

// ShareSum is what the shares of g add up to, in g's unit (ten-thousandths of a percent for a percentage,
// cents for fixed amounts, the count of units for an equal split, the coeficientes for coefficient).
func ShareSum(g *domain.MoneyGroup, units map[string]domain.MoneyUnit) int64 {
	var sum int64
	for _, s := range g.Shares {
		u, ok := units[s.UnitID]
		if !ok {
			continue
		}
		switch g.Method {
		case domain.ByCoefficient:
			if u.Coefficient != nil {
				sum += *u.Coefficient
			}
		case domain.ByEqualParts:
			sum++
		default:
			sum += s.Weight
		}
	}
	return sum
}

// computeCuotas shares every line of budget b (and its reserve fund, over the General group) among the
// units of its group by largest remainder; a unit's year is then shared over the periods the same way
// (the earlier periods take the odd cents, so two periods differ by a cent at most), and each period's
// amount over the unit's lines by their yearly amounts, for the receipt's concepts. So the units' cuotas
// add up to the budget, a unit's periods to its year, and a receipt's concepts to its amount, to the
// cent. Units that pay nothing are left out.
func computeCuotas(b *domain.Budget, groups map[string]*domain.MoneyGroup, units []domain.MoneyUnit, p domain.Periodicity) ([]UnitCuota, error) {
	return computeCuotasOf(b, groups, units, p, nil)
}

// computeCuotasOf is computeCuotas for the units in only (nil: every unit). A unit's part of a line
// depends on every unit of the line's group (largest remainder), so every line is still shared over its
// whole group, and a group that cannot be used is still an error; only the chosen units' years are then
// shared over the periods and their lines, and only they are returned ('Mis cuotas').
func computeCuotasOf(b *domain.Budget, groups map[string]*domain.MoneyGroup, units []domain.MoneyUnit, p domain.Periodicity,
	only map[string]bool) ([]UnitCuota, error) {
	byID := make(map[string]domain.MoneyUnit, len(units))
	for _, u := range units {
		byID[u.ID] = u
	}
	n := p.Periods()
	ones := make([]int64, n)
	for i := range ones {
		ones[i] = 1
	}
	out := make(map[string]*UnitCuota, len(units))
	lines := append([]domain.BudgetLine(nil), b.Lines...)
	if b.ReserveCents > 0 {
		lines = append(lines, domain.BudgetLine{Concept: domain.ReserveConcept, GroupID: domain.GeneralGroupID, Amount: b.ReserveCents})
	}
	for _, l := range lines {
		g := groups[l.GroupID]
		if g == nil {
			return nil, domain.Errorf(domain.CodeConflict, "La partida «%s» es de un grupo que ya no existe", l.Concept)
		}
		ids, ws, err := groupWeights(g, byID)
		if err != nil {
			return nil, err
		}
		var gsum int64
		for _, w := range ws {
			gsum += w
		}
		if g.Method == domain.ByFixedAmount && gsum != groupTotal(b, l.GroupID) {
			return nil, domain.Errorf(domain.CodeConflict, "Las cuotas fijas del grupo «%s» suman %s al año y sus partidas %s: deben coincidir",
				g.Name, domain.EurosText(gsum), domain.EurosText(groupTotal(b, l.GroupID)))
		}
		for i, part := range domain.Share(l.Amount, ws) {
			if only != nil && !only[ids[i]] {
				continue
			}
			uc := out[ids[i]]
			if uc == nil {
				uc = &UnitCuota{Unit: byID[ids[i]]}
				out[ids[i]] = uc
			}
			uc.Lines = append(uc.Lines, CuotaLine{Concept: l.Concept, GroupID: g.ID, GroupName: g.Name, Weight: ws[i], GroupSum: gsum,
				Line: l.Amount, Annual: part, Periods: make([]domain.Cents, n)})
			uc.Annual += part
		}
	}
	res := make([]UnitCuota, 0, len(out))
	for _, u := range units {
		uc := out[u.ID]
		if uc == nil || uc.Annual <= 0 {
			continue
		}
		uc.Periods = domain.Share(uc.Annual, ones)
		annuals := make([]int64, len(uc.Lines))
		for j, l := range uc.Lines {
			annuals[j] = l.Annual
		}
		for k, amount := range uc.Periods {
			for j, v := range domain.Share(amount, annuals) {
				uc.Lines[j].Periods[k] = v
			}
		}
		res = append(res, *uc)
	}
	return res, nil
}

// groupTotal adds up the lines of b that groupID pays.
func groupTotal(b *domain.Budget, groupID string) domain.Cents {
	var s domain.Cents
	for _, l := range b.Lines {
		if l.GroupID == groupID {
			s += l.Amount
		}
	}
	return s
}
