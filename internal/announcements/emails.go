package announcements

import (
	"embed"

	"vecinos/internal/mail"
)

// The email of a critical announcement of the community.
const (
	KindAnnouncement mail.Kind = "announcement"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindAnnouncement, Body: true},
	)
}
