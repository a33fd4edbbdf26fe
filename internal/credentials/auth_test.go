package credentials

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"

	"vecinos/internal/domain"
)

func TestStrengthScoresTwentyPerRule(t *testing.T) {
	for pw, want := range map[string]int{"": 0, "abc": 20, "abcdefgh": 40, "Abcdefgh": 60, "Abcdefg1": 80, "Abcdef1!": 100, "ÑANDÚ": 20} {
		if got := Strength(pw); got != want {
			t.Errorf("Strength(%q) = %d, want %d", pw, got, want)
		}
	}
}

func TestSignupPasswordRule(t *testing.T) {
	for pw, ok := range map[string]bool{"Abcdefg1": true, "abcdefg1": false, "ABCDEFG1": false, "Abcdefgh": false, "Abc1": false, "A1" + strings.Repeat("b", 70): true, "A1" + strings.Repeat("b", 71): false} {
		if err := CheckSignupPassword(pw); (err == nil) != ok {
			t.Errorf("CheckSignupPassword(%q) = %v, want ok=%v", pw, err, ok)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	if got, err := NormalizeEmail("  Ana.Lopez@Example.ES "); err != nil || got != "ana.lopez@example.es" {
		t.Fatalf("got %q, %v", got, err)
	}
	for _, bad := range []string{"", "ana", "ana@", "Ana <ana@example.es>", "ana@localhost", strings.Repeat("a", 250) + "@example.es"} {
		if _, err := NormalizeEmail(bad); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("NormalizeEmail(%q) accepted", bad)
		}
	}
}

func TestHashAndVerify(t *testing.T) {
	h, ctx := NewHasher(), context.Background()
	enc, err := h.Hash(ctx, "Secreto123")
	if err != nil || !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q, %v", enc, err)
	}
	for pw, want := range map[string]bool{"Secreto123": true, "secreto123": false, "": false} {
		if ok, err := h.Verify(ctx, enc, pw); err != nil || ok != want {
			t.Errorf("Verify(%q) = %v, %v", pw, ok, err)
		}
	}
	if ok, err := h.Verify(ctx, "", "anything"); ok || err != nil {
		t.Errorf("empty hash verified: %v %v", ok, err)
	}
}

func TestHashingQueueIsBounded(t *testing.T) {
	h := NewHasher()
	h.maxWaiting = 1
	// Hold every slot so that callers must queue.
	for range cap(h.slots) {
		h.slots <- struct{}{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); h.Hash(ctx, "x") }() // the one allowed to wait
	for h.waiting.Load() != 1 {
		runtime.Gosched()
	}
	if _, err := h.Hash(context.Background(), "x"); domain.ErrorCode(err) != domain.CodeUnavailable {
		t.Fatalf("a caller beyond the queue got %v, want unavailable", err)
	}
	cancel()
	wg.Wait()
}

func TestTokensAreRandomAndHashed(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 30 || HashToken(a) == a || HashToken(a) == HashToken(b) || len(HashToken(a)) != 64 {
		t.Fatalf("tokens %q %q", a, b)
	}
}
