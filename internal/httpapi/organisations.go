package httpapi

import (
	"context"
	"strconv"
	"time"

	"vecinos/internal/announcements"
	"vecinos/internal/domain"
	"vecinos/internal/organisations"
	"vecinos/internal/providers"
)

// The administrador de fincas' office (issue #35, ADR 0045): the organisation, its staff, the communities
// it runs, and on a community's side the processor it named.

// Organisation is the caller's office.
type Organisation struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	NIF       string    `json:"nif"`
	Colegiado *string   `json:"colegiado"`
	Code      string    `json:"code" doc:"What a community types to invite it"`
	CreatedAt time.Time `json:"createdAt"`
	Rights    string    `json:"rights" enum:"owner,write,read" doc:"The caller's: owner is the administrador"`
}

func toOrganisation(o *domain.Organisation) *Organisation {
	if o == nil {
		return nil
	}
	return &Organisation{ID: o.ID, Name: o.Name, NIF: o.NIF, Colegiado: o.Colegiado, Code: o.Code, CreatedAt: o.CreatedAt, Rights: string(o.Rights)}
}

type organisationOutput struct{ Body *Organisation }

type myOrganisationOutput struct {
	Body struct {
		Organisation *Organisation `json:"organisation,omitempty" doc:"Absent: the caller is on no office's staff"`
	}
}

