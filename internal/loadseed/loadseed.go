// Package loadseed fills a store with the realtime workload of BENCHMARK.md: one community whose members
// are all signed in. The in-process stream benchmark and cmd/vecinos-loadtest share it. It writes through
// the store rather than the API because 10,000 argon2 sign-ups would take minutes.
package loadseed

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/store"
)

// Community is one seeded community.
type Community struct {
	ID      string
	UserIDs []string // the members; the first one created the community
	Tokens  []string // each member's session token (the session cookie's value), in the same order
}

// workers write members concurrently: on PostgreSQL every commit waits for the disk and concurrent
// commits share that wait (10,000 members take a few seconds instead of a minute). SQLite queues them
// on its one writer connection.
const workers = 8

// Members creates a community of n confirmed members, each with a session valid for a day.
func Members(ctx context.Context, db *store.DB, n int) (*Community, error) {
	if n < 1 {
		return nil, fmt.Errorf("loadseed: %d members; a community needs one at least", n)
	}
	c := &domain.Community{Name: fmt.Sprintf("Torre de %d", n)}
	out := &Community{UserIDs: make([]string, n), Tokens: make([]string, n)}
	// Emails are unique per store: a tag per call lets several communities share one database.
	tag := strings.ToLower(credentials.NewToken()[:8])
	now := time.Now()
	add := func(i int) error {
		u := &domain.User{ID: domain.NewID(), Email: fmt.Sprintf("s%d-%s@example.es", i, tag), FullName: fmt.Sprintf("Vecino %05d", i),
			Language: domain.Spanish, EmailConfirmedAt: &now}
		setup := domain.CommunitySetup{JoinCode: c.PublicID}
		if i == 0 {
			setup = domain.CommunitySetup{Create: c}
		}
		if err := db.SeedMember(ctx, u, setup, now); err != nil {
			return err
		}
		token := credentials.NewToken()
		if err := db.CreateSession(ctx, domain.Session{ID: credentials.HashToken(token), UserID: u.ID, CreatedAt: now, LastSeenAt: now,
			ExpiresAt: now.Add(24 * time.Hour)}); err != nil {
			return err
		}
		out.UserIDs[i], out.Tokens[i] = u.ID, token
		return nil
	}
	// The first member creates the community (and its join code); the others join it.
	if err := add(0); err != nil {
		return nil, err
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := 1 + w; i < n && errs[w] == nil; i += workers {
				errs[w] = add(i)
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out.ID = c.ID
	return out, nil
}
