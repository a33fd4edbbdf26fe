package messages

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
)

// The page cache's own rules: a page is served at its version and within its TTL only; a page read before
// something was forgotten is not kept (it may show an author as they were); a Revoke forgets the pages
// that show the user (as author, answered author or reactor) and no other; a change of units forgets its
// community's pages; nothing is kept while the instance does not hear the others; a full cache forgets
// pages for a new one, and a page too large for it is not kept.
func TestThePageCacheKeepsOnlyWhatItMayServe(t *testing.T) {
	hears := true
	c := newPageCache(func() bool { return hears })
	now := time.Now()
	str := func(s string) *string { return &s }
	page := func(author string) []domain.ChannelMessage {
		return []domain.ChannelMessage{{ID: "m1", UserID: str(author), MessageExtras: domain.MessageExtras{
			ReplyTo: &domain.Quote{ID: "m0", AuthorID: str("quoted")}, Reactions: []domain.MessageReaction{{Emoji: "👍", UserIDs: []string{"reactor"}}}}}}
	}
	put := func(channel, community, author string) {
		c.put(channel, community, 7, page(author), c.generation(), now)
	}
	cached := func(channel string) bool { return c.get(channel, 7, now) != nil }

	put("ch1", "c1", "ana")
	if !cached("ch1") || c.get("ch1", 8, now) != nil || c.get("ch1", 7, now.Add(pageCacheTTL)) != nil {
		t.Fatal("a page is served at its version, within its TTL, only")
	}
	gen := c.generation()
	c.forgetUser("nobody")
	c.put("ch2", "c1", 7, page("luis"), gen, now)
	if cached("ch2") || !cached("ch1") {
		t.Fatal("a page read before a forget was kept, or a page that does not show the user forgotten")
	}
	for _, who := range []string{"ana", "quoted", "reactor"} {
		put("ch1", "c1", "ana")
		c.forgetUser(who)
		if cached("ch1") {
			t.Fatalf("a Revoke of %s left the page that shows them", who)
		}
	}
	put("ch1", "c1", "ana")
	put("ch2", "c2", "ana")
	c.forgetCommunity("c1")
	if cached("ch1") || !cached("ch2") {
		t.Fatal("a change of units forgets its community's pages, and only those")
	}
	c.forgetAll()
	if cached("ch2") {
		t.Fatal("forgetAll")
	}
	hears = false
	put("ch1", "c1", "ana")
	if hears = true; cached("ch1") {
		t.Fatal("a page was kept while the instance did not hear the others")
	}
	big := make([]domain.ChannelMessage, 40)
	for i := range big {
		big[i] = domain.ChannelMessage{Content: strings.Repeat("x", 100_000)}
	}
	fits := pageCacheBytes / pageSize(big)
	for i := range fits + 3 {
		c.put(fmt.Sprint("big", i), "c1", 7, big, c.generation(), now)
		if n := min(i+1, fits); len(c.pages) != n || c.bytes != n*pageSize(big) || c.bytes > pageCacheBytes {
			t.Fatalf("%d pages kept, of %d bytes in all: %d", len(c.pages), c.bytes, n)
		}
	}
	c.put("huge", "c1", 7, append(big, big...), c.generation(), now)
	if cached("huge") || len(c.pages) != fits {
		t.Fatal("a page of more than a quarter of the cache was kept")
	}
	c.forgetAll()
	if c.bytes != 0 {
		t.Fatalf("%d bytes left in an empty cache", c.bytes)
	}
}
