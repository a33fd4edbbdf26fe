package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"modernc.org/sqlite"

	"vecinos/internal/domain"
)

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// containsText appends to b the condition that column, text kept accent-free and lower-cased, holds
// search, normalized the same way (domain.SearchText), and returns args with the value it binds.
//
// SQLite: contains_text(column, ?), a plain substring test written in Go (below), with a bound value
// that never makes SQLite re-plan the statement (a bound LIKE pattern does: its LIKE-prefix optimization
// reads it). PostgreSQL: column LIKE ?, the form its trigram indexes serve (migration 0008), with the
// whole pattern bound (likePattern): a custom plan weighs the index for this very pattern, and a generic
// plan compares the column with a parameter, which an index condition takes as it is, rather than with
// an expression built from one.
func (e Engine) containsText(b *strings.Builder, args []any, column, search string) []any {
	if e == SQLite {
		b.WriteString(" AND contains_text(" + column + ", ?)")
		return append(args, search)
	}
	b.WriteString(" AND " + column + " LIKE CAST(? AS TEXT)")
	return append(args, likePattern(search))
}

// likePattern is PostgreSQL's LIKE pattern of a text that holds search: its own %, _ and \ escaped with
// LIKE's default escape character, the backslash.
func likePattern(search string) string {
	return "%" + likeEscaper.Replace(search) + "%"
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

// The word index of the incident search (migrations 0048 and 0053, docs/adr/0046 and 0048).
//
// A search walks the community's incidents newest first and tests each one: for a word in one incident
// of 20 that is ~420 index entries for a page of 21, and the walk, not the test, became most of its cost
// (ADR 0036). incident_words holds, per community and word of an incident's search_text, the incident's
// (created_at, id), in that order: the incidents holding a word come out newest first, a page's worth at
// a time. A query of letters only, at least minIndexedWord of them, can only be found inside one word of
// a text (a word is a longest run of letters), so the incidents that hold it are among those of the words
// of the community's vocabulary that contain it. The list's query then walks each such word's postings
// instead of the community's incidents, with every condition of the list, the substring test included,
// and the pages of the words are merged newest first: the index only narrows the rows the list query
// reads, never decides a result, so postings left behind (none should be) could cost time but never
// change an answer.
//
// Words shorter than minIndexedWord are not indexed: no query the index serves fits in them. Queries that
// hold anything other than letters (a space, a digit, "%", "#"), shorter ones, and queries that more than
// maxSearchWords words of the vocabulary contain (a common fragment such as "ent": the walk finds its
// page in a few entries) walk the community as before. Both engines (PostgreSQL since migration 0053,
// docs/adr/0048).

// minIndexedWord is the length, in letters, of the shortest word indexed and of the shortest query that
// the index serves.
const minIndexedWord = 3

// maxSearchWords is how many words of the vocabulary may contain a query that the index serves.
const maxSearchWords = 8

// searchWords returns the distinct words of text (a search_text) of at least minIndexedWord letters, in
// their order of first appearance.
func searchWords(text string) []string {
	var words []string
	start, n := -1, 0 // the current word's first byte (-1: none) and its letters
	flush := func(end int) {
		if start >= 0 && n >= minIndexedWord {
			w := text[start:end]
			if !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		start, n = -1, 0
	}
	for i, r := range text {
		if !unicode.IsLetter(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
		n++
	}
	flush(len(text))
	return words
}

// indexableQuery reports whether the word index can serve a search for q: q is all letters, at least
// minIndexedWord of them.
func indexableQuery(q string) bool {
	n := 0
	for _, r := range q {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n >= minIndexedWord
}

// vocabulary keeps in memory, per community, the words of incident_vocabulary: a search finds the words
// that contain its query by scanning them in Go, and an insert skips the words already there. It only
// ever holds committed rows, read on the reader pool, up to the highest seq read (rows of a community
// are only added, and removed with the community); a search first reads the community's highest seq and
// reads the rows after the cached one when it has grown.
type vocabulary struct {
	mu          sync.Mutex
	communities map[string]*communityWords
}

type communityWords struct {
	mu    sync.Mutex // held while reading more rows
	seq   int64
	words []string // only appended to: a reader may scan the slices it took while more are added
	ids   []int64  // the words' seq, their id in incident_words
	known map[string]int64
}

func (v *vocabulary) of(communityID string) *communityWords {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.communities == nil {
		v.communities = map[string]*communityWords{}
	}
	cw := v.communities[communityID]
	if cw == nil {
		cw = &communityWords{known: map[string]int64{}}
		v.communities[communityID] = cw
	}
	return cw
}

// refresh reads the community's rows of incident_vocabulary after the cached ones, on the reader pool
// (committed rows only), and returns the community's words and their ids.
func (cw *communityWords) refresh(ctx context.Context, db *DB, communityID string) ([]string, []int64, error) {
	var top sql.NullInt64
	if err := db.reader().queryRow(ctx, "SELECT MAX(seq) FROM incident_vocabulary WHERE community_id = ?",
		communityID).Scan(&top); err != nil {
		return nil, nil, err
	}
	cw.mu.Lock()
	defer cw.mu.Unlock()
	if top.Int64 > cw.seq {
		type row struct {
			seq  int64
			word string
		}
		rows, err := queryAll(ctx, db.reader(), func(r scanner) (w row, err error) { return w, r.Scan(&w.seq, &w.word) },
			"SELECT seq, word FROM incident_vocabulary WHERE community_id = ? AND seq > ? ORDER BY seq", communityID, cw.seq)
		if err != nil {
			return nil, nil, err
		}
		for _, r := range rows {
			if _, ok := cw.known[r.word]; !ok {
				cw.known[r.word] = r.seq
				cw.words = append(cw.words, r.word)
				cw.ids = append(cw.ids, r.seq)
			}
			cw.seq = max(cw.seq, r.seq)
		}
	}
	return cw.words, cw.ids, nil
}

// lookUp adds to ids the ids of the words that the cache holds, and returns the others (all of them if
// it was never read).
func (cw *communityWords) lookUp(words []string, ids map[string]int64) (unknown []string) {
	cw.mu.Lock()
	defer cw.mu.Unlock()
	for _, w := range words {
		if id, ok := cw.known[w]; ok {
			ids[w] = id
		} else {
			unknown = append(unknown, w)
		}
	}
	return unknown
}

// incidentWordRows is one community's postings to add or remove: the words of each incident.
type incidentWordRows struct {
	communityID string
	createdAt   int64
	incidentID  string
	words       []string
}

// inChunks calls do with the rows of values (each of width values) in chunks of 64, 16, 4 or 1 rows, so
// that a statement built for a chunk has one of a few shapes whatever the count.
func inChunks(values []any, width int, do func(rows int, values []any) error) error {
	for rows := len(values) / width; rows > 0; {
		n := 1
		for _, size := range []int{64, 16, 4} {
			if rows >= size {
				n = size
				break
			}
		}
		if err := do(n, values[:n*width]); err != nil {
			return err
		}
		values, rows = values[n*width:], rows-n
	}
	return nil
}

// insertRows inserts rows (each of width values) into head, several rows a statement, skipping those
// that a unique key already holds (SQLite's INSERT OR IGNORE, PostgreSQL's ON CONFLICT DO NOTHING).
func insertRows(ctx context.Context, tx conn, head string, width int, values []any) error {
	row := "(" + placeholders(width) + ")"
	return inChunks(values, width, func(n int, values []any) error {
		rows := strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
		q := "INSERT OR IGNORE INTO " + head + " VALUES " + rows
		if tx.db.engine == Postgres {
			q = "INSERT INTO " + head + " VALUES " + rows + " ON CONFLICT DO NOTHING"
		}
		_, err := tx.exec(ctx, q, values...)
		return err
	})
}

// addIncidentWords indexes the words of rows, in the transaction tx: the words the community's
// vocabulary does not hold yet, then the postings, by the words' ids. On PostgreSQL two transactions may
// add the same new word at once: the second waits at its ON CONFLICT for the first to end, and then
// reads the first's row (READ COMMITTED: each statement sees what committed before it).
func addIncidentWords(ctx context.Context, tx conn, rows []incidentWordRows) error {
	ids := map[string]map[string]int64{} // community → word → id
	unknown := map[string][]any{}        // community → words to add
	for _, r := range rows {
		if ids[r.communityID] == nil {
			ids[r.communityID] = map[string]int64{}
		}
		for _, w := range tx.db.vocabulary.of(r.communityID).lookUp(r.words, ids[r.communityID]) {
			ids[r.communityID][w] = 0
			unknown[r.communityID] = append(unknown[r.communityID], w)
		}
	}
	for community, words := range unknown {
		slices.SortFunc(words, func(a, b any) int { return strings.Compare(a.(string), b.(string)) })
		words = slices.Compact(words)
		values := make([]any, 0, 2*len(words))
		for _, w := range words {
			values = append(values, community, w)
		}
		if err := insertRows(ctx, tx, "incident_vocabulary (community_id, word)", 2, values); err != nil {
			return err
		}
		// Their ids, read in the transaction: not cached, since it may yet roll back.
		if err := inChunks(words, 1, func(n int, words []any) error {
			found, err := queryAll(ctx, tx, func(r scanner) (w struct {
				word string
				id   int64
			}, err error) {
				return w, r.Scan(&w.word, &w.id)
			}, "SELECT word, seq FROM incident_vocabulary WHERE community_id = ? AND word IN ("+placeholders(n)+")", append([]any{community}, words...)...)
			for _, f := range found {
				ids[community][f.word] = f.id
			}
			return err
		}); err != nil {
			return err
		}
	}
	var postings []any
	for _, r := range rows {
		for _, w := range r.words {
			postings = append(postings, ids[r.communityID][w], r.createdAt, r.incidentID)
		}
	}
	return insertRows(ctx, tx, "incident_words (word_id, created_at, incident_id)", 3, postings)
}

// reindexIncidentWords follows an edit of an incident's text: the postings of the words it lost go, those of
// the words it gained come.
func reindexIncidentWords(ctx context.Context, tx conn, communityID, incidentID string, createdAt int64, oldText, newText string) error {
	if oldText == newText {
		return nil
	}
	oldWords, newWords := searchWords(oldText), searchWords(newText)
	var gone, came []string
	for _, w := range oldWords {
		if !slices.Contains(newWords, w) {
			gone = append(gone, w)
		}
	}
	for _, w := range newWords {
		if !slices.Contains(oldWords, w) {
			came = append(came, w)
		}
	}
	for _, w := range gone {
		if _, err := tx.exec(ctx, `DELETE FROM incident_words WHERE word_id = (SELECT seq FROM incident_vocabulary WHERE community_id = ? AND word = ?)
			AND created_at = ? AND incident_id = ?`, communityID, w, createdAt, incidentID); err != nil {
			return err
		}
	}
	return addIncidentWords(ctx, tx, []incidentWordRows{{communityID, createdAt, incidentID, came}})
}

// searchIncidents serves a search of the list from the word index, when it can (an indexable
// query, few words of the vocabulary holding it); ok is false when the list should walk instead. Each word
// that holds the query gives the newest f.Limit incidents that hold the word and meet every condition of
// the list, the substring test included (incidentListQuery with the word): those of the answer are among
// them, and merged newest first they are the answer, the walk's.
func (db *DB) searchIncidents(ctx context.Context, communityID string, f domain.IncidentFilter) (out []domain.Incident, ok bool, err error) {
	if !indexableQuery(f.Search) || f.Limit <= 0 {
		return nil, false, nil
	}
	var words int
	if db.engine == Postgres {
		if out, words, err = db.searchIncidentsPostgres(ctx, communityID, f); err != nil || words > maxSearchWords {
			return nil, false, err
		}
	} else {
		ids, ok, err := db.searchWordIDs(ctx, communityID, f.Search)
		if !ok || err != nil {
			return nil, false, err
		}
		out, words = []domain.Incident{}, len(ids)
		r := db.readerIn(ctx)
		for _, w := range ids {
			q, args := incidentListQuery(db.engine, communityID, f, w)
			page, err := queryAll(ctx, r, newIncidentScan().row, q, args...)
			if err != nil {
				return nil, true, err
			}
			out = append(out, page...)
		}
	}
	if words > 1 {
		newer := func(a, b domain.Incident) int {
			if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
				return c
			}
			return strings.Compare(b.ID, a.ID)
		}
		slices.SortFunc(out, newer)
		out = slices.CompactFunc(out, func(a, b domain.Incident) bool { return a.ID == b.ID })
	}
	return out[:min(len(out), f.Limit)], true, nil
}

// vocabularyWord, as incidentListQuery's word, has the query read the word's id from the row v of the
// statement around it (postgresSearchQuery) instead of binding it.
const vocabularyWord = -1

// postgresSearchQuery is the whole search of the word index in one statement, for PostgreSQL (one round
// trip instead of one for the vocabulary and one per word): v, the words of the vocabulary that contain
// f.Search (maxSearchWords+1 at most, each with n, how many), and for each the page of the list's query
// over its postings (LEFT JOIN: a word whose page is empty still gives one row, all NULL but n). The
// pages are only read when n <= maxSearchWords; otherwise the rows say so and the list walks.
func postgresSearchQuery(communityID string, f domain.IncidentFilter) (string, []any) {
	page, args := incidentListQuery(Postgres, communityID, f, vocabularyWord)
	return `SELECT v.n, p.* FROM (SELECT seq, count(*) OVER () AS n FROM (SELECT seq FROM incident_vocabulary
		WHERE community_id = ? AND strpos(word, ?) > 0 LIMIT ` + strconv.Itoa(maxSearchWords+1) + `) x) v
		LEFT JOIN LATERAL (` + page + `) p ON true`, append([]any{communityID, f.Search}, args...)
}

// searchIncidentsPostgres runs postgresSearchQuery: the pages of the words, unmerged, and how many words
// contain the query (none: no incident holds it).
func (db *DB) searchIncidentsPostgres(ctx context.Context, communityID string, f domain.IncidentFilter) ([]domain.Incident, int, error) {
	q, args := postgresSearchQuery(communityID, f)
	words := 0
	rows, err := queryAll(ctx, db.readerIn(ctx), func(r scanner) (*domain.Incident, error) {
		var n int
		var id, community, title, description, priority, status, createdByName, assignedToName *string
		var in domain.Incident
		var created, updated, deleted *int64
		if err := r.Scan(&n, &id, &community, &title, &description, &in.Location, &priority, &status, &in.CreatedBy, &createdByName,
			&in.AssignedTo, &assignedToName, &in.ImageURL, &created, &updated, &deleted); err != nil {
			return nil, err
		}
		words = n
		if id == nil { // a word without a page, or too many words
			return nil, nil
		}
		in.ID, in.CommunityID, in.Title, in.Description, in.CreatedByName, in.AssignedToName = *id, *community, *title, *description, *createdByName, *assignedToName
		in.Priority, in.Status = domain.Priority(*priority), domain.IncidentStatus(*status)
		in.CreatedAt, in.UpdatedAt, in.DeletedAt = fromMS(*created), fromMS(*updated), fromNullMS(deleted)
		return &in, nil
	}, q, args...)
	out := make([]domain.Incident, 0, len(rows))
	for _, r := range rows {
		if r != nil {
			out = append(out, *r)
		}
	}
	return out, words, err
}

// searchWordIDs returns the ids of the words of the community's vocabulary that contain q; ok is false
// when more than maxSearchWords do (the walk is then the better plan).
//
// SQLite scans its cache of the vocabulary in Go: one writer commits the words in the order of their seq,
// so a reader that has seen seq n has seen every word before it. On PostgreSQL concurrent transactions
// commit their words in any order (a word with a lower seq may commit after a higher one was read), so
// such a cache could miss a word for good: it asks the database, which scans the community's part of
// the vocabulary's unique index (community_id, word), reading the words only.
func (db *DB) searchWordIDs(ctx context.Context, communityID, q string) (ids []int64, ok bool, err error) {
	if db.engine == Postgres {
		ids, err := queryAll(ctx, db.readerIn(ctx), values(func(r scanner) (*int64, error) {
			var id int64
			return &id, r.Scan(&id)
		}), "SELECT seq FROM incident_vocabulary WHERE community_id = ? AND strpos(word, ?) > 0 LIMIT "+strconv.Itoa(maxSearchWords+1), communityID, q)
		return ids, err == nil && len(ids) <= maxSearchWords, err
	}
	vocab, vocabIDs, err := db.vocabulary.of(communityID).refresh(ctx, db, communityID)
	if err != nil {
		return nil, false, err
	}
	for i, w := range vocab {
		if containsRare(w, q) {
			if len(ids) == maxSearchWords {
				return nil, false, nil
			}
			ids = append(ids, vocabIDs[i])
		}
	}
	return ids, true, nil
}

// indexIncidentWords fills the word index with the incidents already stored (migrations 0048 and 0053), a thousand
// at a time.
func indexIncidentWords(ctx context.Context, tx conn) error {
	type row struct {
		id, community, text string
		at                  int64
	}
	// The ids cached before the table was made (none, but for a test that makes it again) mean nothing.
	tx.db.vocabulary.mu.Lock()
	tx.db.vocabulary.communities = nil
	tx.db.vocabulary.mu.Unlock()
	last := ""
	for {
		rows, err := queryAll(ctx, tx, func(r scanner) (w row, err error) { return w, r.Scan(&w.id, &w.community, &w.text, &w.at) },
			"SELECT id, community_id, search_text, created_at FROM incidents WHERE id > ? ORDER BY id LIMIT 1000", last)
		if err != nil || len(rows) == 0 {
			return err
		}
		words := make([]incidentWordRows, len(rows))
		for i, r := range rows {
			words[i] = incidentWordRows{r.community, r.at, r.id, searchWords(r.text)}
		}
		if err := addIncidentWords(ctx, tx, words); err != nil {
			return err
		}
		last = rows[len(rows)-1].id
	}
}

// ExplainIncidentSearch returns the engine's plan of a search of f served by the word index, one line
// per step: on PostgreSQL its one statement, on SQLite the page of the first word that contains
// f.Search (it scans its cache of the vocabulary in Go); "" when the index does not serve f (for tests
// of the plans).
func (db *DB) ExplainIncidentSearch(ctx context.Context, communityID string, f domain.IncidentFilter) (string, error) {
	if !indexableQuery(f.Search) || f.Limit <= 0 {
		return "", nil
	}
	words, ok, err := db.searchWordIDs(ctx, communityID, f.Search)
	if !ok || err != nil || len(words) == 0 {
		return "", err
	}
	if db.engine == Postgres {
		q, args := postgresSearchQuery(communityID, f)
		return db.explain(ctx, "EXPLAIN "+q, args...)
	}
	q, args := incidentListQuery(db.engine, communityID, f, words[0])
	return db.explain(ctx, "EXPLAIN QUERY PLAN "+q, args...)
}
