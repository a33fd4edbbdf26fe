package messages_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messages"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The rules of conversations and channels that hold across concurrent requests, on both engines: the
// service runs each as one transaction of the store's row methods.

// service is the messages service on db, whose clock moves a millisecond at each reading (messages sent
// one after another are in order).
func service(db *store.DB) *messages.Service {
	return serviceWith(db, inProcess(db))
}

// inProcess is a publisher of one instance: notices are handed over in process after their commit.
func inProcess(db *store.DB) *realtime.Publisher {
	return realtime.NewPublisher(realtime.NewBroker(), realtime.Transport{AfterCommit: db.AfterCommit}, nil)
}

// serviceWith is service announcing through p.
func serviceWith(db *store.DB, p *realtime.Publisher) *messages.Service {
	var mu sync.Mutex
	t := time.Now().UTC().Truncate(time.Millisecond)
	return messages.New(db, messages.Options{
		Realtime: p,
		Now: func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			t = t.Add(time.Millisecond)
			return t
		}})
}

func actor(communityID, userID string) *domain.Actor {
	return &domain.Actor{UserID: userID, CommunityID: communityID}
}

func dm(content, clientID string) messages.Outgoing {
	return messages.Outgoing{Content: content, ClientID: clientID}
}

func TestGetOrCreateConversationIsOnePerPairEvenConcurrently(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, svc := context.Background(), service(db)
		c, ids := storetest.CommunityIDs(t, db, "ana", "luis", "eva")
		other, outsiders := storetest.CommunityIDs(t, db, "pau")
		_ = other

		got := make([]string, 10)
		errs := make([]error, 10)
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Go(func() {
				a, b := ids[0], ids[1]
				if i%2 == 1 {
					a, b = b, a // either side may start it
				}
				got[i], errs[i] = svc.StartConversation(ctx, actor(c, a), b)
			})
		}
		wg.Wait()
		for i := range got {
			if errs[i] != nil {
				t.Fatalf("call %d: %v", i, errs[i])
			}
			if got[i] != got[0] {
				t.Fatalf("two conversations for one pair: %s and %s", got[0], got[i])
			}
		}
		for _, u := range ids[:2] {
			cs, err := db.Conversations(ctx, c, u)
			if err != nil || len(cs) != 1 || cs[0].ID != got[0] {
				t.Fatalf("conversations of %s: %+v, %v", u, cs, err)
			}
		}
		if _, err := svc.StartConversation(ctx, actor(c, ids[0]), outsiders[0]); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("conversation with someone of another community: %v", err)
		}
		// Participants only: eva is in the community but not in the conversation.
		if _, err := svc.DirectMessages(ctx, actor(c, ids[2]), got[0], "", 0); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("non-participant: %v", err)
		}
		if o, ok, err := db.ConversationOther(ctx, c, ids[0], got[0]); err != nil || !ok || *o != ids[1] {
			t.Fatalf("participant: %v %v", o, err)
		}
	})
}

func TestUnreadCountsReadReceiptsAndTheList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, svc := context.Background(), service(db)
		c, ids := storetest.CommunityIDs(t, db, "ana", "luis", "eva")
		ana, luis, eva := ids[0], ids[1], ids[2]
		al, _ := svc.StartConversation(ctx, actor(c, ana), luis)
		ae, _ := svc.StartConversation(ctx, actor(c, ana), eva)
		type send struct {
			from, conv string
			m          messages.Outgoing
		}
		for i, m := range []send{
			{luis, al, dm("Hola Ana", "")}, {luis, al, dm("¿Bajas?", "")}, {ana, al, dm("Voy", "")},
			{eva, ae, dm("Buenas", "")},
		} {
			// The service's clock moves one millisecond a message: they are in order.
			if _, created, err := svc.SendDirect(ctx, actor(c, m.from), m.conv, m.m); err != nil || !created {
				t.Fatalf("send %d: %v %v", i, created, err)
			}
		}
		count := func(u string) int {
			n, err := db.UnreadCount(ctx, c, u)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if count(ana) != 3 || count(luis) != 1 || count(eva) != 0 {
			t.Fatalf("unread ana=%d luis=%d eva=%d", count(ana), count(luis), count(eva))
		}
		cs, err := db.Conversations(ctx, c, ana)
		if err != nil || len(cs) != 2 {
			t.Fatalf("%+v %v", cs, err)
		}
		if cs[0].ID != ae || cs[0].Unread != 1 || cs[0].OtherName != "eva" || cs[0].LastMessage.Content != "Buenas" {
			t.Fatalf("first row %+v", cs[0])
		}
		if cs[1].ID != al || cs[1].Unread != 2 || cs[1].LastMessage.Content != "Voy" || *cs[1].LastMessage.SenderID != ana {
			t.Fatalf("second row %+v", cs[1])
		}

		n, err := svc.MarkRead(ctx, actor(c, ana), al)
		if err != nil || n != 2 {
			t.Fatalf("marked %d, %v", n, err)
		}
		if count(ana) != 1 || count(luis) != 1 {
			t.Fatalf("after reading: ana=%d luis=%d", count(ana), count(luis))
		}
		rs, err := db.ReadReceiptsSince(ctx, c, luis, time.Now().Add(-time.Minute))
		if err != nil || len(rs) != 1 || rs[0].ConversationID != al || *rs[0].ReaderID != ana {
			t.Fatalf("receipts %+v %v", rs, err)
		}
		ms, err := db.DirectMessages(ctx, al, ana, "", 50)
		if err != nil || len(ms) != 3 || ms[0].Content != "Hola Ana" || ms[0].ReadAt == nil || ms[2].ReadAt != nil {
			t.Fatalf("messages %+v %v", ms, err)
		}
		older, err := db.DirectMessages(ctx, al, ana, ms[2].ID, 1)
		if err != nil || len(older) != 1 || older[0].ID != ms[1].ID {
			t.Fatalf("page before the last: %+v %v", older, err)
		}
		after, err := db.DirectMessagesAfter(ctx, c, eva, "", 100)
		if err != nil || len(after) != 1 || after[0].Content != "Buenas" {
			t.Fatalf("eva's replay %+v %v", after, err)
		}
	})
}

