package realtime_test

import (
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/realtime"
)

// recv waits for the next events of s and returns their ids.
func recv(t *testing.T, s *realtime.Subscription) string {
	t.Helper()
	select {
	case <-s.Ready():
		ids := ""
		for _, ev := range s.Take(nil) {
			ids += ev.ID
		}
		return ids
	case <-time.After(2 * time.Second):
		t.Fatal("no event")
	}
	return ""
}

// none fails if s has anything waiting.
func none(t *testing.T, s *realtime.Subscription) {
	t.Helper()
	select {
	case <-s.Ready():
		t.Fatalf("got %d events", len(s.Take(nil)))
	default:
	}
}

func TestPublishReachesTheTopicsSubscribersOnly(t *testing.T) {
	b := realtime.NewBroker()
	ana := b.Subscribe(4, "user:ana", "channel:1")
	luis := b.Subscribe(4, "user:luis")
	b.Publish("user:ana", &realtime.Event{ID: "1", Kind: "dm"})
	b.Publish("channel:1", &realtime.Event{ID: "2", Kind: "channel_message"})
	if ids := recv(t, ana); ids != "12" { // both at once, in order
		t.Fatalf("got %q", ids)
	}
	none(t, ana)
	none(t, luis)
	luis.Add("channel:1")
	b.Publish("channel:1", &realtime.Event{ID: "3"})
	if ids := recv(t, luis); ids != "3" {
		t.Fatalf("got %q", ids)
	}
	// Losing access to a channel: luis no longer hears it, ana still does.
	luis.Remove("channel:1")
	b.Publish("channel:1", &realtime.Event{ID: "4"})
	if ids := recv(t, ana); ids != "34" {
		t.Fatalf("got %q", ids)
	}
	none(t, luis)
	ana.Close()
	if b.HasSubscribers("user:ana") {
		t.Fatal("closed subscription still listed")
	}
	<-ana.Done()
}

func TestASlowSubscriberIsDroppedWithoutBlockingThePublisher(t *testing.T) {
	b := realtime.NewBroker()
	slow := b.Subscribe(2, "t")
	fast := b.Subscribe(100, "t")
	for i := range 10 {
		b.Publish("t", &realtime.Event{ID: string(rune('a' + i))})
	}
	select {
	case <-slow.Done():
	default:
		t.Fatal("slow subscriber not dropped")
	}
	select {
	case <-fast.Done():
		t.Fatal("fast subscriber dropped")
	default:
	}
	if got := len(fast.Take(nil)); got != 10 {
		t.Fatalf("fast subscriber got %d events, want 10", got)
	}
	if s := b.Stats(); s.Dropped != 1 || s.Subscribers != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestCloseEndsEveryStreamAndRefusesNewOnes(t *testing.T) {
	b := realtime.NewBroker()
	s := b.Subscribe(1, "t")
	b.Close()
	<-s.Done()
	<-b.Subscribe(1, "t").Done()
}

func TestSerialRunsInOrderAndNeverBlocksPush(t *testing.T) {
	var got []int
	var running atomic.Int32
	q := realtime.NewSerial(func(v int) {
		if running.Add(1) != 1 {
			t.Error("two items ran at once")
		}
		got = append(got, v)
		running.Add(-1)
	})
	for i := range 1000 {
		q.Push(i)
	}
	q.Wait()
	for i, v := range got {
		if v != i {
			t.Fatalf("item %d is %d", i, v)
		}
	}
	if len(got) != 1000 {
		t.Fatalf("%d items ran", len(got))
	}
}

// The limit is on what waits, not on what went through: a reader that takes keeps its subscription.
func TestASubscriberThatKeepsUpIsNotDropped(t *testing.T) {
	b := realtime.NewBroker()
	s := b.Subscribe(2, "t")
	for i := range 10 {
		b.Publish("t", &realtime.Event{ID: string(rune('a' + i))})
		if ids := recv(t, s); ids != string(rune('a'+i)) {
			t.Fatalf("got %q", ids)
		}
	}
	if b.Stats().Dropped != 0 {
		t.Fatalf("dropped: %+v", b.Stats())
	}
}

// A Direct function takes events only while nothing waits in the queue: an event it declined, and every
// one after it, wait for Take in order.
func TestDirectTakesEventsOnlyWhileNothingWaits(t *testing.T) {
	b := realtime.NewBroker()
	s := b.Subscribe(8, "t")
	took, accept := "", true
	s.Direct(func(ev *realtime.Event) bool {
		if accept {
			took += ev.ID
		}
		return accept
	})
	b.Publish("t", &realtime.Event{ID: "a"})
	none(t, s)
	accept = false
	b.Publish("t", &realtime.Event{ID: "b"})
	accept = true
	b.Publish("t", &realtime.Event{ID: "c"}) // behind b, though the function would take it
	if ids := recv(t, s); ids != "bc" {
		t.Fatalf("queued %q", ids)
	}
	b.Publish("t", &realtime.Event{ID: "d"})
	none(t, s)
	if took != "ad" {
		t.Fatalf("took %q", took)
	}
}

// A large topic is handed out on several goroutines: every subscriber gets the event once, and those that
// fell behind are dropped.
func TestALargeTopicReachesEverySubscriberOnce(t *testing.T) {
	b := realtime.NewBroker()
	subs := make([]*realtime.Subscription, 3000)
	for i := range subs {
		subs[i] = b.Subscribe(1, "t")
	}
	b.Publish("t", &realtime.Event{ID: "1"})
	for i, s := range subs {
		if ids := recv(t, s); ids != "1" {
			t.Fatalf("subscriber %d got %q", i, ids)
		}
	}
	b.Publish("t", &realtime.Event{ID: "2"})
	for _, s := range subs[:1000] {
		s.Take(nil)
	}
	b.Publish("t", &realtime.Event{ID: "3"}) // the 2,000 that did not take "2" are full
	if st := b.Stats(); st.Dropped != 2000 || st.Subscribers != 1000 {
		t.Fatalf("stats %+v", st)
	}
}
