// Package csvsafe writes every CSV the app hands out (the units registry, a vote's record): cells that a
// spreadsheet would run as a formula are written as text. A cell that starts with '=', '+', '-', '@', a
// tab or a carriage return gets a leading single quote, as OWASP advises for CSV injection: a voter named
// '=HYPERLINK(…)' opens as that text, not as a live link. Guard and Unguard are the two directions, so a
// CSV the app also reads back (the units registry) round-trips.
package csvsafe

import (
	"encoding/csv"
	"io"
	"strings"
)

// Writer is a csv.Writer that guards each cell.
type Writer struct {
	w *csv.Writer
}

// NewWriter writes records separated by comma (';' for Spanish spreadsheets), with CRLF line ends when
// crlf is set.
func NewWriter(w io.Writer, comma rune, crlf bool) *Writer {
	cw := csv.NewWriter(w)
	cw.Comma = comma
	cw.UseCRLF = crlf
	return &Writer{w: cw}
}

// Write writes one record, each cell through Guard.
func (w *Writer) Write(record []string) error {
	cells := make([]string, len(record))
	for i, c := range record {
		cells[i] = Guard(c)
	}
	return w.w.Write(cells)
}

// Flush writes any buffered data out.
func (w *Writer) Flush() { w.w.Flush() }

// Error is the first error of a Write or Flush.
func (w *Writer) Error() error { return w.w.Error() }

// formulaStart reports whether a spreadsheet may take a cell starting with c as a formula.
func formulaStart(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// Guard returns cell as a spreadsheet reads it as text: with a leading single quote when it starts with
// one of = + - @, a tab or a carriage return.
func Guard(cell string) string {
	if cell != "" && formulaStart(cell[0]) {
		return "'" + cell
	}
	return cell
}

// Unguard undoes Guard on a cell read back: a single quote is removed only when what follows would have
// been guarded, so a name that really starts with a quote ("'s Hertogenbosch") stays as it is.
func Unguard(cell string) string {
	if rest, ok := strings.CutPrefix(cell, "'"); ok && rest != "" && formulaStart(rest[0]) {
		return rest
	}
	return cell
}
