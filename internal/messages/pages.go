package messages

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"vecinos/internal/domain"
)

// The latest page of the channels read lately, kept per instance (issue #35: a resident's chat page at
// 10,000 communities; docs/adr/0023's last addendum). A page holds nothing of its reader, so one copy
// serves every reader of the channel. Who may read it is still asked of the database on every request,
// by a read of the channel row that also returns its version (migration 0071: every change of its
// messages moves it, in the transaction that makes the change, on any instance); a cached page is served
// only while the channel's version is the one it was read at. What the version does not follow, the
// authors' names, avatars and units, is forgotten through the realtime publisher: a Revoke of a user
// (their profile saved, their account deleted, a membership changed) forgets the pages that show them, a
// change of a community's units forgets its pages, and nothing is cached while the listener does not
// hear the other instances. The TTL bounds what an unannounced change of an author could leave.

// Bounds of the page cache: how long a page may show an author as they were when no announcement came,
// and how much it holds, as pageSize counts it (a full cache forgets pages at random for a new one). A
// page is up to MaxLimit messages: ~135 KB with its encoding for 200 short ones, ~240 of those in all.
const (
	pageCacheTTL   = 30 * time.Second
	pageCacheBytes = 32 << 20
)

// ChannelPage is a page of a channel's messages, oldest first. A cached page's messages are shared by
// every reader of the channel on this instance: read only.
type ChannelPage struct {
	Messages []domain.ChannelMessage
	cached   *cachedPage // the cached page whose latest messages these are; nil when the page is not cached
}

// Rendered returns each message of the page as render writes it (appending to the bytes given), rendered
// once for every reader of a cached page; nil when the page is not a cached one (the caller renders its
// Messages itself). render must be the same at every call: the API's encoding.
func (p *ChannelPage) Rendered(render func(*domain.ChannelMessage, []byte) []byte) [][]byte {
	c := p.cached
	if c == nil {
		return nil
	}
	c.render.Do(func() {
		var b []byte
		ends := make([]int, len(c.messages))
		for i := range c.messages {
			b = render(&c.messages[i], b)
			ends[i] = len(b)
		}
		b = bytes.Clone(b) // without the room append left
		c.rendered = make([][]byte, len(c.messages))
		start := 0
		for i, end := range ends {
			c.rendered[i], start = b[start:end:end], end
		}
	})
	return c.rendered[len(c.messages)-len(p.Messages):]
}

type cachedPage struct {
	community string
	version   int64
	messages  []domain.ChannelMessage // the latest MaxLimit, oldest first (all of them when fewer)
	people    []string                // sorted: the authors, the quoted authors and who reacted
	until     time.Time               // the TTL's end
	size      int                     // pageSize

	render   sync.Once
	rendered [][]byte
}

// latest is the page of its last n messages.
func (c *cachedPage) latest(n int) *ChannelPage {
	return &ChannelPage{Messages: c.messages[max(0, len(c.messages)-n):], cached: c}
}

type pageCache struct {
	heard func() bool // the publisher's Hears: every Revoke reaches this instance

	mu    sync.Mutex
	gen   uint64 // bumped by every forget: a page read before one is not kept
	pages map[string]*cachedPage
	bytes int // the pages' sizes, at most pageCacheBytes
}

func newPageCache(heard func() bool) *pageCache {
	return &pageCache{heard: heard, pages: map[string]*cachedPage{}}
}

// get returns the cached page of channelID at version, if there is one within its TTL.
func (c *pageCache) get(channelID string, version int64, now time.Time) *cachedPage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.pages[channelID]; p != nil && p.version == version && now.Before(p.until) {
		return p
	}
	return nil
}

func (c *pageCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// put keeps ms, the latest messages of channelID read at version (read after gen was), unless something
// was forgotten since; it returns the page either way.
func (c *pageCache) put(channelID, communityID string, version int64, ms []domain.ChannelMessage, gen uint64, now time.Time) *cachedPage {
	p := &cachedPage{community: communityID, version: version, messages: ms, people: people(ms), until: now.Add(pageCacheTTL), size: pageSize(ms)}
	if !c.heard() || p.size > pageCacheBytes/4 {
		return p
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return p
	}
	c.drop(channelID)
	for k := range c.pages {
		if c.bytes+p.size <= pageCacheBytes {
			break
		}
		c.drop(k)
	}
	c.pages[channelID] = p
	c.bytes += p.size
	return p
}

// drop removes the page of channelID, if any (c.mu held).
func (c *pageCache) drop(channelID string) {
	if p := c.pages[channelID]; p != nil {
		delete(c.pages, channelID)
		c.bytes -= p.size
	}
}

// pageSize estimates the memory a cached page holds: each message's texts twice (read, then encoded for
// its readers) and what its other fields take, measured on short messages (~670 bytes each).
func pageSize(ms []domain.ChannelMessage) int {
	n := 0
	for i := range ms {
		m := &ms[i]
		n += 500 + 2*(len(m.Content)+len(m.AuthorName)) + 600*len(m.Attachments)
		if m.ReplyTo != nil {
			n += 200 + 2*len(m.ReplyTo.Content)
		}
		for _, r := range m.Reactions {
			n += 100 * len(r.UserIDs)
		}
	}
	return n
}

// people are the users a page shows: a Revoke of any of them forgets it.
func people(ms []domain.ChannelMessage) []string {
	var out []string
	for i := range ms {
		m := &ms[i]
		if m.UserID != nil {
			out = append(out, *m.UserID)
		}
		if m.ReplyTo != nil && m.ReplyTo.AuthorID != nil {
			out = append(out, *m.ReplyTo.AuthorID)
		}
		for _, r := range m.Reactions {
			out = append(out, r.UserIDs...)
		}
	}
	slices.Sort(out)
	return slices.Clip(slices.Compact(out))
}

// forgetUser forgets the pages that show userID (Publisher.AddForget).
func (c *pageCache) forgetUser(userID string) {
	c.forget(func(p *cachedPage) bool {
		_, shown := slices.BinarySearch(p.people, userID)
		return shown
	})
}

// forgetCommunity forgets the pages of communityID's channels.
func (c *pageCache) forgetCommunity(communityID string) {
	c.forget(func(p *cachedPage) bool { return p.community == communityID })
}

// forgetAll forgets every page (Publisher.AddForget).
func (c *pageCache) forgetAll() {
	c.forget(func(*cachedPage) bool { return true })
}

func (c *pageCache) forget(stale func(*cachedPage) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k, p := range c.pages {
		if stale(p) {
			c.drop(k)
		}
	}
}

// latestPage returns the latest n messages of channel channelID, which a may read: from the cache while
// the channel's version is the cached page's, else read (MaxLimit of them, which serve any n) and kept.
func (s *Service) latestPage(ctx context.Context, a *domain.Actor, channelID string, n int) (*ChannelPage, error) {
	version, ok, err := s.store.ChannelVersion(ctx, a.CommunityID, a.UserID, channelID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return s.uncachedPage(ctx, a, channelID, "", n) // refused, with the reason
	}
	if p := s.pages.get(channelID, version, s.now()); p != nil {
		return p.latest(n), nil
	}
	// The page is read after the generation: an author forgotten meanwhile keeps it out of the cache.
	gen := s.pages.generation()
	ms, err := s.store.ChannelMessages(ctx, a.CommunityID, a.UserID, channelID, "", MaxLimit)
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 { // an empty channel, or a reader who left meanwhile: never kept
		return s.uncachedPage(ctx, a, channelID, "", n)
	}
	return s.pages.put(channelID, a.CommunityID, version, ms, gen, s.now()).latest(n), nil
}
