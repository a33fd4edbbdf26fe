package domain

import "time"

// ConsentVersion is the version of the terms and the privacy policy in force. Change it when either text
// changes: every member is asked to accept the new version the next time they open the app, and each
// acceptance is kept (RGPD art. 7.1: the controller must be able to show the consent).
const ConsentVersion = "2026-11-24"

// Consent is one acceptance of the terms and the privacy policy.
type Consent struct {
	Version    string
	AcceptedAt time.Time
}

// DataSection is one part of a member's personal data export (RGPD arts. 15 and 20): the rows of one kind
// of record that are about the member, column by column.
type DataSection struct {
	Name string
	Rows []map[string]any
}
