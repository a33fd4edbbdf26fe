package domain

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// ErrBadCursor refuses a page token the server did not make.
var ErrBadCursor = Errorf(CodeInvalid, "El cursor de la página no es válido")

// Cursor is a position in a list ordered newest first by (pinned, time, id); lists that pin nothing leave
// Pinned false.
type Cursor struct {
	Pinned bool
	At     time.Time
	ID     string
}

// Token encodes the position as an opaque page token.
func (c Cursor) Token() string {
	pinned := "0"
	if c.Pinned {
		pinned = "1"
	}
	return base64.RawURLEncoding.EncodeToString([]byte(pinned + "~" + strconv.FormatInt(c.At.UnixMilli(), 10) + "~" + c.ID))
}

// ParseCursor reads a token made by Token; an empty token is the first page (nil).
func ParseCursor(token string) (*Cursor, error) {
	if token == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return nil, ErrBadCursor
	}
	parts := strings.SplitN(string(raw), "~", 3)
	if len(parts) != 3 || (parts[0] != "0" && parts[0] != "1") || parts[2] == "" || len(parts[2]) > 64 {
		return nil, ErrBadCursor
	}
	msec, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return nil, ErrBadCursor
	}
	return &Cursor{Pinned: parts[0] == "1", At: time.UnixMilli(msec).UTC(), ID: parts[2]}, nil
}

// PageLimit is the page size to use: def when none is asked for, never more than most.
func PageLimit(asked, def, most int) int {
	if asked <= 0 {
		return def
	}
	return min(asked, most)
}

// Page is one page of a list; NextCursor is empty on the last one.
type Page[T any] struct {
	Items      []T
	NextCursor string
}

// NextPage makes a page of items fetched with one more than limit: the extra one only tells that another
// page follows, which starts after the position of the last item kept.
func NextPage[T any](items []T, limit int, position func(T) Cursor) *Page[T] {
	p := &Page[T]{Items: items}
	if len(items) > limit {
		p.Items = items[:limit]
		p.NextCursor = position(p.Items[limit-1]).Token()
	}
	return p
}
