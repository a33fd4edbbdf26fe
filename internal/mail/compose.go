package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"regexp"
	"strings"
	"text/template"

	"vecinos/internal/domain"
)

// Kind names an email that Vecinos sends.
type Kind string

const (
	KindConfirmSignup      Kind = "confirm_signup"
	KindResetPassword      Kind = "reset_password"
	KindConfirmEmailChange Kind = "confirm_email_change"
	KindEmailChangeNotice  Kind = "email_change_notice" // to the old address, with the link that cancels the change
	KindAccountDeleted     Kind = "account_deleted"
	KindAnnouncement       Kind = "announcement" // a critical announcement of the community
	// The outcome of a member's verification document, decided by an admin.
	KindVerificationApproved Kind = "verification_approved"
	KindVerificationRejected Kind = "verification_rejected"
	// The outcome of a request to join a community found by searching.
	KindJoinApproved Kind = "join_approved"
	KindJoinRejected Kind = "join_rejected"

	// Issue #21: an admin's invitation to a neighbour, and the one to the president somebody named when
	// registering the community.
	KindInvitation          Kind = "invitation"
	KindPresidentInvitation Kind = "president_invitation"
	// Issue #21: an admin confirmed or rejected a member's claim to a unit (to live in or own it).
	KindUnitClaimApproved Kind = "unit_claim_approved"
	KindUnitClaimRejected Kind = "unit_claim_rejected"

	// Issue #15: a poll opened or closed; the absent owners' notice of an agreement (art. 17.8 LPH, with
	// the 30 days to object); and the final result when those 30 days end.
	KindPollOpened Kind = "poll_opened"
	KindPollClosed Kind = "poll_closed"
	KindPollAbsent Kind = "poll_absent"
	KindPollFinal  Kind = "poll_final"

	// Issue #13: a reservation of a facility approved, rejected or cancelled by an admin, and the reminder
	// the day before.
	KindReservationApproved  Kind = "reservation_approved"
	KindReservationRejected  Kind = "reservation_rejected"
	KindReservationCancelled Kind = "reservation_cancelled"
	KindReservationReminder  Kind = "reservation_reminder"

	KindNewDocument Kind = "new_document" // a new acta or accounts in the community's archive

	KindNewReceipt Kind = "new_receipt" // issue #36: a receipt issued to an owner
)

var kinds = []Kind{KindConfirmSignup, KindResetPassword, KindConfirmEmailChange, KindEmailChangeNotice, KindAccountDeleted, KindAnnouncement,
	KindVerificationApproved, KindVerificationRejected, KindJoinApproved, KindJoinRejected, KindInvitation, KindPresidentInvitation,
	KindUnitClaimApproved, KindUnitClaimRejected, KindPollOpened, KindPollClosed, KindPollAbsent, KindPollFinal,
	KindReservationApproved, KindReservationRejected, KindReservationCancelled, KindReservationReminder, KindNewDocument, KindNewReceipt}

// needsLink tells the kinds that exist to carry a link (with a single-use token).
func (k Kind) needsLink() bool {
	return k == KindConfirmSignup || k == KindResetPassword || k == KindConfirmEmailChange || k == KindEmailChangeNotice ||
		k == KindInvitation || k == KindPresidentInvitation
}

// Data fills the templates. Only what a kind uses needs to be set: Link for the confirmations and the
// password reset, Title and Body for an announcement; the rest is optional.
type Data struct {
	Name          string // the recipient's name
	Link          string // absolute URL
	CommunityName string
	Title         string // announcement or poll title
	Body          string // announcement text; blank lines separate paragraphs
	Note          string // the admin's reason for rejecting a verification or a join request; a poll's result
	NewEmail      string // the address an email change asks for (the notice to the old address)
	Inviter       string // who invites (an invitation), or who registered the community (the president's)
	Unit          string // the unit an invitation is for ('2º · B'); optional
	Code          string // the community's code, to type in by hand
	Date          string // a poll's closing date, or the end of its objection period ('24/12/2026')
	When          string // a reservation's local date and hours ('24/12/2026, 18:00–20:00')
}

// The texts of each language live in templates/<lang>.json; two layouts, HTML and plain text, turn them
// into an email. Keeping the wording apart from the markup lets a translator work on plain sentences.
//
//go:embed templates
var templateFS embed.FS

var (
	catalogs   = loadCatalogs()
	htmlLayout = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/layout.html"))
	textLayout = template.Must(template.ParseFS(templateFS, "templates/layout.txt"))
)

type catalog struct {
	Greeting phrase           `json:"greeting"`
	LinkHelp phrase           `json:"linkHelp"`
	Footer   phrase           `json:"footer"`
	Messages map[Kind]message `json:"messages"`
}

