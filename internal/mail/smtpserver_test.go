package mail

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// testSMTP is a real SMTP server on 127.0.0.1 that keeps what it receives.
type testSMTP struct {
	user, pass string      // when set, mail is accepted only after AUTH PLAIN with these
	tls        *tls.Config // when set, STARTTLS is offered
	implicit   bool        // the listener speaks TLS from the first byte (smtps)

	mu  sync.Mutex
	got []received
}

type received struct {
	from string
	to   []string
	data []byte
	tls  bool // the message came over an encrypted connection
}

// serve starts s on ln and stops it when the test ends.
func (s *testSMTP) serve(t *testing.T, ln net.Listener) {
	t.Helper()
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &testSession{server: s, conn: c}, nil
	}))
	srv.Domain = "smtp.vecinos.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.AllowInsecureAuth = s.tls == nil
	if s.implicit {
		ln = tls.NewListener(ln, s.tls)
	} else {
		srv.TLSConfig = s.tls
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
}

// start serves s on a new port and returns its address.
func (s *testSMTP) start(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.serve(t, ln)
	return ln.Addr().String()
}

func (s *testSMTP) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

type testSession struct {
	server *testSMTP
	conn   *smtp.Conn
	authed bool
	msg    received
}

func (ss *testSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *testSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != ss.server.user || pass != ss.server.pass {
			return smtp.ErrAuthFailed
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *testSession) Mail(from string, _ *smtp.MailOptions) error {
	if ss.server.user != "" && !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.msg = received{from: from}
	return nil
}

func (ss *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.msg.to = append(ss.msg.to, to)
	return nil
}

func (ss *testSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.msg.data = data
	_, ss.msg.tls = ss.conn.TLSConnectionState()
	ss.server.mu.Lock()
	ss.server.got = append(ss.server.got, ss.msg)
	ss.server.mu.Unlock()
	return nil
}

func (ss *testSession) Reset()        { ss.msg = received{} }
func (ss *testSession) Logout() error { return nil }

// parsedMail is a received message taken apart the way a mail client would.
type parsedMail struct {
	header     netmail.Header
	subject    string
	text, html string
}

func parseMail(t *testing.T, data []byte) parsedMail {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := parsedMail{header: msg.Header}
	if p.subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatal(err)
	}
	if err := p.walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body); err != nil {
		t.Fatalf("parse MIME: %v\n%s", err, data)
	}
	return p
}

// walk collects the text and HTML parts of a MIME tree. multipart.Reader decodes quoted-printable parts.
func (p *parsedMail) walk(contentType, encoding string, body io.Reader) error {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return err
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := p.walk(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"), part); err != nil {
				return err
			}
		}
	}
	if encoding != "" && !strings.EqualFold(encoding, "7bit") && !strings.EqualFold(encoding, "8bit") {
		return errors.New("unexpected transfer encoding " + encoding)
	}
	b, err := io.ReadAll(body)
	switch mediaType {
	case "text/plain":
		p.text = string(b)
	case "text/html":
		p.html = string(b)
	}
	return err
}

// selfSignedTLS returns a server configuration for 127.0.0.1 and a client configuration that trusts it.
func selfSignedTLS(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}},
		&tls.Config{RootCAs: pool}
}
