package domain

import (
	"encoding/base64"
	"testing"
	"time"
)

func TestCursorTokens(t *testing.T) {
	at := time.UnixMilli(1_790_000_000_123).UTC()
	for _, c := range []Cursor{{At: at, ID: NewID()}, {Pinned: true, At: at, ID: NewID()}} {
		got, err := ParseCursor(c.Token())
		if err != nil || *got != c {
			t.Errorf("round trip of %+v = %+v, %v", c, got, err)
		}
	}
	if c, err := ParseCursor(""); c != nil || err != nil {
		t.Errorf("empty token = %+v, %v; want the first page", c, err)
	}
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, bad := range []string{"!!nope", enc("1~123"), enc("2~123~id"), enc("0~ayer~id"), enc("0~123~"), enc("0~123~" + string(make([]byte, 65)))} {
		if _, err := ParseCursor(bad); err != ErrBadCursor {
			t.Errorf("ParseCursor(%q) = %v, want ErrBadCursor", bad, err)
		}
	}
}

func TestNextPage(t *testing.T) {
	pos := func(n int) Cursor { return Cursor{At: time.UnixMilli(int64(n)).UTC(), ID: "x"} }
	if p := NextPage([]int{1, 2, 3}, 3, pos); len(p.Items) != 3 || p.NextCursor != "" {
		t.Errorf("last page = %+v, want 3 items and no cursor", p)
	}
	p := NextPage([]int{1, 2, 3, 4}, 3, pos)
	if next, _ := ParseCursor(p.NextCursor); len(p.Items) != 3 || next == nil || *next != pos(3) {
		t.Errorf("page with more = %+v, want 3 items and a cursor after the third", p)
	}
	if PageLimit(0, 20, 100) != 20 || PageLimit(500, 20, 100) != 100 || PageLimit(7, 20, 100) != 7 {
		t.Error("PageLimit does not default and cap")
	}
}
