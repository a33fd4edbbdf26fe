package httpapi

import (
	"context"

	"vecinos/internal/directory"
	"vecinos/internal/domain"
)

// Resident is one card of the directory.
type Resident struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Unit      *string        `json:"unit" doc:"unit_number of the unit they live in (else one they own); null without one"`
	Units     []ResidentUnit `json:"units" doc:"every unit of theirs: the one above ('2º B'), then their confirmed further units ('Garaje 3')"`
	Floor     *string        `json:"floor"`
	Door      *string        `json:"door" doc:"Always null: units have no door of their own yet (unit is the door in the onboarding's floor + door)"`
	Role      string         `json:"role" enum:"admin,president,owner,tenant,user" doc:"Derived on the server: Administrador, Presidente, Propietario, Inquilino, Usuario"`
	Phone     *string        `json:"phone" doc:"null unless the resident opted in (contactVisible), the caller is an admin, or it is the caller"`
	Email     *string        `json:"email" doc:"null under the same rule as phone (RGPD)"`
	AvatarURL *string        `json:"avatarUrl"`
	IsActive  bool           `json:"isActive" doc:"The account is confirmed and can sign in"`
}

// ResidentUnit is one unit of a resident and how they belong to it.
type ResidentUnit struct {
	Label    string `json:"label" doc:"'2º B', 'Portal 1 · Garaje 3'"`
	Relation string `json:"relation" enum:"owner,tenant,family,resident" doc:"propietario (confirmed), inquilino, familiar or residente"`
}

// Directory is the residents of the caller's community and its counters.
type Directory struct {
	Residents         []Resident `json:"residents" doc:"By name; filtered by q and role"`
	ResidentesActivos int        `json:"residentesActivos" doc:"Active residents of the whole community (filters ignored)"`
	Propietarios      int        `json:"propietarios" doc:"Residents who own a unit (filters ignored)"`
	Total             int        `json:"total" doc:"Residents of the whole community (filters ignored)"`
}

type directoryInput struct {
	Q    string `query:"q" maxLength:"200" doc:"Name or unit; case and accents ignored"`
	Role string `query:"role" enum:"admin,president,owner,tenant,user"`
}

type directoryOutput struct{ Body Directory }

func (s *server) directory(ctx context.Context, in *directoryInput) (*directoryOutput, error) {
	a := actor(ctx)
	l, err := s.Directory.List(ctx, a, directory.Query{Search: in.Q, Role: domain.DirectoryRole(in.Role)})
	if err != nil {
		return nil, err
	}
	out := &directoryOutput{Body: Directory{Residents: make([]Resident, len(l.Residents)), ResidentesActivos: l.ActiveCount,
		Propietarios: l.OwnersCount, Total: l.Total}}
	for i, r := range l.Residents {
		units := make([]ResidentUnit, len(r.Units))
		for j, u := range r.Units {
			units[j] = ResidentUnit{Label: u.Label, Relation: string(u.Relation)}
		}
		out.Body.Residents[i] = Resident{ID: r.ID, Name: r.Name, Unit: r.Unit, Units: units, Floor: r.Floor, Door: r.Door, Role: string(r.Role),
			Phone: r.Phone, Email: r.Email, AvatarURL: r.AvatarURL, IsActive: r.IsActive}
	}
	return out, nil
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