func TestSendingTwiceWithOneClientIDStoresOneMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, svc := context.Background(), service(db)
		c, ids := storetest.CommunityIDs(t, db, "ana", "luis")
		conv, _ := svc.StartConversation(ctx, actor(c, ids[0]), ids[1])
		var wg sync.WaitGroup
		got := make([]*domain.DirectMessage, 5)
		for i := range got {
			wg.Go(func() {
				m, _, err := svc.SendDirect(ctx, actor(c, ids[0]), conv, dm("Hola", "client-1"))
				if err != nil {
					t.Error(err)
				}
				got[i] = m
			})
		}
		wg.Wait()
		for _, m := range got {
			if m == nil || m.ID != got[0].ID {
				t.Fatalf("retries made different messages: %+v", got)
			}
		}
		if ms, _ := db.DirectMessages(ctx, conv, ids[0], "", 50); len(ms) != 1 {
			t.Fatalf("%d messages stored", len(ms))
		}
		ch, _ := svc.CommunityChannel(ctx, actor(c, ids[0]))
		post := func() *domain.ChannelMessage {
			m, _, err := svc.PostChannel(ctx, actor(c, ids[0]), ch.ID, dm("Hola a todos", "client-2"))
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if a, b := post(), post(); a.ID != b.ID {
			t.Fatal("a retry duplicated a channel message")
		}
	})
}

