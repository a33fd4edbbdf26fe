package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/memberships"
)

// MemberRole is a row of the role-management table.
type MemberRole struct {
	ID       string `json:"id"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Role     string `json:"role" enum:"admin,moderator,user"`
}

type rolesOutput struct {
	Body struct {
		Members    []MemberRole `json:"members"`
		AdminCount int          `json:"adminCount" doc:"'Actualmente hay N administrador(es).'"`
		MaxAdmins  int          `json:"maxAdmins" doc:"3"`
	}
}

type setRoleInput struct {
	UserID string `path:"userId" maxLength:"64"`
	Body   struct {
		Role string `json:"role" enum:"admin,moderator,user"`
	}
}

type memberRoleOutput struct{ Body MemberRole }

// CommunityAdmin is an admin as /settings/my-community lists them.
type CommunityAdmin struct {
	ID         string  `json:"id"`
	FullName   string  `json:"fullName"`
	UnitNumber *string `json:"unitNumber" doc:"null when they have no unit"`
}

type adminsOutput struct {
	Body struct {
		Admins []CommunityAdmin `json:"admins" doc:"Empty: 'No hay administradores asignados'"`
	}
}

type updateCommunityInput struct {
	Body struct {
		// The limits of memberships.Community*Max (a test holds them equal); the web form reads them here.
		Name               *string `json:"name,omitempty" maxLength:"200"`
		Address            *string `json:"address,omitempty" maxLength:"300"`
		City               *string `json:"city,omitempty" maxLength:"100"`
		PostalCode         *string `json:"postalCode,omitempty" maxLength:"10"`
		Country            *string `json:"country,omitempty" maxLength:"100"`
		CatastralReference *string `json:"catastralReference,omitempty" maxLength:"40" doc:"Empty clears it; spaces are ignored"`
		JoinApproval       *bool   `json:"joinApproval,omitempty" doc:"Whether the community code starts a join request for an admin to decide instead of letting the person in"`
	}
}

func (s *server) updateCommunity(ctx context.Context, in *updateCommunityInput) (*communityOutput, error) {
	a := actor(ctx)
	b := in.Body
	c, err := s.Memberships.UpdateCommunity(ctx, a, memberships.CommunityUpdate{Name: b.Name, Address: b.Address, City: b.City,
		PostalCode: b.PostalCode, Country: b.Country, CatastralReference: b.CatastralReference, JoinApproval: b.JoinApproval})
	if err != nil {
		return nil, err
	}
	return &communityOutput{Body: communityOf(c)}, nil
}

func (s *server) communityAdmins(ctx context.Context, _ *struct{}) (*adminsOutput, error) {
	a := actor(ctx)
	as, err := s.Memberships.Admins(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &adminsOutput{}
	out.Body.Admins = make([]CommunityAdmin, len(as))
	for i, x := range as {
		out.Body.Admins[i] = CommunityAdmin{ID: x.ID, FullName: x.FullName, UnitNumber: x.UnitNumber}
	}
	return out, nil
}

func (s *server) communityRoles(ctx context.Context, _ *struct{}) (*rolesOutput, error) {
	a := actor(ctx)
	ms, err := s.Memberships.Roles(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &rolesOutput{}
	out.Body.Members, out.Body.MaxAdmins = make([]MemberRole, len(ms)), domain.MaxAdmins
	for i, m := range ms {
		out.Body.Members[i] = MemberRole{ID: m.ID, FullName: m.FullName, Email: m.Email, Role: string(m.Role)}
		if m.Role == domain.RoleAdmin {
			out.Body.AdminCount++
		}
	}
	return out, nil
}

func (s *server) setMemberRole(ctx context.Context, in *setRoleInput) (*memberRoleOutput, error) {
	a := actor(ctx)
	m, err := s.Memberships.SetRole(ctx, a, in.UserID, in.Body.Role)
	if err != nil {
		return nil, err
	}
	return &memberRoleOutput{Body: MemberRole{ID: m.ID, FullName: m.FullName, Email: m.Email, Role: string(m.Role)}}, nil
}
