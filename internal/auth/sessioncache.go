package auth

import (
	"sync"
	"time"

	"vecinos/internal/domain"
)

// sessionCache keeps the actors of sessions this instance validated recently, keyed by the token's hash
// and the community the request named, so that a read costs no session lookup (docs/adr/0055). It is
// right only while every change of what a session resolves to reaches it: each such change calls forget
// (on this instance at once, on the others through the realtime listener), a gap in the listener calls
// forgetAll, and heard says whether it can be trusted at all (the listener is in place, or this is the
// only instance). The TTL bounds what a lost announcement could leave behind.
type sessionCache struct {
	ttl   time.Duration
	max   int
	heard func() bool

	mu      sync.Mutex
	gen     uint64 // bumped by every forget: a lookup that began before one does not fill the cache
	entries map[sessionKey]*cachedSession
	byUser  map[string][]sessionKey
}

type sessionKey struct{ session, community string }

type cachedSession struct {
	actor            domain.Actor
	lastSeen, expiry time.Time // as the database had them
	until            time.Time // the TTL's end
}

// Bounds of the session cache: how long an entry may go unchecked when every announcement is lost, and
// how many it holds (a full cache forgets one at random per new one).
const (
	sessionCacheTTL = 30 * time.Second
	sessionCacheMax = 50_000
)

func newSessionCache(heard func() bool) *sessionCache {
	return &sessionCache{ttl: sessionCacheTTL, max: sessionCacheMax, heard: heard,
		entries: map[sessionKey]*cachedSession{}, byUser: map[string][]sessionKey{}}
}

// get returns a copy of the cached actor of the session for community, when there is one the database
// would still give as it is: the session before its expiry, its last-seen not yet due to be written (so
// the idle limit and the hourly write stay the database path's), and the entry within its TTL.
func (c *sessionCache) get(session, community string, now time.Time) (*domain.Actor, bool) {
	if c == nil || !c.heard() {
		return nil, false
	}
	c.mu.Lock()
	e, ok := c.entries[sessionKey{session, community}]
	c.mu.Unlock()
	if !ok || !now.Before(e.until) || !now.Before(e.expiry) || now.Sub(e.lastSeen) >= touchEvery {
		return nil, false
	}
	a := e.actor
	return &a, true
}

// generation is what a lookup reads before it asks the database, and passes to put.
func (c *sessionCache) generation() uint64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put keeps what the database said of a session at gen, unless something was forgotten since (the
// answer may predate a revocation). Only actors acting in a community are kept: the answers without one
// (no community yet, or one the user is not a member of) are the ones a grant would change, and no grant
// needs to announce itself that way.
func (c *sessionCache) put(session, community string, a *domain.Actor, lastSeen, expiry, now time.Time, gen uint64) {
	if c == nil || a.CommunityID == "" || !c.heard() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	k := sessionKey{session, community}
	if _, ok := c.entries[k]; !ok {
		if len(c.entries) >= c.max {
			for old, e := range c.entries {
				c.drop(old, e.actor.UserID)
				break
			}
		}
		c.byUser[a.UserID] = append(c.byUser[a.UserID], k)
	}
	c.entries[k] = &cachedSession{actor: *a, lastSeen: lastSeen, expiry: expiry, until: now.Add(c.ttl)}
}

// drop removes one entry (c.mu held).
func (c *sessionCache) drop(k sessionKey, userID string) {
	delete(c.entries, k)
	keys := c.byUser[userID]
	for i, o := range keys {
		if o == k {
			keys[i] = keys[len(keys)-1]
			keys = keys[:len(keys)-1]
			break
		}
	}
	if len(keys) == 0 {
		delete(c.byUser, userID)
	} else {
		c.byUser[userID] = keys
	}
}

// remove drops the cached session for community.
func (c *sessionCache) remove(session, community string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	k := sessionKey{session, community}
	if e, ok := c.entries[k]; ok {
		c.drop(k, e.actor.UserID)
	}
}

// forget drops every cached session of userID.
func (c *sessionCache) forget(userID string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for _, k := range c.byUser[userID] {
		delete(c.entries, k)
	}
	delete(c.byUser, userID)
}

// forgetAll drops every cached session.
func (c *sessionCache) forgetAll() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
	clear(c.byUser)
}
