package reservations

import (
	"embed"

	"vecinos/internal/mail"
)

// The emails of reservations (issue #13): a reservation of a facility approved, rejected or cancelled by
// an admin, and the reminder the day before.
const (
	KindReservationApproved  mail.Kind = "reservation_approved"
	KindReservationRejected  mail.Kind = "reservation_rejected"
	KindReservationCancelled mail.Kind = "reservation_cancelled"
	KindReservationReminder  mail.Kind = "reservation_reminder"
)

// emailTexts are their texts, emails/<lang>.json for each language (docs/adr/0039-feature-catalogues.md).
//
//go:embed emails/*.json
var emailTexts embed.FS

func init() {
	mail.Register(emailTexts,
		mail.Spec{Kind: KindReservationApproved},
		mail.Spec{Kind: KindReservationRejected},
		mail.Spec{Kind: KindReservationCancelled},
		mail.Spec{Kind: KindReservationReminder},
	)
}
