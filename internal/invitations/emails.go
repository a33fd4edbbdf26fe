package invitations

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of invitations (issue #21): an admin's invitation to a neighbour, and the one to the
// president somebody named when registering the community.
const (
	KindInvitation          mail.Kind = "invitation"
	KindPresidentInvitation mail.Kind = "president_invitation"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindInvitation, Link: true},
		mail.Spec{Kind: KindPresidentInvitation, Link: true},
	)
}
