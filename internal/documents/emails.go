package documents

import (
	"embed"

	"vecinos/internal/mail"
)

// The email of a new acta or accounts in the community's archive.
const (
	KindNewDocument mail.Kind = "new_document"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindNewDocument},
	)
}
