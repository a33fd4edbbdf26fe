package mail

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail/mailtest"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestParseDSNReadsAPostfixBounce(t *testing.T) {
	id := "0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f"
	d, err := ParseDSN(mailtest.DSN(id, "ana@example.es", "failed", "5.1.1", true))
	if err != nil {
		t.Fatal(err)
	}
	if d.MessageID != "<"+id+"@vecinos.test>" {
		t.Errorf("Message-ID %q", d.MessageID)
	}
	if len(d.To) < 2 || d.To[0] != "bounces+"+id+"@vecinos.test" {
		t.Errorf("addressed to %v", d.To)
	}
	want := DSNRecipient{Recipient: "ana@example.es", Action: "failed", Status: "5.1.1",
		Diagnostic: "550 5.1.1 <ana@example.es>: Recipient address rejected: User unknown in virtual mailbox table"}
	if len(d.Recipients) != 1 || d.Recipients[0] != want {
		t.Fatalf("recipients %+v, want [%+v]", d.Recipients, want)
	}
	if !d.Recipients[0].Permanent() {
		t.Error("a failed 5.1.1 is not a hard bounce")
	}
	for _, bad := range []string{"", "Subject: hola\r\n\r\nnada", "Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n\r\nhola\r\n--x--\r\n"} {
		if _, err := ParseDSN([]byte(bad)); err == nil {
			t.Errorf("ParseDSN(%q) read a DSN", bad)
		}
	}
}

