package store

import "strings"

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// containsText appends to b the condition that column, text kept accent-free and lower-cased, holds
// search, normalized the same way (domain.SearchText), and returns args with the value it binds.
//
// SQLite: instr(column, ?) > 0, a plain substring search, several times cheaper per row than LIKE's
// case-folding matcher (search_text is lower-cased already), and a bound value that does not make SQLite
// re-plan the statement at each run as a bound LIKE pattern does (its LIKE-prefix optimization reads it).
// PostgreSQL: LIKE '%' || ? || '%', the form its trigram indexes serve (migration 0008); it folds the
// concatenation into the pattern when it plans, so it weighs the index for this very word.
func (e Engine) containsText(b *strings.Builder, args []any, column, search string) []any {
	if e == SQLite {
		b.WriteString(" AND instr(" + column + ", ?) > 0")
		return append(args, search)
	}
	b.WriteString(" AND " + column + ` LIKE '%' || ? || '%' ESCAPE '\'`)
	return append(args, likeEscaper.Replace(search))
}
