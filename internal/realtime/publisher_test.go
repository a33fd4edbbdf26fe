package realtime_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/realtime"
)

// commits stands in for the store's transactions: what AfterCommit defers runs at commit.
type commits struct {
	mu      sync.Mutex
	pending []func()
}

type txKey struct{}

func (c *commits) afterCommit(ctx context.Context, fn func()) {
	if ctx.Value(txKey{}) == nil {
		fn()
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = append(c.pending, fn)
}

func (c *commits) commit() {
	c.mu.Lock()
	fns := c.pending
	c.pending = nil
	c.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

func handled(p *realtime.Publisher) func() []string {
	var mu sync.Mutex
	var got []string
	p.Handle(func(n domain.Notice) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, n.Kind)
	})
	return func() []string {
		p.Flush()
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

func TestANoticePublishedInATransactionIsHandledOnlyOnceItCommits(t *testing.T) {
	var c commits
	p := realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: c.afterCommit}, nil)
	got := handled(p)
	tx := context.WithValue(context.Background(), txKey{}, true)
	if err := p.Publish(tx, domain.Notice{Kind: domain.NoticeDM, ID: domain.NewID()}); err != nil {
		t.Fatal(err)
	}
	if g := got(); len(g) != 0 {
		t.Fatalf("handled before the commit: %v", g)
	}
	c.commit()
	p.Changed("c1", "reservations", "r1") // after a commit: at once
	if g := got(); !slices.Equal(g, []string{domain.NoticeDM, domain.NoticeChange}) {
		t.Fatalf("handled %v", g)
	}
}

// When the other instances cannot be told of a committed change, this one still is.
func TestACommittedChangeThatCannotBeNotifiedIsStillHandledHere(t *testing.T) {
	var c commits
	p := realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: c.afterCommit,
		Notify: func(context.Context, domain.Notice) error { return errors.New("connection lost") },
		Listen: func(context.Context, func(bool), func(), func(domain.Notice)) error { return nil }}, nil)
	got := handled(p)
	p.Revoke("u1")
	if g := got(); !slices.Equal(g, []string{domain.NoticeRevoked}) {
		t.Fatalf("handled %v", g)
	}
	tx := context.WithValue(context.Background(), txKey{}, true)
	if err := p.Publish(tx, domain.Notice{Kind: domain.NoticeDM}); err == nil {
		t.Fatal("a notice that cannot join its transaction must fail it")
	}
}

// What an instance cached of a user (its sessions, the chat pages that show them: every cache added) is
// forgotten when Revoke is called here and when the listener hears another instance's, and all of it
// whenever the listener stops or reconnects; meanwhile it is not to be trusted (Hears), since revocations
// elsewhere would go unheard.
func TestSessionsAreForgottenAsRevocationsAreHeard(t *testing.T) {
	var c commits
	type step struct {
		reconnected, lose bool
		notice            *domain.Notice
	}
	steps := make(chan step)
	done := make(chan struct{})
	p := realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: c.afterCommit,
		Notify: func(context.Context, domain.Notice) error { return nil },
		Listen: func(ctx context.Context, listening func(bool), lost func(), fn func(domain.Notice)) error {
			for s := range steps {
				switch {
				case s.notice != nil:
					fn(*s.notice)
				case s.lose:
					lost()
				default:
					listening(s.reconnected)
				}
				done <- struct{}{}
			}
			return nil
		}}, nil)
	var mu sync.Mutex
	var forgot []string
	for _, cache := range []string{"sessions", "pages"} {
		p.AddForget(func(u string) { mu.Lock(); forgot = append(forgot, cache+":"+u); mu.Unlock() },
			func() { mu.Lock(); forgot = append(forgot, cache+":*"); mu.Unlock() })
	}
	run := make(chan error)
	go func() { run <- p.Run(context.Background()) }()
	do := func(s step) { steps <- s; <-done }
	want := func(hears bool, each ...string) {
		t.Helper()
		var w []string
		for _, f := range each {
			w = append(w, "sessions:"+f, "pages:"+f)
		}
		mu.Lock()
		defer mu.Unlock()
		if p.Hears() != hears || !slices.Equal(forgot, w) {
			t.Fatalf("hears %v, forgot %v; want %v, %v", p.Hears(), forgot, hears, w)
		}
	}

	want(false)
	do(step{})
	want(true)
	p.Revoke("u1")
	want(true, "u1")
	do(step{notice: &domain.Notice{Kind: domain.NoticeRevoked, User: "u2"}})
	do(step{notice: &domain.Notice{Kind: domain.NoticeChange, Community: "c1"}})
	want(true, "u1", "u2")
	do(step{lose: true})
	want(false, "u1", "u2", "*")
	do(step{reconnected: true})
	want(true, "u1", "u2", "*", "*")
	close(steps)
	if err := <-run; err != nil {
		t.Fatal(err)
	}
	want(false, "u1", "u2", "*", "*", "*")
}
