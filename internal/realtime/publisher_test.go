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
		Listen: func(context.Context, func(bool), func(domain.Notice)) error { return nil }}, nil)
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
