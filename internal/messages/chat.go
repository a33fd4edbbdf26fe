package messages

import (
	"bytes"
	"context"
	"io"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// The chat's extras (issue #20, docs/adr/0023): attachments, replies, edits, deletions, reactions,
// search, mutes, and deleting a conversation from one's list or leaving a private channel. Each works the
// same in a direct conversation and in a channel: scope authorizes the caller on either.

// Limits and windows of the chat's extras.
const (
	EditWindow        = 15 * time.Minute
	MaxAttachments    = 10
	MaxFileName       = 200
	MaxReason         = 500
	MaxSearch         = 100
	SearchLimit       = 50
	PendingUploadLife = 24 * time.Hour
)

// Mute durations, as the menu offers them.
const (
	Mute8Hours = "8h"
	MuteWeek   = "1w"
	MuteAlways = "always"
	MuteOff    = "off"
)

// muteForever is 'always': a date no one reaches.
var muteForever = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

var (
	errNotYours       = domain.Errorf(domain.CodeForbidden, "Solo puedes modificar tus propios mensajes")
	errEditWindow     = domain.Errorf(domain.CodeForbidden, "Solo puedes editar un mensaje durante los 15 minutos siguientes a enviarlo")
	errDeleted        = domain.Errorf(domain.CodeInvalid, "Este mensaje ya se eliminó")
	errBadReaction    = domain.Errorf(domain.CodeInvalid, "La reacción no es válida")
	errTooManyFiles   = domain.Errorf(domain.CodeInvalid, "Puedes adjuntar como máximo %d archivos por mensaje", MaxAttachments)
	errNoReason       = domain.Errorf(domain.CodeInvalid, "Indica el motivo por el que eliminas el mensaje")
	errLongReason     = domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", MaxReason)
	errRemoveOnlyComm = domain.Errorf(domain.CodeInvalid, "Los administradores solo retiran mensajes del chat comunitario")
	errBadSearch      = domain.Errorf(domain.CodeInvalid, "Escribe entre 1 y %d caracteres para buscar", MaxSearch)
	errBadMute        = domain.Errorf(domain.CodeInvalid, "Elige silenciar 8 horas, 1 semana o siempre")
	errLeaveCommunity = domain.Errorf(domain.CodeInvalid, "No puedes salir del chat comunitario")
	errNoFiles        = domain.Errorf(domain.CodeInternal, "El almacenamiento de archivos no está disponible")
	errEmptyFile      = domain.Errorf(domain.CodeInvalid, "El archivo está vacío")
)

// Outgoing is a message to send: text, attachments (uploaded before, pending), or both, and the message
// it answers.
type Outgoing struct {
	Content       string
	ClientID      string
	ReplyTo       string
	AttachmentIDs []string
}

// Chat is a conversation or channel the caller may read and post in.
type Chat struct {
	Kind        domain.ChatKind
	ID          string
	CommunityID string
	Other       *string         // direct: the other participant (nil once their account is gone)
	Channel     *domain.Channel // channel
}

// chat authorizes a on the conversation or channel id: anyone who is not in it gets not found.
func (s *Service) chat(ctx context.Context, a *domain.Actor, kind domain.ChatKind, id string) (*Chat, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	switch kind {
	case domain.ChatDirect:
		other, err := s.conversationOther(ctx, a, id)
		if err != nil {
			return nil, err
		}
		return &Chat{Kind: kind, ID: id, CommunityID: a.CommunityID, Other: other}, nil
	case domain.ChatChannel:
		c, err := s.Channel(ctx, a, id)
		if err != nil {
			return nil, err
		}
		return &Chat{Kind: kind, ID: c.ID, CommunityID: c.CommunityID, Channel: c}, nil
	}
	return nil, errConversationNotFound
}

// checkOutgoing validates a message's parts: some text or at least one attachment, within the limits.
func checkOutgoing(in *Outgoing, trim bool) error {
	in.AttachmentIDs = uniq(in.AttachmentIDs)
	if len(in.AttachmentIDs) > MaxAttachments {
		return errTooManyFiles
	}
	for _, id := range in.AttachmentIDs {
		if !validID(id) {
			return errAttachmentNotHere
		}
	}
	if in.ReplyTo = strings.TrimSpace(in.ReplyTo); in.ReplyTo != "" && !validID(in.ReplyTo) {
		return errReplyNotHere
	}
	if trim {
		in.Content = strings.TrimSpace(in.Content)
	}
	if len(in.AttachmentIDs) > 0 && strings.TrimSpace(in.Content) == "" {
		in.Content = ""
		return nil
	}
	return checkContent(in.Content)
}

func (s *Service) stamp() (time.Time, string) {
	return s.now().UTC().Truncate(time.Millisecond), domain.NewID()
}

// messageForUpdate reads message id of chat scopeID in the transaction of ctx and locks it until that ends.
func (s *Service) messageForUpdate(ctx context.Context, kind domain.ChatKind, scopeID, id string) (*domain.ChatMessage, error) {
	m, err := s.store.ChatMessageForUpdate(ctx, kind, scopeID, id)
	if err == nil && m == nil {
		err = errMessageNotFound
	}
	return m, err
}

// announceChanged tells the streams that message id of chat changed (edited, deleted, reacted to).
func (s *Service) announceChanged(c *Chat, id, by string) {
	n := domain.Notice{Kind: domain.NoticeChannelMsgChanged, ID: id, Scope: c.ID, Community: c.CommunityID}
	if c.Kind == domain.ChatDirect {
		n = domain.Notice{Kind: domain.NoticeDMChanged, ID: id, Scope: c.ID, Community: c.CommunityID, User: by}
		if c.Other != nil {
			n.Other = *c.Other
		}
	}
	s.realtime.Committed(n)
}

// Edit replaces the text of a's own message within EditWindow of sending it; it is marked edited.
func (s *Service) Edit(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, id, content string) error {
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return err
	}
	if kind == domain.ChatDirect || c.Channel.Kind == domain.ChannelPrivate {
		content = strings.TrimSpace(content)
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.messageForUpdate(ctx, kind, c.ID, id)
		if err != nil {
			return err
		}
		switch now := s.now(); {
		case m.AuthorID == nil || *m.AuthorID != a.UserID:
			return errNotYours
		case m.DeletedAt != nil:
			return errDeleted
		case now.Sub(m.CreatedAt) > EditWindow:
			return errEditWindow
		case !(m.Files > 0 && strings.TrimSpace(content) == ""):
			if err := checkContent(content); err != nil {
				return err
			}
		}
		at, rev := s.stamp()
		m.Content, m.EditedAt = content, &at
		_, err = s.store.SaveChatMessage(ctx, m, rev)
		return err
	})
	if err != nil {
		return err
	}
	s.announceChanged(c, id, a.UserID)
	return nil
}

