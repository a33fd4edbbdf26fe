package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/units"
)

// AdminUnit is a unit of the admins' registry (Viviendas y locales).
type AdminUnit struct {
	ID          string  `json:"id"`
	Name        string  `json:"name" doc:"'1º A', '1-1', 'Bajo B'; unique within its portal and staircase"`
	Floor       *string `json:"floor"`
	Building    *string `json:"building" doc:"The portal; portal-targeted announcements read it"`
	Staircase   *string `json:"staircase"`
	Kind        string  `json:"kind" enum:"vivienda,local,garaje"`
	Coefficient *string `json:"coefficient" doc:"Cuota de participación, a percentage with up to 4 decimals and a decimal point ('12.3456'); null: not set"`
	OwnerName   *string `json:"ownerName" doc:"null when nobody owns it"`
	HasOwner    bool    `json:"hasOwner"`
	Residents   int     `json:"residents" doc:"Members who live in it; a unit with residents cannot be removed"`
}

func adminUnitOf(u *domain.Unit, owner *string, residents int) AdminUnit {
	kind := string(u.Kind)
	if kind == "" {
		kind = string(domain.KindDwelling)
	}
	r := AdminUnit{ID: u.ID, Name: u.UnitNumber, Floor: u.Floor, Building: u.Building, Staircase: u.Staircase, Kind: kind,
		OwnerName: owner, HasOwner: u.OwnerID != nil, Residents: residents}
	if u.Coefficient != nil {
		c := u.Coefficient.String()
		r.Coefficient = &c
	}
	return r
}

type adminUnitsOutput struct {
	Body struct {
		Units               []AdminUnit `json:"units"`
		CoefficientSum      string      `json:"coefficientSum" doc:"Sum of the coeficientes ('99.5')"`
		CoefficientsAre100  bool        `json:"coefficientsAre100" doc:"The sum is 100 within 0.01"`
		CoefficientsMissing int         `json:"coefficientsMissing" doc:"Units without a coeficiente"`
	}
}

type unitBody struct {
	Name        *string `json:"name,omitempty" maxLength:"40" doc:"Required for a new unit"`
	Floor       *string `json:"floor,omitempty" maxLength:"40" doc:"Empty: none"`
	Building    *string `json:"building,omitempty" maxLength:"40" doc:"The portal; empty: none"`
	Staircase   *string `json:"staircase,omitempty" maxLength:"40" doc:"Empty: none"`
	Kind        *string `json:"kind,omitempty" enum:"vivienda,local,garaje"`
	Coefficient *string `json:"coefficient,omitempty" maxLength:"12" doc:"'12,3456' or '12.3456'; empty clears it"`
}

func (b unitBody) input() units.Input {
	in := units.Input{Name: b.Name, Floor: b.Floor, Building: b.Building, Staircase: b.Staircase, Coefficient: b.Coefficient}
	if b.Kind != nil {
		k := domain.UnitKind(*b.Kind)
		in.Kind = &k
	}
	return in
}

type addUnitInput struct {
	Body unitBody
}

type updateUnitInput struct {
	ID   string `path:"id"`
	Body unitBody
}

type unitIDInput struct {
	ID string `path:"id"`
}

type mergeUnitInput struct {
	ID   string `path:"id"`
	Body struct {
		Into string `json:"into" doc:"The unit that receives the residents and the owner; the other is removed"`
	}
}

type exportUnitsOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

type importUnitsInput struct {
	Body struct {
		CSV           string `json:"csv" maxLength:"1048576" doc:"The CSV text: portal;escalera;planta;nombre (or puerta);tipo;coeficiente"`
		RemoveMissing bool   `json:"removeMissing" required:"false" doc:"remove the units the CSV does not have, only those nobody lives in or owns"`
	}
}

type importUnitsOutput struct {
	Body struct {
		Added   int      `json:"added"`
		Updated int      `json:"updated"`
		Removed int      `json:"removed" doc:"units not in the CSV removed (removeMissing): empty ones only"`
		Missing []string `json:"missing" doc:"units not in the CSV that are still in the registry: all, or with removeMissing those with residents or an owner"`
	}
}

func (s *server) listUnits(ctx context.Context, _ *struct{}) (*adminUnitsOutput, error) {
	a := actor(ctx)
	return s.adminUnits(ctx, a, nil)
}

// adminUnits answers an edit (err from it first) with the whole registry, so the screen shows the new
// sum of coeficientes at once.
func (s *server) adminUnits(ctx context.Context, a *domain.Actor, err error) (*adminUnitsOutput, error) {
	if err != nil {
		return nil, err
	}
	r, err := s.Units.List(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &adminUnitsOutput{}
	out.Body.Units = make([]AdminUnit, len(r.Units))
	for i, u := range r.Units {
		out.Body.Units[i] = adminUnitOf(&u.Unit, u.OwnerName, u.Residents)
		if u.Coefficient == nil {
			out.Body.CoefficientsMissing++
		}
	}
	out.Body.CoefficientSum = r.Sum.String()
	out.Body.CoefficientsAre100 = domain.CoefficientsComplete(r.Sum)
	return out, nil
}

func (s *server) addUnit(ctx context.Context, in *addUnitInput) (*adminUnitsOutput, error) {
	a := actor(ctx)
	_, err := s.Units.Add(ctx, a, in.Body.input())
	return s.adminUnits(ctx, a, err)
}

func (s *server) updateUnit(ctx context.Context, in *updateUnitInput) (*adminUnitsOutput, error) {
	a := actor(ctx)
	_, err := s.Units.Update(ctx, a, in.ID, in.Body.input())
	return s.adminUnits(ctx, a, err)
}

func (s *server) removeUnit(ctx context.Context, in *unitIDInput) (*adminUnitsOutput, error) {
	a := actor(ctx)
	return s.adminUnits(ctx, a, s.Units.Remove(ctx, a, in.ID))
}

func (s *server) mergeUnit(ctx context.Context, in *mergeUnitInput) (*adminUnitsOutput, error) {
	a := actor(ctx)
	_, err := s.Units.Merge(ctx, a, in.ID, in.Body.Into)
	return s.adminUnits(ctx, a, err)
}

func (s *server) exportUnits(ctx context.Context, _ *struct{}) (*exportUnitsOutput, error) {
	a := actor(ctx)
	b, err := s.Units.Export(ctx, a)
	if err != nil {
		return nil, err
	}
	return &exportUnitsOutput{ContentType: "text/csv; charset=utf-8", ContentDisposition: `attachment; filename="viviendas-y-locales.csv"`, Body: b}, nil
}

func (s *server) importUnits(ctx context.Context, in *importUnitsInput) (*importUnitsOutput, error) {
	a := actor(ctx)
	r, err := s.Units.Import(ctx, a, []byte(in.Body.CSV), in.Body.RemoveMissing)
	if err != nil {
		return nil, err
	}
	out := &importUnitsOutput{}
	out.Body.Added, out.Body.Updated, out.Body.Removed, out.Body.Missing = r.Added, r.Updated, r.Removed, nonNilStrings(r.Missing)
	return out, nil
}
