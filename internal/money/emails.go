package money

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of the community's money (issue #36): a receipt issued to an owner, and an owner's mandate
// paused after the bank returned its debits.
const (
	KindNewReceipt    mail.Kind = "new_receipt"
	KindMandatePaused mail.Kind = "mandate_paused"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts, mail.Spec{Kind: KindNewReceipt}, mail.Spec{Kind: KindMandatePaused})
}
