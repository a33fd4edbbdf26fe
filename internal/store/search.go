package store

import (
	"database/sql/driver"
	"strings"

	"modernc.org/sqlite"
)

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// containsText appends to b the condition that column, text kept accent-free and lower-cased, holds
// search, normalized the same way (domain.SearchText), and returns args with the value it binds.
//
// SQLite: contains_text(column, ?), a plain substring test written in Go (below), with a bound value
// that never makes SQLite re-plan the statement (a bound LIKE pattern does: its LIKE-prefix optimization
// reads it). PostgreSQL: LIKE '%' || ? || '%', the form its trigram indexes serve (migration 0008); it
// folds the concatenation into the pattern when it plans, so it weighs the index for this very word.
func (e Engine) containsText(b *strings.Builder, args []any, column, search string) []any {
	if e == SQLite {
		b.WriteString(" AND contains_text(" + column + ", ?)")
		return append(args, search)
	}
	b.WriteString(" AND " + column + ` LIKE '%' || ? || '%' ESCAPE '\'`)
	return append(args, likeEscaper.Replace(search))
}

// contains_text(haystack, needle) is 1 when the text haystack holds the text needle, 0 otherwise (and
// when either is NULL or not text): instr(haystack, needle) > 0, which it replaces (docs/adr/0036).
// SQLite's instr, compiled from C to Go, compares byte by byte and was half of a search request's CPU:
// a search walks about 20 incidents for each one it returns. strings.Contains does the same test with
// the processor's vector instructions, about ten times faster on a 300-character text; the arguments
// are views into SQLite's memory (VolatileArgs), valid during the call only, so nothing is copied and
// nothing is kept. Both texts are valid UTF-8 (SQLite stores what Go gave it, and domain.SearchText
// never yields invalid UTF-8), so a byte match starts on a character, as instr's does.
func init() {
	sqlite.MustRegisterFunction("contains_text", &sqlite.FunctionImpl{
		NArgs:         2,
		Deterministic: true,
		VolatileArgs:  true,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			haystack, ok1 := args[0].(string)
			needle, ok2 := args[1].(string)
			if ok1 && ok2 && containsRare(haystack, needle) {
				return int64(1), nil
			}
			return int64(0), nil
		},
	})
}

// letterRank ranks the bytes of lower-cased, accent-free Spanish and Catalan text by how often they
// occur: the space and the commonest letters highest, every other byte 0.
var letterRank = func() (r [256]uint8) {
	const common = " eaosrnidlctumpbgvyqhfzjxkw" // most common first
	for i := range len(common) {
		r[common[i]] = uint8(len(common) - i)
	}
	return r
}()

// containsRare is strings.Contains(haystack, needle), faster on our texts: it looks for the needle's
// rarest byte (vector instructions skip the text between its occurrences) and compares the needle
// around each one. strings.Contains anchors on the needle's first byte, which in a Spanish word is often
// an "a" or an "e", found every few bytes: three times slower on "agua" in a 300-character text.
func containsRare(haystack, needle string) bool {
	if len(needle) < 2 || len(needle) > len(haystack) {
		return strings.Contains(haystack, needle)
	}
	k := 0
	for i := 1; i < len(needle); i++ {
		if letterRank[needle[i]] < letterRank[needle[k]] {
			k = i
		}
	}
	c, last := needle[k], len(haystack)-len(needle)+k // the anchor, and its last position that leaves room
	for i := k; i <= last; i++ {
		j := strings.IndexByte(haystack[i:last+1], c)
		if j < 0 {
			return false
		}
		i += j
		if haystack[i-k:i-k+len(needle)] == needle {
			return true
		}
	}
	return false
}