type message struct {
	Subject    phrase   `json:"subject"`
	Preheader  phrase   `json:"preheader"` // the preview line that mail clients show after the subject
	Heading    phrase   `json:"heading"`
	Paragraphs []phrase `json:"paragraphs"`
	Button     phrase   `json:"button"`
	Expiry     phrase   `json:"expiry"`
	Ignore     phrase   `json:"ignore"` // what to do if the recipient did not ask for this
}

// phrase is one translated sentence, a text/template over Data (e.g. "Hola{{with .Name}}, {{.}}{{end}}:").
// It renders to plain text; the HTML layout escapes it.
type phrase struct{ t *template.Template }

func (p *phrase) UnmarshalText(b []byte) (err error) {
	p.t, err = template.New("").Option("missingkey=error").Parse(string(b))
	return err
}

func (p phrase) render(d Data) (string, error) {
	if p.t == nil {
		return "", nil
	}
	var b strings.Builder
	err := p.t.Execute(&b, d)
	return b.String(), err
}

// loadCatalogs reads every language at start-up, so a broken or incomplete translation stops the binary
// (and its tests) instead of an email.
func loadCatalogs() map[domain.Language]catalog {
	cs := map[domain.Language]catalog{}
	for _, lang := range []domain.Language{domain.Spanish, domain.Catalan, domain.English} {
		raw, err := templateFS.ReadFile("templates/" + string(lang) + ".json")
		if err != nil {
			panic(err)
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var c catalog
		if err := dec.Decode(&c); err != nil {
			panic(fmt.Sprintf("mail templates %s.json: %v", lang, err))
		}
		for _, k := range kinds {
			m, ok := c.Messages[k]
			if !ok || m.Subject.t == nil || m.Heading.t == nil || (k.needsLink() && (m.Button.t == nil || m.Expiry.t == nil)) {
				panic(fmt.Sprintf("mail templates %s.json: %s lacks a subject, heading, button or expiry", lang, k))
			}
		}
		cs[lang] = c
	}
	return cs
}

// view is what the layouts show, already in the recipient's language.
type view struct {
	Lang, Subject, Preheader, CommunityName, Heading, Greeting string
	Paragraphs, Body                                           []string
	Button, Link, Expiry, LinkHelp, Ignore, Footer             string
}

var blankLines = regexp.MustCompile(`\n[ \t]*\n\s*`)

// Compose writes the email of kind for to, in lang (Spanish when the language is unknown), as plain text
// and HTML.
func Compose(kind Kind, lang domain.Language, to string, d Data) (domain.Mail, error) {
	c, ok := catalogs[lang]
	if !ok {
		lang, c = domain.Spanish, catalogs[domain.Spanish]
	}
	m, ok := c.Messages[kind]
	if !ok {
		return domain.Mail{}, fmt.Errorf("compose mail: unknown kind %q", kind)
	}
	if kind.needsLink() && d.Link == "" {
		return domain.Mail{}, fmt.Errorf("compose mail %s: the link is missing", kind)
	}
	if kind == KindAnnouncement && (strings.TrimSpace(d.Title) == "" || strings.TrimSpace(d.Body) == "") {
		return domain.Mail{}, fmt.Errorf("compose mail %s: the title or the body is missing", kind)
	}

	v := view{Lang: string(lang), CommunityName: d.CommunityName}
	var errs []error
	render := func(p phrase) string {
		s, err := p.render(d)
		errs = append(errs, err)
		return s
	}
	// A subject is one header line, whatever an announcement title contains.
	v.Subject = strings.Join(strings.Fields(render(m.Subject)), " ")
	v.Preheader, v.Heading, v.Greeting = render(m.Preheader), render(m.Heading), render(c.Greeting)
	for _, p := range m.Paragraphs {
		// A paragraph made only of optional data ({{with .Note}}…) is left out when that data is.
		if s := render(p); s != "" {
			v.Paragraphs = append(v.Paragraphs, s)
		}
	}
	if kind == KindAnnouncement {
		body := strings.TrimSpace(strings.ReplaceAll(d.Body, "\r\n", "\n"))
		v.Body = blankLines.Split(body, -1)
	}
	if d.Link != "" {
		v.Button, v.Link, v.Expiry, v.LinkHelp = render(m.Button), d.Link, render(m.Expiry), render(c.LinkHelp)
	}
	v.Ignore, v.Footer = render(m.Ignore), render(c.Footer)

	var text, html bytes.Buffer
	errs = append(errs, textLayout.Execute(&text, v), htmlLayout.Execute(&html, v))
	for _, err := range errs {
		if err != nil {
			return domain.Mail{}, fmt.Errorf("compose mail %s (%s): %w", kind, lang, err)
		}
	}
	return domain.Mail{To: to, Subject: v.Subject, Text: text.String(), HTML: html.String()}, nil
}
