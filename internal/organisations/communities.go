package organisations

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/invitations"
	"vecinos/internal/units"
)

// Creating a community from the despacho and importing its units and owners (issue #35, ADR 0045
// addendum). The community is created by the accounts' own path (the data and checks of a resident's
// onboarding) with no member: the office becomes its processor at once and its owners come in by the
// invitations of the import. The import reads the registry's CSV (units.ParseLines, the one parser)
// with an owners' column, and is one transaction: its preview is the same import rolled back.

// Audit actions of the office in a community it created or runs.
const (
	AuditCommunityCreated = "processor.community_created"
	AuditOwnersImported   = "processor.owners_imported"
)

// CommunityCreator creates a community with no member and runs then in its transaction
// (onboarding.Service.CreateAdministered).
type CommunityCreator interface {
	CreateAdministered(ctx context.Context, createdBy string, c *domain.Community, then func(ctx context.Context) error) error
}

// UnitImporter adds a file's units to a community's registry in the caller's transaction
// (units.Service.ApplyInTx).
type UnitImporter interface {
	ApplyInTx(ctx context.Context, communityID string, rows []domain.Unit) ([]*domain.Unit, *units.ImportResult, error)
}

// OwnerInviter invites an owner of an import in the caller's transaction (invitations.Service.InviteOwner).
type OwnerInviter interface {
	InviteOwner(ctx context.Context, c *domain.Community, inviterID, inviter, email string, us []*domain.Unit, now time.Time) (invitations.OwnerOutcome, error)
}

// OwnersColumn is the import's column of the owners' emails: several owners of a unit go in the same
// cell, separated by ';', ',' or spaces (a spreadsheet quotes the cell when it holds the file's separator).
const OwnersColumn = "email_propietario"

var (
	errDryRun     = errors.New("organisations: preview")
	emailSplitter = regexp.MustCompile(`[;,\s]+`)
)

// CreateCommunity creates a community that the actor's office runs from today (write rights needed).
// The actor does not join it: they are not an owner nor one of its resident admins.
func (s *Service) CreateCommunity(ctx context.Context, a *domain.Actor, c *domain.Community) error {
	o, err := s.mine(ctx, a, domain.StaffWrite)
	if err != nil {
		return err
	}
	if s.creator == nil {
		return errors.New("organisations: no Communities in Options")
	}
	err = s.creator.CreateAdministered(ctx, a.UserID, c, func(ctx context.Context) error {
		if err := s.store.AdministerCommunity(ctx, c.ID, o.ID, a.UserID, s.now()); err != nil {
			return err
		}
		s.audit.Record(ctx, s.staffIn(a, o, c.ID), domain.AuditChange{Action: AuditCommunityCreated, TargetKind: "community", TargetID: c.ID,
			TargetLabel: c.Name, After: map[string]any{"address": c.Address, "city": c.City, "postalCode": c.PostalCode}})
		return nil
	})
	if err != nil {
		return err
	}
	s.changed(c.ID, domain.AreaUnits, o.ID)
	return nil
}

// staffIn is the actor as the session query makes them in a community their office runs.
func (s *Service) staffIn(a *domain.Actor, o *domain.Organisation, communityID string) *domain.Actor {
	in := *a
	in.CommunityID, in.Role, in.OrganisationID, in.OrganisationName, in.StaffRights = communityID, domain.RoleAdmin, o.ID, o.Name, o.Rights
	return &in
}

// ImportLine is a line of an import as it would be (preview) or was imported.
type ImportLine struct {
	Line   int
	Unit   domain.Unit
	New    bool // the unit was not in the registry
	Owners []ImportOwner
}

// ImportOwner is an owner's address of a line and what the import does for it.
type ImportOwner struct {
	Email   string
	Outcome invitations.OwnerOutcome
}

// ImportReport is what an import did, or would do.
type ImportReport struct {
	Lines           []ImportLine
	UnitsCreated    int
	UnitsUpdated    int
	InvitationsSent int // the people emailed (one email each, naming all their units)
	AlreadyInvited  int
	AlreadyMembers  int
}