// Delete deletes a's own message: 'Mensaje eliminado' stays in its place, its text and files go.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, id string) error {
	return s.remove(ctx, a, kind, chatID, id, "")
}

// Remove is an admin's removal of someone's message from the community chat, recorded with reason.
func (s *Service) Remove(ctx context.Context, a *domain.Actor, channelID, id, reason string) error {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return errNoReason
	case utf8.RuneCountInString(reason) > MaxReason:
		return errLongReason
	}
	return s.remove(ctx, a, domain.ChatChannel, channelID, id, reason)
}

func (s *Service) remove(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, id, reason string) error {
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return err
	}
	moderating := reason != ""
	if moderating && c.Channel.Kind != domain.ChannelCommunity {
		return errRemoveOnlyComm
	}
	var keys []string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.messageForUpdate(ctx, kind, c.ID, id)
		if err != nil {
			return err
		}
		if m.DeletedAt != nil {
			return errDeleted
		}
		if !moderating && (m.AuthorID == nil || *m.AuthorID != a.UserID) {
			return errNotYours
		}
		at, rev := s.stamp()
		said := m.Content // the saved message keeps no content
		m.DeletedAt = &at
		if keys, err = s.store.SaveChatMessage(ctx, m, rev); err != nil {
			return err
		}
		if !moderating {
			return nil
		}
		if err := s.store.SaveChatRemoval(ctx, &domain.ChatRemoval{ID: domain.NewID(), CommunityID: c.CommunityID, ChannelID: c.ID,
			MessageID: m.ID, AuthorID: m.AuthorID, RemovedBy: a.UserID, Reason: reason, RemovedAt: at}); err != nil {
			return err
		}
		// In the transaction: the audit record commits with the removal.
		s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditContentDeleted, TargetKind: "message", TargetID: m.ID,
			TargetLabel: domain.Excerpt(said, 80), Before: map[string]any{"content": said, "channel": c.Channel.Name},
			After: map[string]any{"reason": reason}})
		return nil
	})
	if err != nil {
		return err
	}
	s.deleteFiles(keys)
	s.announceChanged(c, id, a.UserID)
	return nil
}

// Removals is the audit trail of the community chat's moderation (admins).
func (s *Service) Removals(ctx context.Context, a *domain.Actor) ([]domain.ChatRemoval, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.ChatRemovals(ctx, a.CommunityID)
}

