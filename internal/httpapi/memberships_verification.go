package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/memberships"
)

// statusText is how the web app words a verification status.
var statusText = map[domain.VerificationStatus]string{
	domain.VerificationPending:  "Pendiente de revisión",
	domain.VerificationApproved: "Verificado",
	domain.VerificationRejected: "Rechazado",
}

// VerificationRequest is one level-2 verification attempt.
type VerificationRequest struct {
	ID          string     `json:"id"`
	UserID      string     `json:"userId"`
	FullName    string     `json:"fullName,omitempty" doc:"In the admins' queue"`
	Email       string     `json:"email,omitempty" doc:"In the admins' queue"`
	UnitNumber  *string    `json:"unitNumber,omitempty" doc:"In the admins' queue: the number of the unit the request is about (a document: the member's home when sent; a code: the unit it was issued for)"`
	Method      string     `json:"method" enum:"document,code"`
	DocumentURL *string    `json:"documentUrl" doc:"/files/verification-documents/…: readable by the user and their community's admins; null once reviewed (the document is erased, only the outcome stays)"`
	Status      string     `json:"status" enum:"pending,approved,rejected"`
	StatusText  string     `json:"statusText" doc:"Pendiente de revisión / Verificado / Rechazado"`
	Note        *string    `json:"note" doc:"The reviewer's note"`
	CreatedAt   time.Time  `json:"createdAt"`
	ReviewedAt  *time.Time `json:"reviewedAt"`
}

func verificationOf(v *domain.VerificationRequest) VerificationRequest {
	out := VerificationRequest{ID: v.ID, UserID: v.UserID, FullName: v.FullName, Email: v.Email, UnitNumber: v.UnitNumber,
		Method: string(v.Method), Status: string(v.Status), StatusText: statusText[v.Status], Note: v.Note, CreatedAt: v.CreatedAt, ReviewedAt: v.ReviewedAt}
	if v.DocumentKey != nil {
		u := "/files/" + *v.DocumentKey
		out.DocumentURL = &u
	}
	return out
}

// Verification is the caller's verification state.
type Verification struct {
	Level  int                  `json:"level" minimum:"0" maximum:"2" doc:"1: automatic (confirmed email, in a community); 2: document approved or admin code"`
	Latest *VerificationRequest `json:"latest,omitempty" doc:"The latest request; absent when never asked"`
}

type verificationOutput struct{ Body Verification }

type verificationsInput struct {
	Status string `query:"status" enum:"pending,approved,rejected," doc:"Empty: all"`
}

type verificationsOutput struct {
	Body struct {
		Requests []VerificationRequest `json:"requests"`
	}
}

type reviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Decision string `json:"decision" enum:"approved,rejected"`
		Note     string `json:"note,omitempty" maxLength:"1000"`
	}
}

type verificationRequestOutput struct{ Body VerificationRequest }

type issueCodeInput struct {
	Body struct {
		UserID string `json:"userId" minLength:"1" maxLength:"64" doc:"The member the code is for: nobody else can use it"`
		UnitID string `json:"unitId" minLength:"1" maxLength:"64" doc:"The unit it verifies them for: it confirms their claim to own that unit, no other"`
	}
}

type codeOutput struct {
	Body struct {
		Code      string    `json:"code" doc:"Single use, for that member and unit only; give it to the neighbour"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
}

func verificationBody(v *memberships.Verification, err error) (*verificationOutput, error) {
	if err != nil {
		return nil, err
	}
	out := &verificationOutput{Body: Verification{Level: v.Level}}
	if v.Latest != nil {
		l := verificationOf(v.Latest)
		out.Body.Latest = &l
	}
	return out, nil
}

func (s *server) myVerification(ctx context.Context, _ *struct{}) (*verificationOutput, error) {
	return verificationBody(s.Memberships.Verification(ctx, actor(ctx)))
}

func (s *server) verifications(ctx context.Context, in *verificationsInput) (*verificationsOutput, error) {
	a := actor(ctx)
	vs, err := s.Memberships.Verifications(ctx, a, in.Status)
	if err != nil {
		return nil, err
	}
	out := &verificationsOutput{}
	out.Body.Requests = make([]VerificationRequest, len(vs))
	for i := range vs {
		out.Body.Requests[i] = verificationOf(&vs[i])
	}
	return out, nil
}

func (s *server) reviewVerification(ctx context.Context, in *reviewInput) (*verificationRequestOutput, error) {
	a := actor(ctx)
	v, err := s.Memberships.Review(ctx, a, in.ID, in.Body.Decision, in.Body.Note)
	if err != nil {
		return nil, err
	}
	return &verificationRequestOutput{Body: verificationOf(v)}, nil
}

func (s *server) issueCode(ctx context.Context, in *issueCodeInput) (*codeOutput, error) {
	a := actor(ctx)
	code, expires, err := s.Memberships.IssueCode(ctx, a, in.Body.UserID, in.Body.UnitID)
	if err != nil {
		return nil, err
	}
	out := &codeOutput{}
	out.Body.Code, out.Body.ExpiresAt = code, expires.UTC().Truncate(time.Second)
	return out, nil
}
