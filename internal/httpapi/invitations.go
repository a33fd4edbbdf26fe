package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/invitations"
)

// Invitation is an email an admin sent to bring a neighbour in (/settings/invitations).
type Invitation struct {
	ID         string     `json:"id"`
	Email      string     `json:"email"`
	UnitID     *string    `json:"unitId" doc:"The unit the invitation is for; null when none"`
	UnitLabel  string     `json:"unitLabel" doc:"'2º · B'; empty without a unit"`
	Kind       string     `json:"kind" enum:"neighbour,president" doc:"president: the contact named when registering the community"`
	Status     string     `json:"status" enum:"sent,accepted,expired,revoked" doc:"enviada, aceptada, caducada (30 days after the last send), revocada"`
	Sends      int        `json:"sends" doc:"How many times it was emailed"`
	CreatedAt  time.Time  `json:"createdAt"`
	SentAt     time.Time  `json:"sentAt"`
	ExpiresAt  time.Time  `json:"expiresAt"`
	AcceptedAt *time.Time `json:"acceptedAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
}

func invitationOf(i *domain.Invitation, now time.Time) Invitation {
	return Invitation{ID: i.ID, Email: i.Email, UnitID: i.UnitID, UnitLabel: i.UnitLabel, Kind: string(i.Kind), Status: string(i.State(now)),
		Sends: i.Sends, CreatedAt: i.CreatedAt, SentAt: i.SentAt, ExpiresAt: i.ExpiresAt, AcceptedAt: i.AcceptedAt, RevokedAt: i.RevokedAt}
}

type invitationsOutput struct {
	Body struct {
		Invitations []Invitation `json:"invitations"`
		PerDay      int          `json:"perDay" doc:"Invitations and resends a community may send a day"`
		MaxPending  int          `json:"maxPending" doc:"Live invitations a community may have"`
	}
}

type invitationOutput struct{ Body Invitation }

type inviteInput struct {
	Body struct {
		Email  string `json:"email" maxLength:"255"`
		UnitID string `json:"unitId,omitempty" maxLength:"64" doc:"Optional: the unit the invitation is for (preselected when the invitee chooses theirs)"`
	}
}

type invitationIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type lettersOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

type invitedUnitOutput struct {
	Body struct {
		UnitID *string `json:"unitId" doc:"The unit to preselect in /choose-unit (from the invitation or the letter); null when none"`
	}
}

// ProposedUnit is a unit a member gave by floor and door, for an admin to accept into the registry.
type ProposedUnit struct {
	ID        string    `json:"id"`
	UnitLabel string    `json:"unitLabel"`
	FullName  string    `json:"fullName" doc:"Who gave it"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"createdAt"`
}

type proposedUnitsOutput struct {
	Body struct {
		Units []ProposedUnit `json:"units"`
	}
}

type proposedUnitOutput struct{ Body ProposedUnit }

func proposedUnitOf(u *domain.ProposedUnit) ProposedUnit {
	return ProposedUnit{ID: u.ID, UnitLabel: u.Label, FullName: u.FullName, Email: u.Email, CreatedAt: u.CreatedAt}
}

func (s *server) listInvitations(ctx context.Context, _ *struct{}) (*invitationsOutput, error) {
	a := actor(ctx)
	is, err := s.Invitations.List(ctx, a)
	if err != nil {
		return nil, err
	}
	now := s.Invitations.Now()
	out := &invitationsOutput{}
	out.Body.PerDay, out.Body.MaxPending = invitations.PerDay, invitations.MaxPending
	out.Body.Invitations = make([]Invitation, len(is))
	for i := range is {
		out.Body.Invitations[i] = invitationOf(&is[i], now)
	}
	return out, nil
}

func (s *server) createInvitation(ctx context.Context, in *inviteInput) (*invitationOutput, error) {
	a := actor(ctx)
	inv, err := s.Invitations.Invite(ctx, a, invitations.InviteInput{Email: in.Body.Email, UnitID: in.Body.UnitID})
	if err != nil {
		return nil, err
	}
	return &invitationOutput{Body: invitationOf(inv, s.Invitations.Now())}, nil
}

func (s *server) resendInvitation(ctx context.Context, in *invitationIDInput) (*invitationOutput, error) {
	a := actor(ctx)
	inv, err := s.Invitations.Resend(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &invitationOutput{Body: invitationOf(inv, s.Invitations.Now())}, nil
}

func (s *server) revokeInvitation(ctx context.Context, in *invitationIDInput) (*invitationOutput, error) {
	a := actor(ctx)
	inv, err := s.Invitations.Revoke(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &invitationOutput{Body: invitationOf(inv, s.Invitations.Now())}, nil
}

func (s *server) invitationLetters(ctx context.Context, _ *struct{}) (*lettersOutput, error) {
	a := actor(ctx)
	pdf, _, err := s.Invitations.Letters(ctx, a)
	if err != nil {
		return nil, err
	}
	return &lettersOutput{ContentType: "application/pdf", ContentDisposition: `attachment; filename="cartas-invitacion.pdf"`,
		CacheControl: "no-store", Body: pdf}, nil
}

func (s *server) invitedUnit(ctx context.Context, _ *struct{}) (*invitedUnitOutput, error) {
	a := actor(ctx)
	id, err := s.Invitations.InvitedUnit(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &invitedUnitOutput{}
	if id != "" {
		out.Body.UnitID = &id
	}
	return out, nil
}

func (s *server) proposedUnits(ctx context.Context, _ *struct{}) (*proposedUnitsOutput, error) {
	a := actor(ctx)
	us, err := s.Memberships.ProposedUnits(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &proposedUnitsOutput{}
	out.Body.Units = make([]ProposedUnit, len(us))
	for i := range us {
		out.Body.Units[i] = proposedUnitOf(&us[i])
	}
	return out, nil
}

func (s *server) reviewProposedUnit(ctx context.Context, in *claimReviewInput) (*proposedUnitOutput, error) {
	a := actor(ctx)
	u, err := s.Memberships.ReviewProposedUnit(ctx, a, in.ID, in.Body.Decision)
	if err != nil {
		return nil, err
	}
	return &proposedUnitOutput{Body: proposedUnitOf(u)}, nil
}
