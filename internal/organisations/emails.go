package organisations

import (
	"embed"

	"vecinos/internal/mail"
)

// KindStaffInvitation is the email that invites someone to an organisation's staff.
const KindStaffInvitation mail.Kind = "organisation_staff_invitation"

// emailTexts are its texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts, mail.Spec{Kind: KindStaffInvitation, Link: true})
}
