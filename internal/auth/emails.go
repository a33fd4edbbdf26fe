package auth

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of auth: the confirmation of a sign-up, the password reset, the confirmation of a new
// address and the notice to the old one (with the link that cancels the change), and the goodbye.
const (
	KindConfirmSignup      mail.Kind = "confirm_signup"
	KindResetPassword      mail.Kind = "reset_password"
	KindConfirmEmailChange mail.Kind = "confirm_email_change"
	KindEmailChangeNotice  mail.Kind = "email_change_notice"
	KindAccountDeleted     mail.Kind = "account_deleted"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindConfirmSignup, Link: true},
		mail.Spec{Kind: KindResetPassword, Link: true},
		mail.Spec{Kind: KindConfirmEmailChange, Link: true},
		mail.Spec{Kind: KindEmailChangeNotice, Link: true},
		mail.Spec{Kind: KindAccountDeleted},
	)
}
