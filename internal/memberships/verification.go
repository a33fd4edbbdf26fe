package memberships

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// hashCode is what is stored of a verification code (like email tokens, never the code itself).
func hashCode(code string) string { return credentials.HashToken(code) }

// IssueCode makes a new single-use verification code for one member of the admin's community and one
// of its units, and returns it with its expiry. The admin hands it to that neighbour, who enters it in
// /verify: it verifies them for that unit (confirming their claim to own it, if they made one), and
// nobody else can use it.
func (s *Service) IssueCode(ctx context.Context, a *domain.Actor, userID, unitID string) (string, time.Time, error) {
	code := domain.NewPublicID()
	now := s.now()
	expires := now.Add(VerificationCodeTTL)
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		member, err := s.store.CommunityHasMember(ctx, a.CommunityID, userID)
		if err != nil {
			return err
		}
		if !member {
			return domain.Errorf(domain.CodeNotFound, "No se encontró el vecino")
		}
		unit, err := s.store.CommunityHasUnit(ctx, a.CommunityID, unitID)
		if err != nil {
			return err
		}
		if !unit {
			return domain.ErrUnitNotFound
		}
		return s.store.InsertVerificationCode(ctx, hashCode(code), a.CommunityID, a.UserID, userID, unitID, now, expires)
	})
	if err != nil {
		return "", time.Time{}, err
	}
	return code, expires, nil
}

// Verifications lists the verification requests of the admin's community in a status ("" = all).
func (s *Service) Verifications(ctx context.Context, a *domain.Actor, status string) ([]domain.VerificationRequest, error) {
	return s.store.Verifications(ctx, a.CommunityID, domain.VerificationStatus(status))
}

// Review approves or rejects a pending request of the admin's community, with an optional note.
func (s *Service) Review(ctx context.Context, a *domain.Actor, id, decided, note string) (*domain.VerificationRequest, error) {
	st, n, err := decision(decided, note)
	if err != nil {
		return nil, err
	}
	kind := KindVerificationApproved
	if st == domain.VerificationRejected {
		kind = KindVerificationRejected
	}
	link := domain.CommunityLink(s.link("/settings/my-community"), a.CommunityID)
	notify := func(r domain.Recipient) (domain.Mail, error) {
		return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Note: strings.TrimSpace(note), Link: link})
	}
	now := s.now()
	// Approved, the member's pending claim to own the unit the request names is confirmed (and no other).
	// The document's key is erased from storage once this has committed.
	var v *domain.VerificationRequest
	var document *string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if v, err = s.store.VerificationForUpdate(ctx, id, a.CommunityID); err != nil {
			return err
		}
		if v == nil {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud de verificación")
		}
		if v.Status != domain.VerificationPending {
			return domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
		}
		document = v.DocumentKey
		if err := s.store.SaveVerificationReview(ctx, v, st, n, a.UserID, now); err != nil {
			return err
		}
		if st == domain.VerificationApproved && v.UnitID != nil {
			if err := s.store.ConfirmVerifiedOwner(ctx, v.UserID, a.CommunityID, *v.UnitID, &a.UserID, now); err != nil {
				return err
			}
		}
		return s.notify(ctx, v.UserID, a.CommunityID, "", notify)
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.eraseDocument(ctx, document)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditVerificationDecided, TargetKind: "member", TargetID: v.UserID,
		TargetLabel: v.FullName, Before: map[string]any{"status": domain.VerificationPending}, After: map[string]any{"status": v.Status, "note": n}})
	return v, nil
}

// Verification is a member's verification state. Level 1 comes with a confirmed email in a community;
// level 2 needs an approved document or an admin's code.
type Verification struct {
	Level  int
	Latest *domain.VerificationRequest // nil: never asked
}

// VerificationCodeTTL is how long an admin's code can be used.
const VerificationCodeTTL = 30 * 24 * time.Hour

// Verification returns the actor's verification state in their community.
func (s *Service) Verification(ctx context.Context, a *domain.Actor) (*Verification, error) {
	if a.CommunityID == "" {
		return &Verification{Level: 0}, nil
	}
	latest, approved, err := s.store.VerificationOf(ctx, a.UserID, a.CommunityID)
	if err != nil {
		return nil, err
	}
	v := &Verification{Level: 1, Latest: latest}
	if !a.EmailConfirmed {
		v.Level = 0
	}
	if approved {
		v.Level = 2
	}
	return v, nil
}
