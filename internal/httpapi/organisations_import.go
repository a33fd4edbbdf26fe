package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/invitations"
)

// Creating a community from the despacho and importing its units and owners (issue #35, ADR 0045
// addendum).

type createOfficeCommunityOutput struct{ Body *Processor }

func (s *server) createOfficeCommunity(ctx context.Context, in *createCommunityInput) (*createOfficeCommunityOutput, error) {
	a := actor(ctx)
	b := in.Body
	c := &domain.Community{Name: b.Name, Address: b.Address, City: b.City, PostalCode: b.PostalCode, Country: b.Country,
		Province: b.Province, StreetType: b.StreetType, StreetName: b.StreetName, StreetNumber: b.StreetNumber}
	if err := s.Organisations.CreateCommunity(ctx, a, c); err != nil {
		return nil, err
	}
	ps, err := s.Organisations.Communities(ctx, a)
	if err != nil {
		return nil, err
	}
	for i := range ps {
		if ps[i].CommunityID == c.ID {
			return &createOfficeCommunityOutput{Body: toProcessor(&ps[i])}, nil
		}
	}
	return nil, domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
}

type officeImportInput struct {
	CommunityID string `path:"communityId" maxLength:"64"`
	Body        struct {
		CSV string `json:"csv" maxLength:"1048576" doc:"The registry's CSV (portal;escalera;planta;nombre or puerta;tipo;coeficiente) plus email_propietario: the owners' emails, several separated by ';', ',' or spaces"`
	}
}

// OfficeImportOwner is an owner's address of a line and what the import does for it.
type OfficeImportOwner struct {
	Email   string `json:"email"`
	Outcome string `json:"outcome" enum:"invite,invited,member" doc:"invite: an invitation is sent; invited: one is live or accepted already; member: the address is a member's already"`
}

// OfficeImportLine is a line of the file as it is (or would be) imported.
type OfficeImportLine struct {
	Line        int                 `json:"line"`
	Unit        string              `json:"unit" doc:"Its label: portal, floor and name"`
	Kind        string              `json:"kind" enum:"vivienda,local,garaje"`
	Coefficient *string             `json:"coefficient" doc:"Percent, with a point"`
	New         bool                `json:"new" doc:"false: the unit is in the registry already"`
	Owners      []OfficeImportOwner `json:"owners"`
}

type officeImportOutput struct {
	Body struct {
		Lines           []OfficeImportLine `json:"lines"`
		UnitsCreated    int                `json:"unitsCreated"`
		UnitsUpdated    int                `json:"unitsUpdated"`
		InvitationsSent int                `json:"invitationsSent" doc:"People emailed an invitation (one email each)"`
		AlreadyInvited  int                `json:"alreadyInvited"`
		AlreadyMembers  int                `json:"alreadyMembers"`
	}
}

var ownerOutcomes = map[invitations.OwnerOutcome]string{invitations.OwnerInvited: "invite", invitations.OwnerAlreadyInvited: "invited",
	invitations.OwnerAlreadyMember: "member"}

func (s *server) officeImport(ctx context.Context, in *officeImportInput, preview bool) (*officeImportOutput, error) {
	r, err := s.Organisations.ImportOwners(ctx, actor(ctx), in.CommunityID, []byte(in.Body.CSV), preview)
	if err != nil {
		return nil, err
	}
	out := &officeImportOutput{}
	b := &out.Body
	b.UnitsCreated, b.UnitsUpdated, b.InvitationsSent, b.AlreadyInvited, b.AlreadyMembers = r.UnitsCreated, r.UnitsUpdated, r.InvitationsSent,
		r.AlreadyInvited, r.AlreadyMembers
	b.Lines = make([]OfficeImportLine, 0, len(r.Lines))
	for _, l := range r.Lines {
		ol := OfficeImportLine{Line: l.Line, Unit: l.Unit.Label(), Kind: string(l.Unit.Kind), New: l.New, Owners: []OfficeImportOwner{}}
		if ol.Kind == "" {
			ol.Kind = string(domain.KindDwelling)
		}
		if l.Unit.Coefficient != nil {
			c := l.Unit.Coefficient.String()
			ol.Coefficient = &c
		}
		for _, o := range l.Owners {
			ol.Owners = append(ol.Owners, OfficeImportOwner{Email: o.Email, Outcome: ownerOutcomes[o.Outcome]})
		}
		b.Lines = append(b.Lines, ol)
	}
	return out, nil
}

func (s *server) previewOfficeImport(ctx context.Context, in *officeImportInput) (*officeImportOutput, error) {
	return s.officeImport(ctx, in, true)
}

func (s *server) confirmOfficeImport(ctx context.Context, in *officeImportInput) (*officeImportOutput, error) {
	return s.officeImport(ctx, in, false)
}
