package config

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
)

func load(t *testing.T, env map[string]string, args ...string) (*Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c, _, err := Load(fs, args, func(k string) string { return env[k] })
	return c, err
}

func TestDefaultsAreTheEmbeddedSetup(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "" || c.SMTPURL != "" || c.Dev || c.SecureCookies() {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestFlagsOverrideEnvironment(t *testing.T) {
	c, err := load(t, map[string]string{"VECINOS_ADDR": ":9000", "VECINOS_DEV": "1", "VECINOS_PUBLIC_URL": "https://vecinos.example/"}, "--addr", ":9100")
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9100" || !c.Dev || c.PublicURL != "https://vecinos.example" || !c.SecureCookies() {
		t.Fatalf("got %+v", c)
	}
}

func TestTrustedProxiesAreAListOfCIDRs(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || len(c.TrustedProxies) != 0 {
		t.Fatalf("default: %v (err %v), want none", c.TrustedProxies, err)
	}
	c, err = load(t, map[string]string{"VECINOS_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8"}, "--trusted-proxies", "192.168.1.7/24, ::1")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.TrustedProxies); got != "[192.168.1.0/24 ::1/128]" {
		t.Fatalf("the flag wins: %s", got)
	}
	if _, err := load(t, map[string]string{"VECINOS_TRUSTED_PROXIES": "10.0.0.0/33"}); err == nil {
		t.Fatal("accepted a bad CIDR")
	}
	if _, err := load(t, map[string]string{"VECINOS_TRUSTED_PROXIES": "proxy.local"}); err == nil {
		t.Fatal("accepted a host name")
	}
}

func TestRejectsBadPublicURL(t *testing.T) {
	if _, err := load(t, map[string]string{"VECINOS_PUBLIC_URL": "vecinos.example"}); err == nil {
		t.Fatal("accepted a public URL without scheme")
	}
}

func TestSupportAddress(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, ""}, // the default sender is no-reply@localhost
		{map[string]string{"VECINOS_MAIL_FROM": "Vecinos <No_Reply@sol.example>"}, ""},
		{map[string]string{"VECINOS_MAIL_FROM": "Comunidad Sol <admin@sol.example>"}, "admin@sol.example"},
		{map[string]string{"VECINOS_MAIL_FROM": "x <a@b.example>", "VECINOS_SUPPORT_EMAIL": "Ayuda <ayuda@sol.example>"}, "ayuda@sol.example"},
	} {
		c, err := load(t, tc.env)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.SupportAddress(); got != tc.want {
			t.Errorf("%v: support address %q, want %q", tc.env, got, tc.want)
		}
	}
	if _, err := load(t, map[string]string{"VECINOS_SUPPORT_EMAIL": "not an address"}); err == nil {
		t.Error("accepted a support address that is not one")
	}
}

func TestUsageListsEveryVariable(t *testing.T) {
	var b strings.Builder
	Usage(&b)
	for _, name := range []string{"VECINOS_ADDR", "VECINOS_DATA_DIR", "VECINOS_DATABASE_URL", "VECINOS_PUBLIC_URL", "VECINOS_SMTP_URL",
		"VECINOS_MAIL_FROM", "VECINOS_SUPPORT_EMAIL", "VECINOS_STORAGE_URL", "VECINOS_DEV", "VECINOS_TRUSTED_PROXIES", "VECINOS_GOOGLE_CLIENT_ID", "VECINOS_FACEBOOK_CLIENT_SECRET"} {
		if !strings.Contains(b.String(), name) {
			t.Errorf("--help does not mention %s", name)
		}
	}
}

func TestPushHostsAreAListOfHostSuffixes(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || len(c.PushHosts) != 0 {
		t.Fatalf("default: %v (err %v), want none (any public host)", c.PushHosts, err)
	}
	c, err = load(t, map[string]string{"VECINOS_PUSH_HOSTS": " FCM.googleapis.com, .push.services.mozilla.com,,web.push.apple.com."})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(c.PushHosts); got != "[fcm.googleapis.com push.services.mozilla.com web.push.apple.com]" {
		t.Fatalf("push hosts %s", got)
	}
	for _, bad := range []string{"https://fcm.googleapis.com", "fcm.googleapis.com:443", "*.example.com"} {
		if _, err := load(t, map[string]string{"VECINOS_PUSH_HOSTS": bad}); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestBounceSecretAndAddress(t *testing.T) {
	c, err := load(t, map[string]string{"VECINOS_BOUNCE_SECRET": "0123456789abcdef", "VECINOS_BOUNCE_ADDRESS": "Rebotes <bounces@vecinos.example>"})
	if err != nil || c.BounceSecret != "0123456789abcdef" || c.BounceAddress != "bounces@vecinos.example" {
		t.Fatalf("%+v, %v", c, err)
	}
	for name, env := range map[string]map[string]string{
		"a short secret":       {"VECINOS_BOUNCE_SECRET": "corto"},
		"not an address":       {"VECINOS_BOUNCE_ADDRESS": "bounces"},
		"an address with VERP": {"VECINOS_BOUNCE_ADDRESS": "bounces+x@vecinos.example"},
	} {
		if _, err := load(t, env); err == nil {
			t.Errorf("accepted %s", name)
		} else if strings.Contains(err.Error(), "corto") {
			t.Errorf("the error quotes the secret: %v", err)
		}
	}
}
