package juntas

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of juntas: the convocatoria (the owner's copy, with the debtors' list) and the reminder of
// an acta still unsigned a week after the junta.
const (
	KindConvocatoria mail.Kind = "junta_convocatoria"
	KindActaReminder mail.Kind = "junta_acta_reminder"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindConvocatoria, Body: true},
		mail.Spec{Kind: KindActaReminder},
	)
}