// ImportOwners imports the units and owners of a CSV into a community the actor's office runs (write
// rights): the registry's columns plus OwnersColumn. Any faulty line refuses the whole file (an
// *units.ImportError naming each line). It is one transaction: units added or updated as the registry's
// import does, and one invitation per owner not yet invited nor a member. With preview nothing is kept:
// the report says what confirming would do.
func (s *Service) ImportOwners(ctx context.Context, a *domain.Actor, communityID string, data []byte, preview bool) (*ImportReport, error) {
	o, err := s.mine(ctx, a, domain.StaffWrite)
	if err != nil {
		return nil, err
	}
	if s.importer == nil || s.inviter == nil {
		return nil, errors.New("organisations: no Units or Invitations in Options")
	}
	p, err := s.store.CommunityProcessor(ctx, communityID)
	if err != nil {
		return nil, err
	}
	if p == nil || p.OrganisationID != o.ID || p.Status != domain.ProcessorActive {
		return nil, errNotRun
	}
	lines, err := units.ParseLines(data, units.Columns{
		Names: map[string][]string{OwnersColumn: {OwnersColumn, "email propietario", "emails propietarios", "email_propietarios",
			"propietario email", "email", "correo", "correo propietario"}},
		Check: checkOwners,
	})
	if err != nil {
		return nil, err
	}
	c, err := s.store.CommunityByID(ctx, communityID)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errNotRun
	}
	staff := s.staffIn(a, o, communityID)
	inviter := a.FullName + " (" + o.Name + ")"
	rep := &ImportReport{}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		rows := make([]domain.Unit, len(lines))
		for i, l := range lines {
			rows[i] = l.Unit
		}
		before, err := s.store.AdminUnits(ctx, communityID)
		if err != nil {
			return err
		}
		had := map[string]bool{}
		for _, u := range before {
			had[u.ID] = true
		}
		saved, res, err := s.importer.ApplyInTx(ctx, communityID, rows)
		if err != nil {
			return err
		}
		rep.UnitsCreated, rep.UnitsUpdated = res.Added, res.Updated
		// Each owner once, with every unit the file gives them, in the file's order.
		var order []string
		unitsOf := map[string][]*domain.Unit{}
		for i, l := range lines {
			rep.Lines = append(rep.Lines, ImportLine{Line: l.Number, Unit: *saved[i], New: !had[saved[i].ID]})
			for _, e := range ownerEmails(l.Extra[OwnersColumn]) {
				if _, ok := unitsOf[e]; !ok {
					order = append(order, e)
				}
				unitsOf[e] = append(unitsOf[e], saved[i])
			}
		}
		outcome := map[string]invitations.OwnerOutcome{}
		now := s.now()
		for _, e := range order {
			out, err := s.inviter.InviteOwner(ctx, c, a.UserID, inviter, e, unitsOf[e], now)
			if err != nil {
				return err
			}
			outcome[e] = out
			switch out {
			case invitations.OwnerInvited:
				rep.InvitationsSent++
			case invitations.OwnerAlreadyInvited:
				rep.AlreadyInvited++
			case invitations.OwnerAlreadyMember:
				rep.AlreadyMembers++
			}
		}
		for i, l := range lines {
			for _, e := range ownerEmails(l.Extra[OwnersColumn]) {
				rep.Lines[i].Owners = append(rep.Lines[i].Owners, ImportOwner{Email: e, Outcome: outcome[e]})
			}
		}
		if preview {
			return errDryRun
		}
		s.audit.Record(ctx, staff, domain.AuditChange{Action: AuditOwnersImported, TargetKind: "registry", TargetID: communityID,
			TargetLabel: fmt.Sprintf("%d líneas", len(lines)), After: map[string]any{"unitsCreated": rep.UnitsCreated,
				"unitsUpdated": rep.UnitsUpdated, "invitationsSent": rep.InvitationsSent}})
		return nil
	})
	if preview && errors.Is(err, errDryRun) {
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	if rep.InvitationsSent > 0 {
		s.mailWake()
	}
	s.changed(communityID, domain.AreaUnits, "")
	return rep, nil
}

// ownerEmails are the addresses of a cell, lower-cased, each once.
func ownerEmails(cell string) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range emailSplitter.Split(strings.TrimSpace(cell), -1) {
		if e == "" {
			continue
		}
		if n, err := credentials.NormalizeEmail(e); err == nil && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// checkOwners refuses a line whose owners' cell has an address that is not one.
func checkOwners(line int, cell func(string) string) *domain.Error {
	for _, e := range emailSplitter.Split(strings.TrimSpace(cell(OwnersColumn)), -1) {
		if e == "" {
			continue
		}
		if _, err := credentials.NormalizeEmail(e); err != nil {
			return domain.Errorf(domain.CodeInvalid, "Línea %d: el email «%s» no es válido", line, e)
		}
	}
	return nil
}
