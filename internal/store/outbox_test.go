package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

const lease = time.Minute

func testMail(n int) domain.Mail {
	return domain.Mail{
		To:      fmt.Sprintf("vecino%d@example.com", n),
		Subject: fmt.Sprintf("Mensaje %d", n),
		Text:    "Confirma: http://localhost:8080/confirmar?token=abc",
		HTML:    `<p><a href="http://localhost:8080/confirmar?token=abc">Confirmar</a></p>`,
	}
}

func claim(t *testing.T, db *store.DB, now time.Time, limit int) []domain.QueuedMail {
	t.Helper()
	got, err := db.ClaimMail(context.Background(), now, limit, lease)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestMailIsClaimedOnceUntilItsLeaseExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		want := testMail(1)
		if err := db.QueueMail(ctx, want, time.Now()); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		got := claim(t, db, now, 10)
		if len(got) != 1 || got[0].Mail != want || got[0].Attempts != 0 {
			t.Fatalf("claimed %+v, want one %+v", got, want)
		}
		if again := claim(t, db, now.Add(lease-time.Second), 10); len(again) != 0 {
			t.Fatalf("claimed again during the lease: %+v", again)
		}
		retaken := claim(t, db, now.Add(lease+time.Second), 10) // the first worker died while sending
		if len(retaken) != 1 || retaken[0].ID != got[0].ID {
			t.Fatalf("after the lease expired claimed %+v, want %s", retaken, got[0].ID)
		}
		if err := db.MarkMailSent(ctx, got[0].ID, now); err != nil {
			t.Fatal(err)
		}
		if after := claim(t, db, now.Add(24*time.Hour), 10); len(after) != 0 {
			t.Fatalf("a sent message was claimed: %+v", after)
		}
		list, err := db.ListMail(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].SentAt == nil || list[0].Mail != want {
			t.Fatalf("listed %+v, want the sent message with its bodies", list)
		}
	})
}

func TestFailedMailIsRetriedWhenDueAndAbandonedForGood(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.QueueMail(ctx, testMail(1), time.Now()); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		id := claim(t, db, now, 1)[0].ID
		if err := db.MarkMailFailed(ctx, id, 1, now.Add(10*time.Second), "dial tcp: connection refused"); err != nil {
			t.Fatal(err)
		}
		if early := claim(t, db, now.Add(9*time.Second), 10); len(early) != 0 {
			t.Fatalf("retried before next_try_at: %+v", early)
		}
		retry := claim(t, db, now.Add(10*time.Second), 10)
		if len(retry) != 1 || retry[0].ID != id || retry[0].Attempts != 1 {
			t.Fatalf("retry claimed %+v, want %s with 1 attempt", retry, id)
		}
		if err := db.MarkMailAbandoned(ctx, id, 2, now.Add(11*time.Second), "550 mailbox unavailable"); err != nil {
			t.Fatal(err)
		}
		if dead := claim(t, db, now.Add(1000*time.Hour), 10); len(dead) != 0 {
			t.Fatalf("an abandoned message was claimed: %+v", dead)
		}
		list, _ := db.ListMail(ctx, 10)
		if len(list) != 1 || list[0].FailedAt == nil || list[0].SentAt != nil || list[0].Attempts != 2 || list[0].LastError != "550 mailbox unavailable" {
			t.Fatalf("listed %+v, want the abandoned message with its last error", list)
		}
		if err := db.MarkMailSent(ctx, "no-such-id", now); err == nil {
			t.Fatal("marking an unknown message succeeded")
		}
	})
}

func TestConcurrentClaimsNeverShareAMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const total, workers = 60, 4
		for i := range total {
			if err := db.QueueMail(ctx, testMail(i), time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now()
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for range total / workers {
					got, err := db.ClaimMail(ctx, now, 3, lease)
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					for _, q := range got {
						seen[q.ID]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		for _, q := range claim(t, db, now, total) { // whatever the race left behind
			seen[q.ID]++
		}
		if len(seen) != total {
			t.Fatalf("claimed %d distinct messages, want %d", len(seen), total)
		}
		for id, n := range seen {
			if n > 1 {
				t.Errorf("message %s claimed %d times", id, n)
			}
		}
	})
}

func TestListMailIsNewestFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i := range 3 {
			if err := db.QueueMail(ctx, testMail(i), time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		list, err := db.ListMail(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].Subject != "Mensaje 2" || list[1].Subject != "Mensaje 1" || list[0].SentAt != nil {
			t.Fatalf("listed %+v, want messages 2 and 1, pending", list)
		}
	})
}

func TestQueueMailRefusesABadAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		m := testMail(1)
		m.To = "no es un email"
		if err := db.QueueMail(context.Background(), m, time.Now()); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("err %v, want invalid", err)
		}
	})
}

// A worker sends a claimed email only if the claim is still its own: when its batch's lease ran out and
// another worker took the email, extending the old claim fails and the first worker skips it.
func TestAnExtendedClaimIsTheClaimantsOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.QueueMail(ctx, testMail(1), time.Now()); err != nil {
			t.Fatal(err)
		}
		now := time.Now().Truncate(time.Millisecond)
		first := claim(t, db, now, 10)
		second := claim(t, db, now.Add(lease+time.Second), 10)
		if len(first) != 1 || len(second) != 1 {
			t.Fatalf("claims %v and %v", first, second)
		}
		if mine, err := db.ExtendMailClaim(ctx, first[0].ID, now.Add(lease), now.Add(2*lease)); err != nil || mine {
			t.Fatalf("the first worker extended a claim that is no longer its own: %v %v", mine, err)
		}
		if mine, err := db.ExtendMailClaim(ctx, second[0].ID, now.Add(2*lease+time.Second), now.Add(3*lease)); err != nil || !mine {
			t.Fatalf("the second worker could not extend its claim: %v %v", mine, err)
		}
		if again := claim(t, db, now.Add(2*lease+2*time.Second), 10); len(again) != 0 {
			t.Fatalf("claimed during the extended lease: %v", again)
		}
	})
}
