package httpapi

import (
	"bytes"
	"testing"
	"time"

	"vecinos/internal/domain"
)

// The hand-written encoding of a chat page writes what huma's encoder (encoding/json without HTML
// escaping, a final newline) writes from the fields, byte for byte: texts of every kind, replies,
// attachments, reactions, edits and deletions, and a deleted author.
func TestChannelMessagesEncodeAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	width := 640
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	later := time.Date(2026, 3, 29, 2, 30, 0, 1, time.FixedZone("CEST", 7200))
	texts := append([]string{"¿Alguien sabe cuándo viene el técnico del ascensor?"}, jsonTestTexts...)
	var ms []domain.ChannelMessage
	for i, s := range texts {
		m := domain.ChannelMessage{ID: "019a" + s, ChannelID: "ch1", AuthorName: texts[(i+1)%len(texts)], Content: s,
			CreatedAt: at.Add(time.Duration(i) * time.Second), MessageExtras: domain.MessageExtras{Rev: "r" + s,
				Attachments: []domain.Attachment{}, Reactions: []domain.MessageReaction{}}}
		if i%2 == 0 {
			m.UserID, m.AuthorAvatar, m.UnitNumber, m.ClientID = str("u"+s), str("/api/v1/files/a?x=1&y=<2>"), str(s), str("c"+s)
		}
		if i%3 == 0 {
			m.ReplyTo = &domain.Quote{ID: "q" + s, AuthorName: s, Content: texts[(i+2)%len(texts)], Deleted: i%2 == 0, HasFiles: i%4 == 0}
		}
		if i%4 == 1 {
			m.Attachments = []domain.Attachment{{ID: "a1", Kind: domain.AttachmentImage, Name: s, ContentType: "image/png", Size: 1234,
				Width: &width, Height: &width, URL: "/api/v1/files/" + s, ThumbnailURL: str("/t")}, {ID: "a2", Kind: domain.AttachmentDocument, Name: "acta.pdf"}}
			m.Reactions = []domain.MessageReaction{{Emoji: "👍", UserIDs: []string{"u1", s}}, {Emoji: "❤️", UserIDs: []string{}}, {Emoji: "😂"}}
			m.EditedAt = &later
		}
		if i == 5 {
			m.DeletedAt, m.Attachments, m.Reactions = &later, nil, nil
		}
		ms = append(ms, m)
	}
	for _, page := range [][]domain.ChannelMessage{ms, ms[:1], {}, nil} {
		if got, want := appendChannelMessages(nil, page), reflectionJSON(t, page); !bytes.Equal(got, want) {
			t.Fatalf("hand-written:\n%s\nreflection:\n%s", got, want)
		}
	}
}
