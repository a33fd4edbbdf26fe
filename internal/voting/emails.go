package voting

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of voting (issue #15): a poll opened or closed; the absent owners' notice of an agreement
// (art. 17.8 LPH, with the 30 days to object); and the final result when those 30 days end.
const (
	KindPollOpened mail.Kind = "poll_opened"
	KindPollClosed mail.Kind = "poll_closed"
	KindPollAbsent mail.Kind = "poll_absent"
	KindPollFinal  mail.Kind = "poll_final"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindPollOpened},
		mail.Spec{Kind: KindPollClosed},
		mail.Spec{Kind: KindPollAbsent},
		mail.Spec{Kind: KindPollFinal},
	)
}
