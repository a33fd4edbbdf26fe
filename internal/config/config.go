// Package config reads Vecinos' settings from VECINOS_* environment variables and matching flags; flags
// win. Every setting is declared once, in settings(), which also produces the --help text.
package config

import (
	"flag"
	"fmt"
	"io"
	"net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Config is everything an instance needs to know. The zero configuration is the embedded default:
// SQLite and files in ./data, the dev mailbox, listening on :8080.
type Config struct {
	Addr                 string
	DataDir              string
	DatabaseURL          string
	PublicURL            string
	SMTPURL              string
	MailFrom             string
	SupportEmail         string
	StorageURL           string
	Dev                  bool
	GoogleClientID       string
	GoogleClientSecret   string
	FacebookClientID     string
	FacebookClientSecret string
	LogLevel             string
	LogFormat            string
	MetricsAddr          string // a listener of its own for /metrics; empty = off
	// BounceSecret authenticates the posts of delivery-status notifications to the bounce endpoint
	// (VECINOS_BOUNCE_SECRET; empty: the endpoint is off). Never logged.
	BounceSecret string
	// BounceAddress, when set, is the envelope sender of outgoing email in its VERP form,
	// bounces+<outbox row>@domain (VECINOS_BOUNCE_ADDRESS); empty: the From's address.
	BounceAddress string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For or Forwarded header tells the client's
	// address (VECINOS_TRUSTED_PROXIES, comma-separated CIDRs; a bare address is one host). Empty: the
	// client is the TCP peer.
	TrustedProxies []netip.Prefix
	trustedProxies string
	// DocumentMaxBytes is the size limit of a file of the community's archive (VECINOS_DOCUMENT_MAX_MB,
	// in MB).
	DocumentMaxBytes int64
	documentMaxMB    string
	// PushHosts, when set, are the only push services the server posts web pushes to
	// (VECINOS_PUSH_HOSTS, comma-separated host suffixes: "fcm.googleapis.com" also takes its
	// subdomains). Empty: any https host on a public address.
	PushHosts []string
	pushHosts string
}

type setting struct {
	env, flag, def, help string
	str                  *string
	boolean              *bool
}

func (c *Config) settings() []setting {
	return []setting{
		{env: "VECINOS_ADDR", flag: "addr", def: ":8080", help: "listen address", str: &c.Addr},
		{env: "VECINOS_DATA_DIR", flag: "data-dir", def: "./data", help: "SQLite file, local files, anything on disk", str: &c.DataDir},
		{env: "VECINOS_DATABASE_URL", flag: "database-url", help: "empty = SQLite in the data dir; postgres://… selects PostgreSQL", str: &c.DatabaseURL},
		{env: "VECINOS_PUBLIC_URL", flag: "public-url", def: "http://localhost:8080", help: "base of links in emails and invitation links", str: &c.PublicURL},
		{env: "VECINOS_SMTP_URL", flag: "smtp-url", help: "empty = dev mailbox; smtp://user:pass@host:port (STARTTLS when offered) or smtps://… (implicit TLS)", str: &c.SMTPURL},
		{env: "VECINOS_MAIL_FROM", flag: "mail-from", def: "Vecinos <no-reply@localhost>", help: "sender of emails", str: &c.MailFrom},
		{env: "VECINOS_SUPPORT_EMAIL", flag: "support-email", help: "address of the app's 'Soporte' link; empty = the address of VECINOS_MAIL_FROM unless it is a no-reply one", str: &c.SupportEmail},
		{env: "VECINOS_STORAGE_URL", flag: "storage-url", help: "empty = files in the data dir; s3://bucket?endpoint=…&region=…", str: &c.StorageURL},
		{env: "VECINOS_DEV", flag: "dev", help: "dev-only helpers: the dev mailbox at /dev/mailbox (without SMTP) and the 'Crear usuario test' button", boolean: &c.Dev},
		{env: "VECINOS_TRUSTED_PROXIES", flag: "trusted-proxies", help: "comma-separated CIDRs of reverse proxies whose X-Forwarded-For/Forwarded give the client address; empty = the TCP peer", str: &c.trustedProxies},
		{env: "VECINOS_GOOGLE_CLIENT_ID", flag: "google-client-id", help: "Google sign-in; empty = off", str: &c.GoogleClientID},
		{env: "VECINOS_GOOGLE_CLIENT_SECRET", flag: "google-client-secret", help: "Google sign-in secret", str: &c.GoogleClientSecret},
		{env: "VECINOS_FACEBOOK_CLIENT_ID", flag: "facebook-client-id", help: "Facebook sign-in; empty = off", str: &c.FacebookClientID},
		{env: "VECINOS_FACEBOOK_CLIENT_SECRET", flag: "facebook-client-secret", help: "Facebook sign-in secret", str: &c.FacebookClientSecret},
		{env: "VECINOS_LOG_LEVEL", flag: "log-level", def: "info", help: "debug, info, warn or error", str: &c.LogLevel},
		{env: "VECINOS_LOG_FORMAT", flag: "log-format", def: "text", help: "text or json", str: &c.LogFormat},
		{env: "VECINOS_METRICS_ADDR", flag: "metrics-addr", help: "listen address of /metrics (Prometheus), e.g. 127.0.0.1:9090; empty = off", str: &c.MetricsAddr},
		{env: "VECINOS_PUSH_HOSTS", flag: "push-hosts", help: "comma-separated host suffixes of the only push services web pushes go to (e.g. fcm.googleapis.com,push.services.mozilla.com); empty = any https host on a public address", str: &c.pushHosts},
		{env: "VECINOS_BOUNCE_SECRET", flag: "bounce-secret", help: "secret of POST /api/v1/mail/bounces (delivery-status notifications, RFC 3464); empty = off", str: &c.BounceSecret},
		{env: "VECINOS_BOUNCE_ADDRESS", flag: "bounce-address", help: "envelope sender of emails, as bounces+<id>@domain (VERP) so bounces name their email; empty = the sender's address", str: &c.BounceAddress},
		{env: "VECINOS_DOCUMENT_MAX_MB", flag: "document-max-mb", def: "20", help: "size limit in MB of a file of the community's documents", str: &c.documentMaxMB},
	}
}

// Load reads the environment (through getenv) and then args. It returns the remaining arguments.
func Load(fs *flag.FlagSet, args []string, getenv func(string) string) (*Config, []string, error) {
	c := &Config{}
	for _, s := range c.settings() {
		v := s.def
		if e := getenv(s.env); e != "" {
			v = e
		}
		if s.boolean != nil {
			b, _ := strconv.ParseBool(v)
			fs.BoolVar(s.boolean, s.flag, b, s.help)
		} else {
			fs.StringVar(s.str, s.flag, v, s.help)
		}
	}
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	return c, fs.Args(), c.validate()
}

func (c *Config) validate() error {
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("VECINOS_PUBLIC_URL must be an http(s) URL, got %q", c.PublicURL)
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	if c.SupportEmail != "" {
		a, err := mail.ParseAddress(c.SupportEmail)
		if err != nil {
			return fmt.Errorf("VECINOS_SUPPORT_EMAIL must be an email address, got %q", c.SupportEmail)
		}
		c.SupportEmail = a.Address
	}
	if c.BounceSecret != "" && len(c.BounceSecret) < 16 {
		return fmt.Errorf("VECINOS_BOUNCE_SECRET must be at least 16 characters long")
	}
	if c.BounceAddress != "" {
		a, err := mail.ParseAddress(c.BounceAddress)
		if err != nil || strings.Contains(a.Address, "+") {
			return fmt.Errorf("VECINOS_BOUNCE_ADDRESS must be an email address without '+', got %q", c.BounceAddress)
		}
		c.BounceAddress = a.Address
	}
	proxies, err := ParsePrefixes(c.trustedProxies)
	if err != nil {
		return fmt.Errorf("VECINOS_TRUSTED_PROXIES: %w", err)
	}
	c.TrustedProxies = proxies
	switch c.LogFormat {
	case "text", "json":
	default:
		return fmt.Errorf("VECINOS_LOG_FORMAT must be text or json, got %q", c.LogFormat)
	}
	n, err := strconv.Atoi(strings.TrimSpace(c.documentMaxMB))
	if err != nil || n < 1 || n > 1024 {
		return fmt.Errorf("VECINOS_DOCUMENT_MAX_MB must be a number of MB from 1 to 1024, got %q", c.documentMaxMB)
	}
	c.DocumentMaxBytes = int64(n) << 20
	hosts, err := parseHosts(c.pushHosts)
	if err != nil {
		return fmt.Errorf("VECINOS_PUSH_HOSTS: %w", err)
	}
	c.PushHosts = hosts
	return nil
}

// ParsePrefixes reads a comma-separated list of CIDRs ("10.0.0.0/8, ::1"); a bare address is one host.
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			a, err := netip.ParseAddr(item)
			if err != nil {
				return nil, fmt.Errorf("%q is neither a CIDR nor an address", item)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR", item)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// parseHosts reads a comma-separated list of host names ("fcm.googleapis.com, .push.apple.com"), in lower
// case, without leading or trailing dots.
func parseHosts(list string) ([]string, error) {
	var out []string
	for item := range strings.SplitSeq(list, ",") {
		h := strings.Trim(strings.ToLower(strings.TrimSpace(item)), ".")
		if h == "" {
			continue
		}
		if strings.ContainsAny(h, "/:@ *") || strings.Contains(h, "..") {
			return nil, fmt.Errorf("%q is not a host name", strings.TrimSpace(item))
		}
		out = append(out, h)
	}
	return out, nil
}

// SupportAddress is where the app's 'Soporte' link writes: VECINOS_SUPPORT_EMAIL, or else the sender's
// address, which is the one an operator who set up email already answers — unless it is a no-reply
// address, when there is none ("": the link opens an email with only its subject).
func (c *Config) SupportAddress() string {
	if c.SupportEmail != "" {
		return c.SupportEmail
	}
	a, err := mail.ParseAddress(c.MailFrom)
	if err != nil {
		return ""
	}
	local, _, _ := strings.Cut(strings.ToLower(a.Address), "@")
	if strings.ReplaceAll(strings.ReplaceAll(local, "-", ""), "_", "") == "noreply" {
		return ""
	}
	return a.Address
}

// SecureCookies reports whether cookies must be marked Secure (the public URL is https).
func (c *Config) SecureCookies() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// Usage writes the table of settings for --help.
func Usage(w io.Writer) {
	var c Config
	fmt.Fprintln(w, "Settings (environment variable, flag, default):")
	for _, s := range c.settings() {
		def := s.def
		if def == "" {
			def = "(empty)"
		}
		fmt.Fprintf(w, "  %-32s --%-24s %s\n      %s\n", s.env, s.flag, def, s.help)
	}
}
