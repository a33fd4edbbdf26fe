package memberships

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of memberships: the outcome of a member's verification document, of a request to join a
// community found by searching, and of a member's claim to a unit (to live in or own it), as an admin
// decided them.
const (
	KindVerificationApproved mail.Kind = "verification_approved"
	KindVerificationRejected mail.Kind = "verification_rejected"
	KindJoinApproved         mail.Kind = "join_approved"
	KindJoinRejected         mail.Kind = "join_rejected"
	KindUnitClaimApproved    mail.Kind = "unit_claim_approved"
	KindUnitClaimRejected    mail.Kind = "unit_claim_rejected"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindVerificationApproved},
		mail.Spec{Kind: KindVerificationRejected},
		mail.Spec{Kind: KindJoinApproved},
		mail.Spec{Kind: KindJoinRejected},
		mail.Spec{Kind: KindUnitClaimApproved},
		mail.Spec{Kind: KindUnitClaimRejected},
	)
}
