package maintenance

import (
	"embed"

	"vecinos/internal/mail"
)

// The reminders to a community's admins: an item enters its last days, or is overdue.
const (
	KindDueSoon mail.Kind = "maintenance_due_soon"
	KindOverdue mail.Kind = "maintenance_overdue"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts, mail.Spec{Kind: KindDueSoon}, mail.Spec{Kind: KindOverdue})
}