func TestReturnPathIsVERP(t *testing.T) {
	for addr, want := range map[string]string{
		"bounces@vecinos.test":           "bounces+abc@vecinos.test",
		"Rebotes <Bounces@Vecinos.test>": "bounces+abc@vecinos.test",
		"bounces+old@vecinos.test":       "bounces+abc@vecinos.test",
		"":                               "",
		"not an address":                 "",
	} {
		if got := ReturnPath(addr, "abc"); got != want {
			t.Errorf("ReturnPath(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestSMTPSenderSetsTheVERPReturnPath: with a bounce address, the envelope sender names the outbox row.
func TestSMTPSenderSetsTheVERPReturnPath(t *testing.T) {
	server := &testSMTP{}
	u := url.URL{Scheme: "smtp", Host: server.start(t)}
	s, err := newSMTPSender(u.String(), testFrom, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.SetBounceAddress("bounces@vecinos.test")
	m := confirmMail(t, "ana@example.com", "http://localhost:8080/confirmar?token=x")
	m.ID = "0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f"
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := server.messages()
	if len(got) != 1 || got[0].from != "bounces+0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f@vecinos.test" {
		t.Fatalf("envelope from %+v", got)
	}
	if p := parseMail(t, got[0].data); !strings.Contains(p.header.Get("From"), "no-reply@vecinos.test") {
		t.Fatalf("From %q: the header sender must stay", p.header.Get("From"))
	}
}

// TestBouncesAreRecordedOnTheirOutboxRow runs a DSN through Report on both engines: a hard bounce is
// recorded once on the row it names (by VERP or by Message-ID), a wrong secret is refused, a transient
// 4.x.x is not a bounce, and an unknown row or a push is ignored.
func TestBouncesAreRecordedOnTheirOutboxRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 28, 17, 0, 0, 0, time.UTC)
		queue := func(to string) string {
			if err := db.QueueMail(ctx, domain.Mail{To: to, Subject: "Junta", Text: "Convocatoria"}, at); err != nil {
				t.Fatal(err)
			}
			list, err := db.ListMail(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			return list[0].ID
		}
		record := func(id string) domain.MailRecord {
			list, err := db.ListMail(ctx, 50)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range list {
				if m.ID == id {
					return m
				}
			}
			t.Fatalf("no row %s", id)
			return domain.MailRecord{}
		}
		ana, luis, eva := queue("ana@example.es"), queue("luis@example.es"), queue("eva@example.es")
		for _, id := range []string{ana, luis} {
			if err := db.MarkMailSent(ctx, id, at.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		b := NewBounces(db, BounceOptions{Secret: "s3creto-largo", Address: "bounces@vecinos.test",
			Now: func() time.Time { return at.Add(time.Hour) }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})

		if _, err := b.Report(ctx, "otro", mailtest.DSN(ana, "ana@example.es", "failed", "5.1.1", true)); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("a wrong secret: %v, want forbidden", err)
		}
		if _, err := b.Report(ctx, "", mailtest.DSN(ana, "ana@example.es", "failed", "5.1.1", true)); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("no secret: %v, want forbidden", err)
		}
		if r := record(ana); r.BouncedAt != nil {
			t.Fatal("a refused report recorded a bounce")
		}
		if _, err := b.Report(ctx, "s3creto-largo", []byte("Subject: hola\r\n\r\nnada")); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("not a DSN: %v, want invalid", err)
		}
		// A 4.x.x is transient: the remote server will try again, or gave up on a full mailbox.
		rep, err := b.Report(ctx, "s3creto-largo", mailtest.DSN(ana, "ana@example.es", "failed", "4.2.2", true))
		if err != nil || *rep != (BounceReport{Transient: 1}) {
			t.Fatalf("a 4.2.2: %+v, %v", rep, err)
		}
		if rep, err = b.Report(ctx, "s3creto-largo", mailtest.DSN(ana, "ana@example.es", "delayed", "4.4.1", true)); err != nil || *rep != (BounceReport{Transient: 1}) {
			t.Fatalf("a delay: %+v, %v", rep, err)
		}
		if r := record(ana); r.BouncedAt != nil {
			t.Fatal("a transient failure was recorded as a bounce")
		}
		// By VERP.
		if rep, err = b.Report(ctx, "s3creto-largo", mailtest.DSN(ana, "ana@example.es", "failed", "5.1.1", true)); err != nil || *rep != (BounceReport{Recorded: 1}) {
			t.Fatalf("a 5.1.1: %+v, %v", rep, err)
		}
		r := record(ana)
		if r.BouncedAt == nil || !r.BouncedAt.Equal(at.Add(time.Hour)) || r.BounceStatus != "5.1.1" ||
			!strings.Contains(r.BounceDetail, "ana@example.es") || !strings.Contains(r.BounceDetail, "User unknown") {
			t.Fatalf("recorded %+v", r)
		}
		// Once only: the first bounce stays.
		if rep, err = b.Report(ctx, "s3creto-largo", mailtest.DSN(ana, "ana@example.es", "failed", "5.7.1", true)); err != nil || *rep != (BounceReport{Ignored: 1}) {
			t.Fatalf("a second bounce: %+v, %v", rep, err)
		}
		if r := record(ana); r.BounceStatus != "5.1.1" {
			t.Fatalf("the second bounce replaced the first: %+v", r)
		}
		// By Message-ID, without VERP.
		if rep, err = b.Report(ctx, "s3creto-largo", mailtest.DSN(luis, "luis@example.es", "failed", "5.2.1", false)); err != nil || *rep != (BounceReport{Recorded: 1}) {
			t.Fatalf("by Message-ID: %+v, %v", rep, err)
		}
		if r := record(luis); r.BouncedAt == nil || r.BounceStatus != "5.2.1" {
			t.Fatalf("recorded %+v", r)
		}
		// Unknown rows, a row not yet sent, and a DSN naming none are ignored, never an error.
		for name, raw := range map[string][]byte{
			"unknown row":  mailtest.DSN(domain.NewID(), "x@example.es", "failed", "5.1.1", true),
			"not yet sent": mailtest.DSN(eva, "eva@example.es", "failed", "5.1.1", true),
			"no row named": []byte(strings.ReplaceAll(string(mailtest.DSN("none", "x@example.es", "failed", "5.1.1", false)), "Message-ID: <none@vecinos.test>", "Message-ID: <123@elsewhere>")),
		} {
			if rep, err = b.Report(ctx, "s3creto-largo", raw); err != nil || *rep != (BounceReport{Ignored: 1}) {
				t.Errorf("%s: %+v, %v", name, rep, err)
			}
		}
		if r := record(eva); r.BouncedAt != nil {
			t.Fatal("an unsent email was recorded as bounced")
		}
		// Without a secret configured the endpoint is off.
		if _, err := NewBounces(db, BounceOptions{}).Report(ctx, "", mailtest.DSN(ana, "ana@example.es", "failed", "5.1.1", true)); domain.ErrorCode(err) != domain.CodeUnavailable {
			t.Fatalf("no secret configured: %v, want unavailable", err)
		}
	})
}