func TestChannelsAreScopedToTheCommunityAndTheInvited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, svc := context.Background(), service(db)
		c, ids := storetest.CommunityIDs(t, db, "ana", "luis", "eva")
		other, outsiders := storetest.CommunityIDs(t, db, "pau")

		// The community channel is created once, however many ask at the same time.
		chans := make([]*domain.Channel, 8)
		var wg sync.WaitGroup
		for i := range chans {
			wg.Go(func() {
				ch, err := svc.CommunityChannel(ctx, actor(c, ids[i%3]))
				if err != nil {
					t.Error(err)
				}
				chans[i] = ch
			})
		}
		wg.Wait()
		for _, ch := range chans {
			if ch == nil || ch.ID != chans[0].ID || ch.Name != "Chat Comunitario" || ch.Kind != domain.ChannelCommunity {
				t.Fatalf("community channels %+v", chans)
			}
		}
		community := chans[0]
		if _, err := svc.Channel(ctx, actor(c, ids[2]), community.ID); err != nil {
			t.Fatalf("member refused from the community chat: %v", err)
		}
		if _, err := svc.Channel(ctx, actor(other, outsiders[0]), community.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("member of another community let into the chat: %v", err)
		}

		if _, err := svc.CreateChannel(ctx, actor(c, ids[0]), messages.ChannelInput{Name: "x",
			MemberIDs: []string{ids[0], outsiders[0]}}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("invited someone of another community: %v", err)
		}
		priv, err := svc.CreateChannel(ctx, actor(c, ids[0]), messages.ChannelInput{Name: "runners", MemberIDs: []string{ids[0], ids[1]}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Channel(ctx, actor(c, ids[1]), priv.ID); err != nil {
			t.Fatalf("invited member refused: %v", err)
		}
		if _, err := svc.Channel(ctx, actor(c, ids[2]), priv.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("uninvited member let in: %v", err)
		}
		// The page's own query checks who reads it: the uninvited member and someone of another community
		// read nothing of a channel that has messages, and the service says it is not found.
		if _, _, err := svc.PostChannel(ctx, actor(c, ids[0]), priv.ID, dm("A correr", "")); err != nil {
			t.Fatal(err)
		}
		if ms, err := svc.ChannelMessages(ctx, actor(c, ids[1]), priv.ID, "", 10); err != nil || len(ms.Messages) != 1 {
			t.Fatalf("the invited member's page: %+v %v", ms, err)
		}
		if ms, err := db.ChannelMessages(ctx, c, ids[2], priv.ID, "", 10); err != nil || len(ms) != 0 {
			t.Fatalf("the uninvited member read %+v %v", ms, err)
		}
		if ms, err := db.ChannelMessages(ctx, other, outsiders[0], priv.ID, "", 10); err != nil || len(ms) != 0 {
			t.Fatalf("someone of another community read %+v %v", ms, err)
		}
		if _, err := svc.ChannelMessages(ctx, actor(c, ids[2]), priv.ID, "", 10); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("the uninvited member's page: %v", err)
		}
		list, err := svc.Channels(ctx, actor(c, ids[2]))
		if err != nil || len(list) != 1 || list[0].ID != community.ID || list[0].MemberCount != 3 {
			t.Fatalf("eva's channels %+v %v", list, err)
		}
		added, err := svc.AddMembers(ctx, actor(c, ids[0]), priv.ID, []string{ids[1], ids[2]})
		if err != nil || len(added) != 1 || added[0] != ids[2] {
			t.Fatalf("added %v %v", added, err)
		}
		list, err = svc.Channels(ctx, actor(c, ids[2]))
		if err != nil || len(list) != 2 || list[1].ID != priv.ID || list[1].MemberCount != 3 {
			t.Fatalf("eva's channels %+v %v", list, err)
		}
		got, err := db.ChannelIDs(ctx, c, ids[2])
		if err != nil || len(got) != 1 || got[0] != priv.ID {
			t.Fatalf("channel ids %v %v", got, err)
		}

		for i, text := range []string{"uno", "dos", "tres"} {
			if _, _, err := svc.PostChannel(ctx, actor(c, ids[i]), community.ID, dm(text, "")); err != nil {
				t.Fatal(err)
			}
		}
		ms, err := db.ChannelMessages(ctx, c, ids[0], community.ID, "", 2)
		if err != nil || len(ms) != 2 || ms[0].Content != "dos" || ms[1].Content != "tres" || ms[1].AuthorName != "eva" || ms[1].UnitNumber != nil {
			t.Fatalf("latest two: %+v %v", ms, err)
		}
		// The dashboard counts the community chat's messages of its window.
		now := time.Now()
		week, err := db.DashboardCounts(ctx, c, "", now, now.Add(-7*24*time.Hour))
		if err != nil || week.CommunityMessages != 3 {
			t.Fatalf("community messages this week: %d %v", week.CommunityMessages, err)
		}
		if hour, _ := db.DashboardCounts(ctx, other, "", now, now.Add(-time.Hour)); hour.CommunityMessages != 0 {
			t.Fatalf("another community counts %d", hour.CommunityMessages)
		}
	})
}

// Deleting an account keeps its messages; their author shows as 'Usuario eliminado'.
func TestMessagesOfADeletedAccountRemain(t *testing.T) {
	run := func(t *testing.T, databaseURL, dir, driver, dsn string) {
		ctx := context.Background()
		db, err := store.Open(ctx, databaseURL, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		c, ids := storetest.CommunityIDs(t, db, "ana", "luis")
		svc := service(db)
		conv, _ := svc.StartConversation(ctx, actor(c, ids[0]), ids[1])
		if _, _, err := svc.SendDirect(ctx, actor(c, ids[1]), conv, dm("Me mudo", "")); err != nil {
			t.Fatal(err)
		}
		ch, _ := svc.CommunityChannel(ctx, actor(c, ids[0]))
		if _, _, err := svc.PostChannel(ctx, actor(c, ids[1]), ch.ID, dm("Adiós", "")); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open(driver, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		q := "DELETE FROM users WHERE id = ?"
		if driver == "pgx" {
			q = "DELETE FROM users WHERE id = $1"
		}
		if _, err := raw.Exec(q, ids[1]); err != nil {
			t.Fatal(err)
		}
		cs, err := db.Conversations(ctx, c, ids[0])
		if err != nil || len(cs) != 1 || cs[0].OtherID != nil || cs[0].OtherName != "Usuario eliminado" ||
			cs[0].LastMessage.SenderID != nil || cs[0].Unread != 1 {
			t.Fatalf("conversation after deletion %+v %v", cs, err)
		}
		ms, err := db.DirectMessages(ctx, conv, ids[0], "", 10)
		if err != nil || len(ms) != 1 || ms[0].SenderName != "Usuario eliminado" {
			t.Fatalf("%+v %v", ms, err)
		}
		cms, err := db.ChannelMessages(ctx, c, ids[0], ch.ID, "", 10)
		if err != nil || len(cms) != 1 || cms[0].UserID != nil || cms[0].AuthorName != "Usuario eliminado" {
			t.Fatalf("%+v %v", cms, err)
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		run(t, "", dir, "sqlite", "file:"+filepath.Join(dir, store.SQLiteFile)+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)")
	})
	t.Run("postgres", func(t *testing.T) {
		u := storetest.PostgresURL(t)
		run(t, u, "", "pgx", u)
	})
}
