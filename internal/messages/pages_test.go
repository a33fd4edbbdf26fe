package messages_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messages"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// instance is one server's messages service, its store and its publisher.
type instance struct {
	db  *store.DB
	svc *messages.Service
	pub *realtime.Publisher
}

// pageInstances is a reader's instance and a writer's on one database. On PostgreSQL they are two, as
// cmd/vecinos runs them: each its own store, announcing through NOTIFY and hearing the other's through
// its listener. SQLite has one instance: the writer is a second service on the same store, whose changes
// of the messages reach the reader through the database alone; what is announced (a Revoke, a change of
// the units) goes through the reader's own publisher, in process, as on that one instance.
func pageInstances(t *testing.T, db *store.DB) (reader, writer, announcer instance) {
	t.Helper()
	if db.Engine() != store.Postgres {
		one := func() instance {
			p := inProcess(db)
			return instance{db, serviceWith(db, p), p}
		}
		reader, writer = one(), one()
		return reader, writer, reader
	}
	var out [2]instance
	for i, db := range storetest.Instances(t, 2) {
		p := realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: db.AfterCommit, Notify: db.Notify, Listen: db.Listen}, nil)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); _ = p.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
		out[i] = instance{db, serviceWith(db, p), p}
		testwait.Until(t, p.Hears, "the PostgreSQL listener did not start")
	}
	return out[0], out[1], out[1]
}

