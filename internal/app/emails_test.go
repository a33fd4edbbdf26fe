package app

import (
	"reflect"
	"strings"
	"testing"

	"vecinos/internal/announcements"
	"vecinos/internal/auth"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/memberships"
)

// Each feature registers its emails with their texts (docs/adr/0039-feature-catalogues.md), so the tests
// of every kind, and of the texts of a few, run here, where every feature is linked.

var mailLanguages = []domain.Language{domain.Spanish, domain.Catalan, domain.English}

// fullData sets every field, so each kind shows everything it can.
func fullData(name string) mail.Data {
	return mail.Data{
		Name:          name,
		Link:          "http://localhost:8080/confirmar?token=Zx9_-abc&lang=es",
		CommunityName: "Comunidad Alcalá 12",
		Title:         "Corte de agua",
		Body:          "El martes se corta el agua\nde 9 a 14 h.\n\nDisculpad las molestias.",
		Note:          "No se lee la fecha",
		NewEmail:      "ana.nueva@example.es",
	}
}

func TestTheRejectionGivesTheReasonOnlyWhenThereIsOne(t *testing.T) {
	d := fullData("Luis")
	m, err := mail.Compose(memberships.KindVerificationRejected, domain.Spanish, "luis@example.es", d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Motivo: No se lee la fecha") || !strings.Contains(m.HTML, "Motivo: No se lee la fecha") {
		t.Fatalf("the reason is missing:\n%s", m.Text)
	}
	d.Note = ""
	if m, err = mail.Compose(memberships.KindVerificationRejected, domain.Spanish, "luis@example.es", d); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, "Motivo") || strings.Contains(m.HTML, `<p style="margin:0 0 16px;"></p>`) {
		t.Fatalf("an empty reason leaves a trace:\n%s", m.Text)
	}
}

func TestEveryKindRendersInEveryLanguage(t *testing.T) {
	const evil = `<script>alert("x")</script> & Co`
	for _, kind := range mail.Kinds() {
		subjects := map[string]domain.Language{}
		for _, lang := range mailLanguages {
			t.Run(string(kind)+"/"+string(lang), func(t *testing.T) {
				d := fullData(evil)
				m, err := mail.Compose(kind, lang, "ana@example.com", d)
				if err != nil {
					t.Fatal(err)
				}
				if m.To != "ana@example.com" || m.Subject == "" || strings.ContainsAny(m.Subject, "\r\n") {
					t.Fatalf("to %q, subject %q", m.To, m.Subject)
				}
				if other, dup := subjects[m.Subject]; dup {
					t.Errorf("subject %q is the same in %s and %s", m.Subject, other, lang)
				}
				subjects[m.Subject] = lang
				if !strings.Contains(m.HTML, `<html lang="`+string(lang)+`">`) || !strings.Contains(m.HTML, "Vecinos") ||
					!strings.Contains(m.HTML, "Comunidad Alcalá 12") || !strings.Contains(m.Text, "Comunidad Alcalá 12") {
					t.Errorf("the app or the community name is missing")
				}
				if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co") {
					t.Errorf("the name is not escaped in the HTML:\n%s", m.HTML)
				}
				if !strings.Contains(m.Text, evil) {
					t.Errorf("the text body mangles the name:\n%s", m.Text)
				}
				if kind == auth.KindAccountDeleted {
					if strings.Contains(m.Text, d.Link) || strings.Contains(m.HTML, "href=") {
						t.Errorf("the account-deleted email carries a link")
					}
					return
				}
				escapedLink := strings.ReplaceAll(d.Link, "&", "&amp;")
				if !strings.Contains(m.Text, d.Link) || !strings.Contains(m.HTML, `href="`+escapedLink+`"`) ||
					!strings.Contains(m.HTML, ">"+escapedLink+"</a>") {
					t.Errorf("the link is missing as a button or as plain text:\n%s\n%s", m.Text, m.HTML)
				}
				if !reflect.DeepEqual(mail.Links(m.Text), []string{d.Link}) {
					t.Errorf("links in the text body: %q, want only %q", mail.Links(m.Text), d.Link)
				}
			})
		}
	}
}

