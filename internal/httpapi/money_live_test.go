package httpapi_test

import (
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestAMoneyChangeReachesItsCommunityLive: a change of money is announced on the streams of its
// community (area money, no id: each screen refetches with its reader's rights), not on another
// community's, and a refused change announces nothing.
func TestAMoneyChangeReachesItsCommunityLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ana, luis, pau := openStream(t, e.srv.URL, n.ana.cookie(), ""), openStream(t, e.srv.URL, n.luis.cookie(), ""), openStream(t, e.srv.URL, n.pau.cookie(), "")
		for _, s := range []*sseStream{ana, luis, pau} {
			s.next(t, "unread")
		}
		n.ana.must(t, "POST", "/api/v1/money/groups", map[string]any{"name": " ", "method": "equal", "shares": []any{}}, 422)
		luis.quiet(t, 200*time.Millisecond)
		n.ana.must(t, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "monthly"}, 200)
		for _, s := range []*sseStream{ana, luis} {
			if ev := s.nextChange(t, "money"); ev.Data["id"] != nil && ev.Data["id"] != "" || ev.ID != "" {
				t.Fatalf("change %+v", ev)
			}
		}
		pau.quiet(t, 200*time.Millisecond)
	})
}
