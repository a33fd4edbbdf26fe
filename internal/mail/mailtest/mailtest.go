// Package mailtest has what tests of the mail's features share: a real delivery-status notification.
package mailtest

import (
	_ "embed"
	"strings"
)

// dsn is a Postfix delivery-status notification (RFC 3464, multipart/report) as a mail server hands it
// to a pipe, with {{ID}} for the outbox row, {{TO}} for the recipient, {{ACTION}} and {{STATUS}}.
//
//go:embed dsn-postfix.eml
var dsn string

// DSN is the Postfix DSN for the outbox row id sent to to, with its action (failed, delayed) and status
// (5.1.1, 4.2.2). With verp it is addressed to bounces+<id>@vecinos.test (the VERP envelope sender of
// a server whose VECINOS_BOUNCE_ADDRESS is bounces@vecinos.test); without, to no-reply@vecinos.test,
// and only the returned headers' Message-ID, <id@vecinos.test>, names the row.
func DSN(id, to, action, status string, verp bool) []byte {
	s := dsn
	if !verp {
		s = strings.ReplaceAll(s, "bounces+{{ID}}@vecinos.test", "no-reply@vecinos.test")
	}
	return []byte(strings.NewReplacer("{{ID}}", id, "{{TO}}", to, "{{ACTION}}", action, "{{STATUS}}", status).Replace(s))
}