func TestExpiryIsStated(t *testing.T) {
	tests := []struct {
		kind mail.Kind
		want map[domain.Language]string
	}{
		{auth.KindConfirmSignup, map[domain.Language]string{domain.Spanish: "24 horas", domain.Catalan: "24 hores", domain.English: "24 hours"}},
		{auth.KindResetPassword, map[domain.Language]string{domain.Spanish: "1 hora ", domain.Catalan: "1 hora ", domain.English: "1 hour "}},
		{auth.KindConfirmEmailChange, map[domain.Language]string{domain.Spanish: "24 horas", domain.Catalan: "24 hores", domain.English: "24 hours"}},
	}
	for _, tt := range tests {
		for lang, want := range tt.want {
			m, err := mail.Compose(tt.kind, lang, "ana@example.com", mail.Data{Link: "https://vecinos.example/x"})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
				t.Errorf("%s/%s does not say %q", tt.kind, lang, want)
			}
		}
	}
}

func TestSpanishSubjects(t *testing.T) {
	tests := []struct {
		kind mail.Kind
		want string
	}{
		{auth.KindConfirmSignup, "Confirma tu email en Vecinos"},
		{auth.KindResetPassword, "Restablece tu contraseña de Vecinos"},
		{auth.KindConfirmEmailChange, "Confirma tu nuevo email"},
		{auth.KindEmailChangeNotice, "Aviso: se ha pedido cambiar el email de tu cuenta"},
		{auth.KindAccountDeleted, "Tu cuenta de Vecinos ha sido eliminada"},
		{announcements.KindAnnouncement, "Aviso importante: Corte de agua"},
	}
	for _, tt := range tests {
		m, err := mail.Compose(tt.kind, domain.Spanish, "ana@example.com", fullData("Ana"))
		if err != nil || m.Subject != tt.want {
			t.Errorf("%s: subject %q (err %v), want %q", tt.kind, m.Subject, err, tt.want)
		}
	}
}

func TestComposeOptionalData(t *testing.T) {
	m, err := mail.Compose(auth.KindConfirmSignup, domain.Spanish, "ana@example.com", mail.Data{Link: "https://vecinos.example/x"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Text, "Hola:\n") || strings.Contains(m.Text, "«") || strings.Contains(m.Text, "<no value>") {
		t.Errorf("without a name or community:\n%s", m.Text)
	}
	m, err = mail.Compose(announcements.KindAnnouncement, domain.Spanish, "ana@example.com", mail.Data{Title: "Junta\r\nextraordinaria", Body: "El jueves a las 19 h."})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Aviso importante: Junta extraordinaria" || strings.Contains(m.HTML, "href=") {
		t.Errorf("announcement without a link: subject %q\n%s", m.Subject, m.HTML)
	}
	if m, err := mail.Compose(auth.KindResetPassword, "de", "ana@example.com", mail.Data{Link: "https://vecinos.example/x"}); err != nil || m.Subject != "Restablece tu contraseña de Vecinos" {
		t.Errorf("an unknown language: subject %q (err %v), want Spanish", m.Subject, err)
	}
}

func TestComposeRefusesMissingData(t *testing.T) {
	tests := []struct {
		name string
		kind mail.Kind
		d    mail.Data
	}{
		{"confirmation without link", auth.KindConfirmSignup, mail.Data{Name: "Ana"}},
		{"reset without link", auth.KindResetPassword, mail.Data{}},
		{"email change without link", auth.KindConfirmEmailChange, mail.Data{}},
		{"announcement without title", announcements.KindAnnouncement, mail.Data{Body: "Texto"}},
		{"announcement without body", announcements.KindAnnouncement, mail.Data{Title: "Aviso", Body: " \n"}},
		{"unknown kind", mail.Kind("newsletter"), mail.Data{Link: "https://vecinos.example/x"}},
	}
	for _, tt := range tests {
		if _, err := mail.Compose(tt.kind, domain.Spanish, "ana@example.com", tt.d); err == nil {
			t.Errorf("%s: composed", tt.name)
		}
	}
}