// A channel's latest page, served from the reader's instance's cache, is always the page the database
// gives (the store's query, as the service read it before the cache): after a new message, an edit, a
// reaction, a reply to a message older than the cached messages and an edit of that message, a deletion,
// the rename of an author and of the answered message's author, a unit assigned and renumbered, and the
// account deleted of one who only reacted; each made on the other instance (on SQLite by another service)
// and announced as the services announce it. Between the changes the page is served from the cache (the
// same messages, not a copy), for any limit. A reader who may not read the channel is refused while it is
// cached: the member of another community, a neighbour not invited to a private channel, one who left it.
func TestTheCachedLatestPageIsTheChannels(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b, announcer := pageInstances(t, db)
		c, ids := storetest.CommunityIDs(t, a.db, "ana", "luis", "eva", "mar", "sol")
		other, outsiders := storetest.CommunityIDs(t, a.db, "pau")
		ana, luis, eva, mar, sol := actor(c, ids[0]), actor(c, ids[1]), actor(c, ids[2]), actor(c, ids[3]), actor(c, ids[4])
		ch, err := a.svc.CommunityChannel(ctx, ana)
		if err != nil {
			t.Fatal(err)
		}
		post := func(in *instance, who *domain.Actor, channel, text, replyTo string) string {
			t.Helper()
			m, _, err := in.svc.PostChannel(ctx, who, channel, messages.Outgoing{Content: text, ReplyTo: replyTo})
			if err != nil {
				t.Fatal(err)
			}
			return m.ID
		}
		// mar's question, then more messages than a page holds (the cache keeps MaxLimit): mar is on the
		// cached page only as the author of the message a reply answers.
		first := post(&a, mar, ch.ID, "¿Quién tiene la llave del trastero?", "")
		for i := range messages.MaxLimit {
			post(&a, []*domain.Actor{luis, eva}[i%2], ch.ID, fmt.Sprintf("Mensaje %d", i), "")
		}

		// same reads the page as who through the reader's instance twice, n messages, and compares it with
		// the database's: the second read must be the cached page itself.
		same := func(what string, who *domain.Actor, channel string, n int) {
			t.Helper()
			a.svc.Flush()
			b.svc.Flush()
			want, err := a.db.ChannelMessages(ctx, who.CommunityID, who.UserID, channel, "", n)
			if err != nil {
				t.Fatal(err)
			}
			got, err := a.svc.ChannelMessages(ctx, who, channel, "", n)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if !reflect.DeepEqual(got.Messages, want) {
				t.Fatalf("%s: the page is\n%+v\nthe database's\n%+v", what, got.Messages, want)
			}
			again, err := a.svc.ChannelMessages(ctx, who, channel, "", n)
			if err != nil || len(again.Messages) == 0 || &again.Messages[0] != &got.Messages[0] {
				t.Fatalf("%s: the page was not served from the cache: %v", what, err)
			}
		}
		same("first read", ana, ch.ID, 50)
		same("another reader, fewer", luis, ch.ID, 3)

		newest := post(&b, luis, ch.ID, "Yo la tengo", "")
		same("a new message", ana, ch.ID, 50)
		if err := b.svc.Edit(ctx, luis, domain.ChatChannel, ch.ID, newest, "Yo la tengo, pásate"); err != nil {
			t.Fatal(err)
		}
		same("an edit", eva, ch.ID, messages.MaxLimit)
		if err := b.svc.React(ctx, sol, domain.ChatChannel, ch.ID, newest, "👍"); err != nil {
			t.Fatal(err)
		}
		same("a reaction", ana, ch.ID, 50)
		reply := post(&b, eva, ch.ID, "Gracias", first)
		same("a reply to a message older than the cached ones", ana, ch.ID, 2)
		if err := b.svc.Edit(ctx, mar, domain.ChatChannel, ch.ID, first, "¿Quién tiene la llave del cuarto de bicis?"); err != nil {
			t.Fatal(err)
		}
		same("an edit of the message answered", ana, ch.ID, 2)

		// What the channel's version does not follow: the people it shows. A rename is announced as the
		// profile service announces it (the user's sessions changed), a unit as the units' services do, an
		// account deleted as auth does.
		rename := func(id, name string) {
			if err := b.db.SetFullName(ctx, id, name, time.Now()); err != nil {
				t.Fatal(err)
			}
			announcer.pub.Revoke(id)
		}
		rename(ids[3], "Mar Soler")
		same("the rename of the answered message's author", ana, ch.ID, 2)
		rename(ids[1], "Luis Ferrer")
		same("an author's rename", ana, ch.ID, 50)
		storetest.Exec(t, b.db, "INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ($1, $2, '3º B', 0, 0)", "unit-eva", c)
		storetest.Exec(t, b.db, "UPDATE memberships SET unit_id = 'unit-eva' WHERE user_id = $1", ids[2])
		announcer.pub.Changed(c, domain.AreaUnits, "unit-eva")
		same("an author's unit", ana, ch.ID, 50)
		storetest.Exec(t, b.db, "UPDATE units SET unit_number = '3º C' WHERE id = 'unit-eva'")
		announcer.pub.Changed(c, domain.AreaUnits, "unit-eva")
		same("the unit renumbered", ana, ch.ID, 50)
		if ok, err := b.db.DeleteUser(ctx, ids[4]); err != nil || !ok { // sol's reaction goes with the account
			t.Fatal(ok, err)
		}
		announcer.pub.Revoke(ids[4])
		same("the account deleted of one who reacted", ana, ch.ID, 50)
		if err := b.svc.Delete(ctx, eva, domain.ChatChannel, ch.ID, reply); err != nil {
			t.Fatal(err)
		}
		same("a deletion", luis, ch.ID, 50)

		// Refused while cached: another community's member, then in a private channel someone not
		// invited and someone who left.
		if _, err := a.svc.ChannelMessages(ctx, actor(other, outsiders[0]), ch.ID, "", 50); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another community's member read the cached page: %v", err)
		}
		priv, err := a.svc.CreateChannel(ctx, ana, messages.ChannelInput{Name: "Bicis", MemberIDs: []string{ids[0], ids[1]}})
		if err != nil {
			t.Fatal(err)
		}
		post(&a, luis, priv.ID, "Mañana las sacamos", "")
		same("a private channel", luis, priv.ID, 50)
		if _, err := a.svc.ChannelMessages(ctx, mar, priv.ID, "", 50); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("a neighbour not invited read the cached page: %v", err)
		}
		if err := b.svc.LeaveChannel(ctx, luis, priv.ID); err != nil {
			t.Fatal(err)
		}
		same("the private channel, after one left", ana, priv.ID, 50)
		if _, err := a.svc.ChannelMessages(ctx, luis, priv.ID, "", 50); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("one who left read the cached page: %v", err)
		}
	})
}