func (s *server) myOrganisation(ctx context.Context, _ *struct{}) (*myOrganisationOutput, error) {
	o, err := s.Organisations.Mine(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &myOrganisationOutput{}
	out.Body.Organisation = toOrganisation(o)
	return out, nil
}

type createOrganisationInput struct {
	Body struct {
		Name      string `json:"name" minLength:"1" maxLength:"200"`
		NIF       string `json:"nif" minLength:"1" maxLength:"20"`
		Colegiado string `json:"colegiado,omitempty" maxLength:"40"`
	}
}

func (s *server) createOrganisation(ctx context.Context, in *createOrganisationInput) (*organisationOutput, error) {
	o, err := s.Organisations.Create(ctx, actor(ctx), organisations.CreateInput{Name: in.Body.Name, NIF: in.Body.NIF, Colegiado: in.Body.Colegiado})
	if err != nil {
		return nil, err
	}
	return &organisationOutput{Body: toOrganisation(o)}, nil
}

// StaffMember is one person of the office's staff.
type StaffMember struct {
	UserID   string    `json:"userId"`
	FullName string    `json:"fullName"`
	Email    string    `json:"email"`
	Rights   string    `json:"rights" enum:"owner,write,read"`
	JoinedAt time.Time `json:"joinedAt"`
}

// StaffInvitation is a pending invitation to the staff.
type StaffInvitation struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Rights    string    `json:"rights" enum:"write,read"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func toStaffInvitation(inv *domain.StaffInvitation) StaffInvitation {
	return StaffInvitation{ID: inv.ID, Email: inv.Email, Rights: string(inv.Rights), CreatedAt: inv.CreatedAt, ExpiresAt: inv.ExpiresAt}
}

type staffOutput struct {
	Body struct {
		Staff       []StaffMember     `json:"staff"`
		Invitations []StaffInvitation `json:"invitations" doc:"Pending; only the administrador sees them"`
	}
}

func (s *server) listStaff(ctx context.Context, _ *struct{}) (*staffOutput, error) {
	staff, invs, err := s.Organisations.Staff(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &staffOutput{}
	out.Body.Staff = make([]StaffMember, len(staff))
	for i, m := range staff {
		out.Body.Staff[i] = StaffMember{UserID: m.UserID, FullName: m.FullName, Email: m.Email, Rights: string(m.Rights), JoinedAt: m.JoinedAt}
	}
	out.Body.Invitations = make([]StaffInvitation, len(invs))
	for i := range invs {
		out.Body.Invitations[i] = toStaffInvitation(&invs[i])
	}
	return out, nil
}

type inviteStaffInput struct {
	Body struct {
		Email  string `json:"email" minLength:"3" maxLength:"254"`
		Rights string `json:"rights" enum:"write,read"`
	}
}

type staffInvitationOutput struct{ Body StaffInvitation }

func (s *server) inviteStaff(ctx context.Context, in *inviteStaffInput) (*staffInvitationOutput, error) {
	inv, err := s.Organisations.InviteStaff(ctx, actor(ctx), in.Body.Email, domain.StaffRights(in.Body.Rights))
	if err != nil {
		return nil, err
	}
	return &staffInvitationOutput{Body: toStaffInvitation(inv)}, nil
}

type acceptStaffInput struct {
	Body struct {
		Token string `json:"token" minLength:"1" maxLength:"100"`
	}
}

func (s *server) acceptStaffInvitation(ctx context.Context, in *acceptStaffInput) (*organisationOutput, error) {
	o, err := s.Organisations.AcceptStaff(ctx, actor(ctx), in.Body.Token)
	if err != nil {
		return nil, err
	}
	return &organisationOutput{Body: toOrganisation(o)}, nil
}

type removeStaffInput struct {
	UserID string `path:"userId" maxLength:"40"`
}

func (s *server) removeStaff(ctx context.Context, in *removeStaffInput) (*struct{}, error) {
	return nil, s.Organisations.RemoveStaff(ctx, actor(ctx), in.UserID)
}

// Processor is an office a community invited or named to administer it (its data processor, RGPD art. 28).
type Processor struct {
	CommunityID      string             `json:"communityId"`
	CommunityName    string             `json:"communityName"`
	OrganisationID   string             `json:"organisationId"`
	OrganisationName string             `json:"organisationName"`
	NIF              string             `json:"nif"`
	Colegiado        *string            `json:"colegiado"`
	Status           string             `json:"status" enum:"invited,active"`
	InvitedAt        time.Time          `json:"invitedAt"`
	AcceptedAt       *time.Time         `json:"acceptedAt" doc:"When its access began; null until the office accepts"`
	Overview         *CommunityOverview `json:"overview,omitempty" doc:"In the office's list, for the communities it runs"`
}

// CommunityOverview is the office's overview of a community it runs (issue #35).
type CommunityOverview struct {
	IncidentsUnder7 int        `json:"incidentsUnder7" doc:"Open incidents (not resolved) created less than 7 days ago"`
	Incidents7To30  int        `json:"incidents7To30" doc:"Open incidents created 7 to 30 days ago"`
	IncidentsOver30 int        `json:"incidentsOver30" doc:"Open incidents created more than 30 days ago"`
	PendingBookings int        `json:"pendingBookings" doc:"Bookings awaiting approval that have not started"`
	NextJuntaAt     *time.Time `json:"nextJuntaAt" doc:"First call of the next convened junta; null: none"`
	UnreadMessages  int        `json:"unreadMessages" doc:"Direct messages to the caller in the community not yet read (the chat's unread)"`
	DebtCents       int64      `json:"debtCents" doc:"What the units owe in receipts past their due date and the community's days of grace, in cents"`
	UnitsInDebt     int        `json:"unitsInDebt" doc:"How many units owe it"`
	BankDifference  *int64     `json:"bankDifferenceCents" doc:"The bank's balance less the books', in cents, over the accounts with an imported statement; null: no statement imported"`
}

func toProcessor(p *domain.Processor) *Processor {
	if p == nil {
		return nil
	}
	return &Processor{CommunityID: p.CommunityID, CommunityName: p.CommunityName, OrganisationID: p.OrganisationID,
		OrganisationName: p.OrganisationName, NIF: p.NIF, Colegiado: p.Colegiado, Status: string(p.Status), InvitedAt: p.InvitedAt,
		AcceptedAt: p.AcceptedAt, Overview: toCommunityOverview(p.Overview)}
}

func toCommunityOverview(o *domain.CommunityOverview) *CommunityOverview {
	if o == nil {
		return nil
	}
	return &CommunityOverview{IncidentsUnder7: o.IncidentsUnder7, Incidents7To30: o.Incidents7To30, IncidentsOver30: o.IncidentsOver30,
		PendingBookings: o.PendingBookings, NextJuntaAt: o.NextJuntaAt, UnreadMessages: o.UnreadMessages, DebtCents: o.Debt,
		UnitsInDebt: o.UnitsInDebt, BankDifference: o.BankDifference}
}

// listOrganisationCommunities writes the office's list by hand (appendProcessors) into a pooled buffer: an
// office of 200 communities is its most read answer (about 110 KB), and reflection was a sixth of its CPU
// (ADR 0045).
func (s *server) listOrganisationCommunities(ctx context.Context, _ *struct{}) (*pooledJSON, error) {
	ps, err := s.Organisations.Communities(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	return pooledAnswer(func(b []byte) []byte { return appendProcessors(b, ps) }), nil
}

// appendProcessors writes ps as huma's encoder writes them as []Processor (TestProcessorsEncodeAsReflection),
// with its final newline, from the service's values without copying them into the answer's types.
func appendProcessors(b []byte, ps []domain.Processor) []byte {
	return append(appendJSONArray(b, ps, appendProcessorJSON), '\n')
}

// appendProcessorJSON writes p as Processor (toProcessor).
func appendProcessorJSON(p *domain.Processor, b []byte) []byte {
	b = appendJSONText(append(b, `{"communityId":`...), p.CommunityID)
	b = appendJSONText(append(b, `,"communityName":`...), p.CommunityName)
	b = appendJSONText(append(b, `,"organisationId":`...), p.OrganisationID)
	b = appendJSONText(append(b, `,"organisationName":`...), p.OrganisationName)
	b = appendJSONText(append(b, `,"nif":`...), p.NIF)
	b = appendJSONStringPtr(append(b, `,"colegiado":`...), p.Colegiado)
	b = appendJSONText(append(b, `,"status":`...), string(p.Status))
	b = appendJSONTime(append(b, `,"invitedAt":`...), p.InvitedAt)
	b = appendJSONTimePtr(append(b, `,"acceptedAt":`...), p.AcceptedAt)
	if o := p.Overview; o != nil {
		b = strconv.AppendInt(append(b, `,"overview":{"incidentsUnder7":`...), int64(o.IncidentsUnder7), 10)
		b = strconv.AppendInt(append(b, `,"incidents7To30":`...), int64(o.Incidents7To30), 10)
		b = strconv.AppendInt(append(b, `,"incidentsOver30":`...), int64(o.IncidentsOver30), 10)
		b = strconv.AppendInt(append(b, `,"pendingBookings":`...), int64(o.PendingBookings), 10)
		b = appendJSONTimePtr(append(b, `,"nextJuntaAt":`...), o.NextJuntaAt)
		b = strconv.AppendInt(append(b, `,"unreadMessages":`...), int64(o.UnreadMessages), 10)
		b = strconv.AppendInt(append(b, `,"debtCents":`...), o.Debt, 10)
		b = strconv.AppendInt(append(b, `,"unitsInDebt":`...), int64(o.UnitsInDebt), 10)
		b = append(b, `,"bankDifferenceCents":`...)
		if o.BankDifference == nil {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendInt(b, *o.BankDifference, 10)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

type acceptCommunityInput struct {
	CommunityID string `path:"communityId" maxLength:"40"`
}

func (s *server) acceptOrganisationCommunity(ctx context.Context, in *acceptCommunityInput) (*struct{}, error) {
	return nil, s.Organisations.AcceptCommunity(ctx, actor(ctx), in.CommunityID)
}

type processorOutput struct {
	Body struct {
		Processor *Processor `json:"processor,omitempty" doc:"Absent: the community has named no office"`
	}
}

func (s *server) getCommunityProcessor(ctx context.Context, _ *struct{}) (*processorOutput, error) {
	p, err := s.Organisations.Processor(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &processorOutput{}
	out.Body.Processor = toProcessor(p)
	return out, nil
}

type inviteProcessorInput struct {
	Body struct {
		Code string `json:"code" minLength:"1" maxLength:"20" doc:"The office's code or NIF"`
	}
}

func (s *server) inviteCommunityProcessor(ctx context.Context, in *inviteProcessorInput) (*processorOutput, error) {
	p, err := s.Organisations.InviteProcessor(ctx, actor(ctx), in.Body.Code)
	if err != nil {
		return nil, err
	}
	out := &processorOutput{}
	out.Body.Processor = toProcessor(p)
	return out, nil
}

func (s *server) revokeCommunityProcessor(ctx context.Context, _ *struct{}) (*struct{}, error) {
	return nil, s.Organisations.RevokeProcessor(ctx, actor(ctx))
}

// OfficeHit is one result of the office's search, in the community it belongs to.
type OfficeHit struct {
	CommunityID   string     `json:"communityId"`
	CommunityName string     `json:"communityName"`
	ID            string     `json:"id" doc:"The person's account, the unit's or the incident's id"`
	Title         string     `json:"title" doc:"The person's name, the unit's label (portal · staircase · name) or the incident's title"`
	Detail        string     `json:"detail" doc:"The person's unit, the unit's owner or the incident's status; empty: none"`
	CreatedAt     *time.Time `json:"createdAt,omitempty"`
}

type officeSearchInput struct {
	Q string `query:"q" minLength:"1" maxLength:"200" doc:"A name, a unit ('2ºB', 'Portal 2') or words of an incident"`
}

// OfficeSearchOutputBody is the office search's answer. The handler writes it already encoded
// (appendOfficeSearch) and the route documents this type (returnsJSON).
type OfficeSearchOutputBody struct {
	People    []OfficeHit `json:"people"`
	Units     []OfficeHit `json:"units"`
	Incidents []OfficeHit `json:"incidents"`
}

// searchOrganisation writes the answer by hand into a pooled buffer (appendOfficeSearch), as the office's
// list: its 60 hits through reflection were a tenth of the request's CPU.
func (s *server) searchOrganisation(ctx context.Context, in *officeSearchInput) (*pooledJSON, error) {
	r, err := s.Organisations.Search(ctx, actor(ctx), in.Q)
	if err != nil {
		return nil, err
	}
	return pooledAnswer(func(b []byte) []byte { return appendOfficeSearch(b, r) }), nil
}

// appendOfficeSearch writes r as huma's encoder writes OfficeSearchOutputBody (TestOfficeSearchEncodesAsReflection),
// with its final newline.
func appendOfficeSearch(b []byte, r *organisations.SearchResults) []byte {
	b = appendJSONArray(append(b, `{"people":`...), r.People, appendOfficeHitJSON)
	b = appendJSONArray(append(b, `,"units":`...), r.Units, appendOfficeHitJSON)
	b = appendJSONArray(append(b, `,"incidents":`...), r.Incidents, appendOfficeHitJSON)
	return append(b, "}\n"...)
}

// appendOfficeHitJSON writes h as OfficeHit.
func appendOfficeHitJSON(h *domain.OfficeHit, b []byte) []byte {
	b = appendJSONText(append(b, `{"communityId":`...), h.CommunityID)
	b = appendJSONText(append(b, `,"communityName":`...), h.CommunityName)
	b = appendJSONText(append(b, `,"id":`...), h.ID)
	b = appendJSONText(append(b, `,"title":`...), h.Title)
	b = appendJSONText(append(b, `,"detail":`...), h.Detail)
	if h.CreatedAt != nil {
		b = appendJSONTime(append(b, `,"createdAt":`...), *h.CreatedAt)
	}
	return append(b, '}')
}

// BulkResult is what a bulk action did in one community.
type BulkResult struct {
	CommunityID   string  `json:"communityId"`
	CommunityName string  `json:"communityName" doc:"Empty when the office does not run it"`
	ID            *string `json:"id" doc:"What it created there; null when it failed"`
	Error         *string `json:"error" doc:"Why it failed there, in the request's language; null when done"`
}

type bulkOutput struct {
	Body struct {
		Results []BulkResult `json:"results" doc:"One per community, in the order asked"`
	}
}

func bulkResults(ctx context.Context, rs []organisations.BulkResult) *bulkOutput {
	out := &bulkOutput{}
	out.Body.Results = make([]BulkResult, len(rs))
	for i, r := range rs {
		b := BulkResult{CommunityID: r.CommunityID, CommunityName: r.CommunityName}
		if r.Err != nil {
			msg := problemFor(ctx, r.Err).Detail
			b.Error = &msg
		} else {
			id := r.ID
			b.ID = &id
		}
		out.Body.Results[i] = b
	}
	return out
}

type bulkAnnouncementInput struct {
	Body struct {
		CommunityIDs []string   `json:"communityIds" minItems:"1" maxItems:"300" doc:"Communities the office runs"`
		Title        string     `json:"title" maxLength:"200"`
		Description  string     `json:"description,omitempty" maxLength:"10000"`
		Priority     string     `json:"priority,omitempty" enum:"normal,critico" doc:"Default normal; critico is also emailed to each community's residents"`
		Type         string     `json:"type,omitempty" enum:"general,mantenimiento,normativa" doc:"Default general"`
		IsPinned     bool       `json:"isPinned,omitempty"`
		ValidUntil   *time.Time `json:"validUntil,omitempty"`
	}
}

func (s *server) bulkAnnouncement(ctx context.Context, in *bulkAnnouncementInput) (*bulkOutput, error) {
	b := in.Body
	rs, err := s.Organisations.AnnounceTo(ctx, actor(ctx), b.CommunityIDs, announcements.Input{Title: b.Title, Description: b.Description,
		Priority: domain.AnnouncementPriority(b.Priority), Type: domain.AnnouncementType(b.Type), IsPinned: b.IsPinned, ValidUntil: b.ValidUntil})
	if err != nil {
		return nil, err
	}
	return bulkResults(ctx, rs), nil
}

type bulkProviderInput struct {
	Body struct {
		CommunityIDs []string `json:"communityIds" minItems:"1" maxItems:"300" doc:"Communities the office runs"`
		Name         string   `json:"name" maxLength:"120"`
		Category     string   `json:"category" enum:"plumbing,electricity,locksmith,cleaning,lifts,hvac,other"`
		Description  string   `json:"description,omitempty" maxLength:"2000"`
		Phone        *string  `json:"phone,omitempty" maxLength:"30"`
		Email        *string  `json:"email,omitempty" maxLength:"254"`
		Address      *string  `json:"address,omitempty" maxLength:"300"`
		Emergency    bool     `json:"emergency,omitempty"`
		Verified     bool     `json:"verified,omitempty"`
	}
}

func (s *server) bulkProvider(ctx context.Context, in *bulkProviderInput) (*bulkOutput, error) {
	b := in.Body
	rs, err := s.Organisations.AddProviderTo(ctx, actor(ctx), b.CommunityIDs, providers.Input{Name: b.Name, Category: domain.ProviderCategory(b.Category),
		Description: b.Description, Phone: b.Phone, Email: b.Email, Address: b.Address, Emergency: b.Emergency, Verified: b.Verified})
	if err != nil {
		return nil, err
	}
	return bulkResults(ctx, rs), nil
}
