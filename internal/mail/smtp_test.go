package mail

import (
	"context"
	"net"
	"net/url"
	"strings"
	"testing"

	gomail "github.com/wneessen/go-mail"

	"vecinos/internal/domain"
)

const testFrom = "Vecinos <no-reply@vecinos.test>"

func confirmMail(t *testing.T, to, link string) domain.Mail {
	t.Helper()
	m, err := Compose(KindConfirmSignup, domain.Spanish, to, Data{Name: "Ana María", Link: link, CommunityName: "Comunidad Alcalá 12"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSMTPSenderDelivers(t *testing.T) {
	serverTLS, clientTLS := selfSignedTLS(t)
	userinfo := url.UserPassword("vecinos", "s3cré:t@/") // characters that must be escaped in a URL
	tests := []struct {
		name    string
		server  *testSMTP
		scheme  string
		user    *url.Userinfo
		wantTLS bool
	}{
		{name: "plain, no auth", server: &testSMTP{}, scheme: "smtp"},
		{name: "STARTTLS offered, no auth", server: &testSMTP{tls: serverTLS}, scheme: "smtp", wantTLS: true},
		{name: "auth after STARTTLS", server: &testSMTP{user: "vecinos", pass: "s3cré:t@/", tls: serverTLS}, scheme: "smtp", user: userinfo, wantTLS: true},
		{name: "auth on implicit TLS (smtps)", server: &testSMTP{user: "vecinos", pass: "s3cré:t@/", tls: serverTLS, implicit: true}, scheme: "smtps", user: userinfo, wantTLS: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := url.URL{Scheme: tt.scheme, User: tt.user, Host: tt.server.start(t)}
			s, err := newSMTPSender(u.String(), testFrom, clientTLS)
			if err != nil {
				t.Fatal(err)
			}
			link := "http://localhost:8080/confirmar?token=Zx9-long_token.value"
			m := confirmMail(t, "ana@example.com", link)
			m.ID = "0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f" // the outbox row
			if err := s.Send(context.Background(), m); err != nil {
				t.Fatal(err)
			}
			got := tt.server.messages()
			if len(got) != 1 {
				t.Fatalf("server received %d messages, want 1", len(got))
			}
			if got[0].from != "no-reply@vecinos.test" || len(got[0].to) != 1 || got[0].to[0] != "ana@example.com" || got[0].tls != tt.wantTLS {
				t.Fatalf("envelope from %q to %v, TLS %v; want TLS %v", got[0].from, got[0].to, got[0].tls, tt.wantTLS)
			}
			p := parseMail(t, got[0].data)
			if p.subject != "Confirma tu email en Vecinos" || p.header.Get("Auto-Submitted") != "auto-generated" ||
				!strings.Contains(p.header.Get("From"), "no-reply@vecinos.test") ||
				p.header.Get("Message-Id") != "<0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f@vecinos.test>" {
				t.Fatalf("headers %v, subject %q", p.header, p.subject)
			}
			if !strings.Contains(p.text, link) || !strings.Contains(p.text, "Hola, Ana María:") {
				t.Fatalf("text part lacks the link or the greeting:\n%s", p.text)
			}
			if !strings.Contains(p.html, `href="`+link+`"`) {
				t.Fatalf("HTML part lacks the link:\n%s", p.html)
			}
		})
	}
}

func TestSMTPSenderReportsFailures(t *testing.T) {
	serverTLS, clientTLS := selfSignedTLS(t)
	tests := []struct {
		name   string
		server *testSMTP
		user   *url.Userinfo
	}{
		{name: "wrong password", server: &testSMTP{user: "vecinos", pass: "right", tls: serverTLS}, user: url.UserPassword("vecinos", "wrong")},
		{name: "auth required, none configured", server: &testSMTP{user: "vecinos", pass: "right", tls: serverTLS}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := url.URL{Scheme: "smtp", User: tt.user, Host: tt.server.start(t)}
			s, err := newSMTPSender(u.String(), testFrom, clientTLS)
			if err != nil {
				t.Fatal(err)
			}
			err = s.Send(context.Background(), confirmMail(t, "ana@example.com", "http://localhost:8080/x"))
			if err == nil || len(tt.server.messages()) != 0 {
				t.Fatalf("err %v, %d messages delivered; want a failure", err, len(tt.server.messages()))
			}
			if strings.Contains(err.Error(), "wrong") {
				t.Fatalf("the error reveals the password: %v", err)
			}
		})
	}
}

func TestSMTPSenderRefusesPlainAuthOverTheNetwork(t *testing.T) {
	// A server without STARTTLS that the client believes to be remote (the dial still reaches the test
	// server on 127.0.0.1): the password must not cross the network in clear.
	server := testSMTP{user: "vecinos", pass: "secret"}
	addr := server.start(t)
	s, err := newSMTPSender("smtp://vecinos:secret@mail.vecinos.test", testFrom, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.opts = append(s.opts, gomail.WithDialContextFunc(func(ctx context.Context, network, _ string) (net.Conn, error) {
		return new(net.Dialer).DialContext(ctx, network, addr)
	}))
	if err := s.Send(context.Background(), confirmMail(t, "ana@example.com", "http://x/y")); err == nil {
		t.Fatal("credentials were sent over an unencrypted connection")
	}
	if len(server.messages()) != 0 {
		t.Fatal("a message was delivered without authentication")
	}
}

func TestNewSMTPSenderValidates(t *testing.T) {
	tests := []struct{ name, url, from string }{
		{"no scheme", "mail.example.com:587", testFrom},
		{"http scheme", "http://mail.example.com", testFrom},
		{"no host", "smtp://user:pass@:587", testFrom},
		{"bad port", "smtp://user:hunter2@mail.example.com:abc", testFrom},
		{"bad from", "smtp://mail.example.com", "Vecinos"},
		{"unparseable", "smtp://user:hunter2@[::1", testFrom},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewSMTPSender(tt.url, tt.from)
			if err == nil {
				t.Fatal("accepted")
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("the error reveals the password: %v", err)
			}
		})
	}
	for _, ok := range []string{"smtp://mail.example.com", "smtps://u:p@mail.example.com:2465", "smtp://user%40example.com:p%2Fw@mail.example.com:25"} {
		if _, err := NewSMTPSender(ok, testFrom); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
