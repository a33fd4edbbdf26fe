package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"vecinos/internal/domain"
)

// Kind names an email that Vecinos sends. Each feature declares its own kinds and registers them, with
// their texts, from its emails.go (Register; docs/adr/0039-feature-catalogues.md).
type Kind string

// Spec is an email a feature sends and what it must carry.
type Spec struct {
	Kind Kind
	// Link: it exists to carry a link with a single-use token; Compose refuses it without one, and its
	// texts must have a button and an expiry.
	Link bool
	// Body: it carries a title and a body someone wrote (a critical announcement); Compose refuses it
	// without them and shows the body's paragraphs.
	Body bool
}

// specs are the registered kinds.
var specs = map[Kind]Spec{}

// Register adds a feature's emails: texts holds one emails/<lang>.json per language, each with the message of
// every kind of specs ({"poll_opened": {"subject": …}}). Call it from an init function: a kind registered
// twice, a text missing in a language, or a message of no registered kind stops the program (and its
// tests) at start, not at the first email.
func Register(texts fs.FS, kinds ...Spec) {
	for _, k := range kinds {
		if _, ok := specs[k.Kind]; ok {
			panic(fmt.Sprintf("mail: the kind %s is registered twice", k.Kind))
		}
		specs[k.Kind] = k
	}
	for _, lang := range languages {
		raw, err := fs.ReadFile(texts, "emails/"+string(lang)+".json")
		if err != nil {
			panic(err)
		}
		var messages map[Kind]message
		if err := decodeStrict(raw, &messages); err != nil {
			panic(fmt.Sprintf("mail texts %s.json of %s: %v", lang, kinds[0].Kind, err))
		}
		for _, k := range kinds {
			m, ok := messages[k.Kind]
			if !ok || m.Subject.t == nil || m.Heading.t == nil || (k.Link && (m.Button.t == nil || m.Expiry.t == nil)) {
				panic(fmt.Sprintf("mail texts %s.json: %s lacks a subject, heading, button or expiry", lang, k.Kind))
			}
			catalogs[lang].Messages[k.Kind] = m
			delete(messages, k.Kind)
		}
		for k := range messages {
			panic(fmt.Sprintf("mail texts %s.json: %s is not a kind registered with them", lang, k))
		}
	}
}

// Kinds returns every registered kind, for the tests that render each one.
func Kinds() []Kind { return slices.Sorted(maps.Keys(specs)) }

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
	Messages map[Kind]message `json:"-"` // the features' (Register)
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

var languages = []domain.Language{domain.Spanish, domain.Catalan, domain.English}

// loadCatalogs reads the phrases every email shares, in every language, at start-up, so a broken
// translation stops the binary (and its tests) instead of an email.
func loadCatalogs() map[domain.Language]catalog {
	cs := map[domain.Language]catalog{}
	for _, lang := range languages {
		raw, err := templateFS.ReadFile("templates/" + string(lang) + ".json")
		if err != nil {
			panic(err)
		}
		c := catalog{Messages: map[Kind]message{}}
		if err := decodeStrict(raw, &c); err != nil {
			panic(fmt.Sprintf("mail templates %s.json: %v", lang, err))
		}
		cs[lang] = c
	}
	return cs
}

// decodeStrict decodes JSON refusing fields the texts do not have, so a misspelt one is not dropped.
func decodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
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
	spec := specs[kind]
	if spec.Link && d.Link == "" {
		return domain.Mail{}, fmt.Errorf("compose mail %s: the link is missing", kind)
	}
	if spec.Body && (strings.TrimSpace(d.Title) == "" || strings.TrimSpace(d.Body) == "") {
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
	if spec.Body {
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
