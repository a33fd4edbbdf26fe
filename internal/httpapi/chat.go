package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// The chat's extras (issue #20): edits, deletions, reactions, search, mutes, deleting a conversation from
// one's list, leaving a private channel and attachments. Each handler serves direct conversations and
// channels alike: chatHandlers binds one kind.

type chatMessageInput struct {
	ID        string `path:"id" maxLength:"64"`
	MessageID string `path:"messageId" maxLength:"64"`
}

type editMessageInput struct {
	ID        string `path:"id" maxLength:"64"`
	MessageID string `path:"messageId" maxLength:"64"`
	Body      struct {
		Content string `json:"content" maxLength:"20000" doc:"The new text (empty only when the message carries attachments)"`
	}
}

type chatReactInput struct {
	ID        string `path:"id" maxLength:"64"`
	MessageID string `path:"messageId" maxLength:"64"`
	Body      struct {
		Emoji string `json:"emoji" enum:"👍,❤️,😂,😮,😢,🙏" doc:"The same emoji again removes the caller's reaction; another replaces it"`
	}
}

type removeMessageInput struct {
	ID        string `path:"id" maxLength:"64"`
	MessageID string `path:"messageId" maxLength:"64"`
	Body      struct {
		Reason string `json:"reason" maxLength:"500" doc:"Why it is removed (kept in the audit trail)"`
	}
}

type searchChatInput struct {
	ID string `path:"id" maxLength:"64"`
	Q  string `query:"q" maxLength:"100" doc:"Words to find, accents and case aside"`
}

type searchChatOutput struct{ Body []domain.SearchHit }

type muteInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Duration string `json:"duration" enum:"8h,1w,always,off" doc:"8 hours, one week, always, or unmute"`
	}
}

type muteOutput struct {
	Body struct {
		MutedUntil *time.Time `json:"mutedUntil" doc:"null: not muted; year 9999: always"`
	}
}

type attachmentIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

// ChatRemoval is one entry of the community chat's moderation trail.
type ChatRemoval struct {
	ID        string    `json:"id"`
	ChannelID string    `json:"channelId"`
	MessageID string    `json:"messageId"`
	AuthorID  *string   `json:"authorId"`
	RemovedBy string    `json:"removedBy"`
	Reason    string    `json:"reason"`
	RemovedAt time.Time `json:"removedAt"`
}

type chatRemovalsOutput struct{ Body []ChatRemoval }

// chatHandlers are the extras' handlers for one kind of chat.
type chatHandlers struct {
	s    *server
	kind domain.ChatKind
}

func (h chatHandlers) edit(ctx context.Context, in *editMessageInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, h.s.Messages.Edit(ctx, a, h.kind, in.ID, in.MessageID, in.Body.Content)
}

func (h chatHandlers) delete(ctx context.Context, in *chatMessageInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, h.s.Messages.Delete(ctx, a, h.kind, in.ID, in.MessageID)
}

func (h chatHandlers) react(ctx context.Context, in *chatReactInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, h.s.Messages.React(ctx, a, h.kind, in.ID, in.MessageID, in.Body.Emoji)
}

func (h chatHandlers) search(ctx context.Context, in *searchChatInput) (*searchChatOutput, error) {
	a := actor(ctx)
	hits, err := h.s.Messages.Search(ctx, a, h.kind, in.ID, in.Q)
	if err != nil {
		return nil, err
	}
	return &searchChatOutput{Body: hits}, nil
}

func (h chatHandlers) mute(ctx context.Context, in *muteInput) (*muteOutput, error) {
	a := actor(ctx)
	until, err := h.s.Messages.Mute(ctx, a, h.kind, in.ID, in.Body.Duration)
	if err != nil {
		return nil, err
	}
	out := &muteOutput{}
	out.Body.MutedUntil = until
	return out, nil
}

// upload stores a file sent to a chat (POST …/{id}/attachments?name=…, the raw file as the body) and
// answers 201 with the pending attachment, which a message then carries by id.
func (h chatHandlers) upload(w http.ResponseWriter, r *http.Request) {
	s := h.s
	a := s.plainCaller(w, r, members)
	if a == nil {
		return
	}
	data, ok := s.readUpload(w, r, a.UserID, files.ChatFiles.MaxBytes, files.ChatFiles.SizeError())
	if !ok {
		return
	}
	if !s.uploads.allowed(w, r)(s.uploads.charge(r.Context(), a.UserID, int64(len(data)))) {
		return
	}
	at, err := s.Messages.Attach(r.Context(), a, h.kind, r.PathValue("id"), r.URL.Query().Get("name"), data)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(at)
}

// serveAttachment answers GET /api/v1/attachments/{id} (and …/thumbnail) to the chat's participants or
// members, 404 to anyone else. ?download=1 asks the browser to save it under its name.
func (s *server) serveAttachment(thumb bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := s.sessionActor(r)
		if err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return
		}
		if a == nil {
			writeProblem(w, problemFor(r.Context(), errUnauthenticated))
			return
		}
		f, err := s.Messages.OpenAttachment(r.Context(), a, r.PathValue("id"), thumb)
		if err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return
		}
		defer f.Close()
		files.ServeHeaders(w.Header(), f.ContentType, files.Private)
		if !thumb && r.URL.Query().Get("download") != "" {
			w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Attachment.Name}))
		}
		if rs, ok := f.ReadCloser.(io.ReadSeeker); ok {
			http.ServeContent(w, r, "", f.ModTime, rs)
			return
		}
		w.Header().Set("Content-Length", strconv.FormatInt(f.Size, 10))
		io.Copy(w, f)
	}
}

func (s *server) cancelAttachment(ctx context.Context, in *attachmentIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Messages.CancelAttachment(ctx, a, in.ID)
}

func (s *server) hideConversation(ctx context.Context, in *conversationPathInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Messages.HideConversation(ctx, a, in.ID)
}

func (s *server) leaveChannel(ctx context.Context, in *channelPathInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Messages.LeaveChannel(ctx, a, in.ID)
}

func (s *server) removeChannelMessage(ctx context.Context, in *removeMessageInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Messages.Remove(ctx, a, in.ID, in.MessageID, in.Body.Reason)
}

func (s *server) chatRemovals(ctx context.Context, _ *struct{}) (*chatRemovalsOutput, error) {
	a := actor(ctx)
	rs, err := s.Messages.Removals(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &chatRemovalsOutput{Body: make([]ChatRemoval, len(rs))}
	for i, r := range rs {
		out.Body[i] = ChatRemoval{ID: r.ID, ChannelID: r.ChannelID, MessageID: r.MessageID, AuthorID: r.AuthorID, RemovedBy: r.RemovedBy,
			Reason: r.Reason, RemovedAt: r.RemovedAt}
	}
	return out, nil
}