// React applies a's click on emoji to a message: the same emoji again removes their reaction, another
// replaces it (one per person and message, as on announcements).
func (s *Service) React(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, id, emoji string) error {
	if !slices.Contains(domain.ChatReactions, emoji) {
		return errBadReaction
	}
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.messageForUpdate(ctx, kind, c.ID, id)
		if err != nil {
			return err
		}
		if m.DeletedAt != nil {
			return errDeleted
		}
		at, rev := s.stamp()
		return s.store.SaveChatReaction(ctx, m, a.UserID, emoji, at, rev)
	})
	if err != nil {
		return err
	}
	s.announceChanged(c, id, a.UserID)
	return nil
}

// Search finds the messages of a chat whose text holds q, accents and case aside, newest first.
func (s *Service) Search(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, q string) ([]domain.SearchHit, error) {
	norm := domain.SearchText(q)
	if norm == "" || utf8.RuneCountInString(q) > MaxSearch {
		return nil, errBadSearch
	}
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return nil, err
	}
	return s.store.SearchChat(ctx, kind, c.ID, a.UserID, norm, SearchLimit)
}

// Mute silences a chat for a: for 8 hours, a week, always, or no more ("off"). It returns until when.
// A muted chat still counts as unread; it only keeps quiet (no push or email notice about it).
func (s *Service) Mute(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, duration string) (*time.Time, error) {
	var until *time.Time
	now := s.now().UTC().Truncate(time.Millisecond)
	switch duration {
	case Mute8Hours:
		t := now.Add(8 * time.Hour)
		until = &t
	case MuteWeek:
		t := now.Add(7 * 24 * time.Hour)
		until = &t
	case MuteAlways:
		until = &muteForever
	case MuteOff:
	default:
		return nil, errBadMute
	}
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return nil, err
	}
	if err := s.store.SetChatMute(ctx, a.UserID, c.ID, until); err != nil {
		return nil, err
	}
	return until, nil
}

// Muted reports whether userID silenced the chat whose mute ends at until, now: the one question a
// notifier (email, push) asks before it tells someone of a message.
func (s *Service) Muted(until *time.Time) bool {
	return until != nil && until.After(s.now())
}

// activeMute is until when it is still ahead, nil otherwise.
func (s *Service) activeMute(until *time.Time) *time.Time {
	if s.Muted(until) {
		return until
	}
	return nil
}

// HideConversation deletes a conversation from a's list, and its messages so far for a only; a new
// message, from either side, brings it back with only what comes after.
func (s *Service) HideConversation(ctx context.Context, a *domain.Actor, id string) error {
	c, err := s.chat(ctx, a, domain.ChatDirect, id)
	if err != nil {
		return err
	}
	return s.store.HideConversation(ctx, a.UserID, c.ID)
}

// LeaveChannel takes a out of a private channel: it leaves their list and they can no longer read or
// post in it; an invitation brings them back.
func (s *Service) LeaveChannel(ctx context.Context, a *domain.Actor, id string) error {
	c, err := s.chat(ctx, a, domain.ChatChannel, id)
	if err != nil {
		return err
	}
	if c.Channel.Kind != domain.ChannelPrivate {
		return errLeaveCommunity
	}
	if err := s.store.LeaveChannel(ctx, c.ID, a.UserID, s.now().UTC()); err != nil {
		return err
	}
	// The user's streams re-check their channels at once and drop this one.
	s.realtime.Revoke(a.UserID)
	return nil
}

// --- attachments -------------------------------------------------------------------------------------

// Attach stores a file a uploads to a chat, pending until a message carries it: its type is decided from
// the bytes (DetectChatFile); pictures get a thumbnail made here. Nothing stays behind when it fails.
func (s *Service) Attach(ctx context.Context, a *domain.Actor, kind domain.ChatKind, chatID, name string, data []byte) (*domain.Attachment, error) {
	if s.files == nil {
		return nil, errNoFiles
	}
	c, err := s.chat(ctx, a, kind, chatID)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, errEmptyFile
	}
	contentType, ext, fileKind, err := files.DetectChatFile(data, name)
	if err != nil {
		return nil, err
	}
	data = files.StripMetadata(contentType, data) // a photo's GPS position and camera stay with its sender
	now := s.now().UTC().Truncate(time.Millisecond)
	at := &domain.Attachment{ID: domain.NewID(), CommunityID: c.CommunityID, ChatKind: kind, ScopeID: c.ID, UploaderID: &a.UserID,
		Name: cleanName(name, ext), ContentType: contentType, Size: int64(len(data)), Kind: fileKind, CreatedAt: now}
	var thumb []byte
	if fileKind == domain.AttachmentImage {
		var w, h int
		if thumb, w, h, err = files.Thumbnail(data); err != nil {
			return nil, err
		}
		at.Width, at.Height = &w, &h
		k := files.ChatFiles.NewKey(a.UserID, "jpg", now)
		at.ThumbKey = &k
	}
	at.Key = files.ChatFiles.NewKey(a.UserID, ext, now)
	var stored []string
	err = func() error {
		if err := s.files.Put(ctx, at.Key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
			return err
		}
		stored = append(stored, at.Key)
		if at.ThumbKey != nil {
			if err := s.files.Put(ctx, *at.ThumbKey, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
				return err
			}
			stored = append(stored, *at.ThumbKey)
		}
		return s.store.CreateAttachment(ctx, at)
	}()
	if err != nil {
		s.deleteFiles(stored)
		return nil, err
	}
	return s.store.Attachment(ctx, c.CommunityID, at.ID)
}

// cleanName keeps the file name the sender gave (for showing and downloading), without any folder or
// control character, and with the extension of the type we detected when it has another.
func cleanName(name, ext string) string {
	name = path.Base(strings.ReplaceAll(strings.TrimSpace(name), `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "." || name == "/" || name == "" {
		name = "archivo"
	}
	if utf8.RuneCountInString(name) > MaxFileName {
		name = string([]rune(name)[:MaxFileName])
	}
	if !strings.EqualFold(strings.TrimPrefix(path.Ext(name), "."), ext) && !(ext == "jpg" && strings.EqualFold(path.Ext(name), ".jpeg")) {
		name += "." + ext
	}
	return name
}

// OpenedFile is an attachment's bytes, for the one who may fetch it.
type OpenedFile struct {
	io.ReadCloser
	Attachment  *domain.Attachment
	ContentType string
	Size        int64
	ModTime     time.Time
}

// OpenAttachment opens attachment id (its thumbnail when thumb) for a: a participant of its conversation
// or a member of its channel — or, while it is not sent yet, its uploader. Anyone else gets not found.
func (s *Service) OpenAttachment(ctx context.Context, a *domain.Actor, id string, thumb bool) (*OpenedFile, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if s.files == nil {
		return nil, errNoFiles
	}
	notFound := errAttachmentNotFound
	if !validID(id) {
		return nil, notFound
	}
	at, err := s.store.Attachment(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if at == nil || at.MessageID == nil && (at.UploaderID == nil || *at.UploaderID != a.UserID) {
		return nil, notFound
	}
	if _, err := s.chat(ctx, a, at.ChatKind, at.ScopeID); err != nil {
		if domain.ErrorCode(err) == domain.CodeInternal {
			return nil, err
		}
		return nil, notFound
	}
	key, contentType := at.Key, at.ContentType
	if thumb {
		if at.ThumbKey == nil {
			return nil, notFound
		}
		key, contentType = *at.ThumbKey, "image/jpeg"
	}
	rc, info, err := s.files.Open(ctx, key)
	if err != nil {
		if err == files.ErrNotFound {
			return nil, notFound
		}
		return nil, err
	}
	return &OpenedFile{ReadCloser: rc, Attachment: at, ContentType: contentType, Size: info.Size, ModTime: info.ModTime}, nil
}

// CancelAttachment deletes a's upload that no message carries yet, with its files.
func (s *Service) CancelAttachment(ctx context.Context, a *domain.Actor, id string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	var keys []string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if keys, err = s.store.PendingAttachmentKeys(ctx, a.CommunityID, a.UserID, id); err != nil {
			return err
		}
		if len(keys) == 0 {
			return errAttachmentNotFound
		}
		return s.store.DeleteAttachment(ctx, id)
	})
	if err != nil {
		return err
	}
	s.deleteFiles(keys)
	return nil
}

// PurgeAttachments deletes, every hour until ctx ends, the uploads that no message carried within
// PendingUploadLife (a closed tab, a message never sent).
func (s *Service) PurgeAttachments(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if keys, err := s.purgePending(ctx, s.now().Add(-PendingUploadLife)); err != nil {
			s.log.Warn("chat: purge pending attachments", "err", err)
		} else {
			s.deleteFiles(keys)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// purgePending removes the uploads never sent that were made before before, and returns the keys of their
// files.
func (s *Service) purgePending(ctx context.Context, before time.Time) ([]string, error) {
	var keys []string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if keys, err = s.store.StaleAttachmentKeys(ctx, before); err != nil || len(keys) == 0 {
			return err
		}
		return s.store.DeleteStaleAttachments(ctx, before)
	})
	return keys, err
}

// deleteFiles deletes stored files after their rows are gone; a failure is logged and never undoes that.
func (s *Service) deleteFiles(keys []string) {
	if s.files == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, k := range keys {
		if err := s.files.Delete(ctx, k); err != nil {
			s.log.Warn("chat: delete file", "key", k, "err", err)
		}
	}
}
