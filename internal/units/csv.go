package units

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"vecinos/internal/csvsafe"
	"vecinos/internal/domain"
)

// The CSV of the registry, as an administrador de fincas keeps the building in a spreadsheet: one unit a
// line, with a header naming the columns. Export writes CSVHeader with ';' and decimal commas (what
// Spanish Excel reads) and a UTF-8 BOM; import takes ';' or ',' and either decimal mark, with or without
// the BOM, and columns in any order: portal, escalera, planta, nombre (or puerta, then the name is made
// from planta and puerta: '2º B'), tipo, coeficiente. Only nombre or puerta is required. A cell that would
// start a formula (a floor '-1') is exported with a leading quote (csvsafe.Guard), which the import removes
// again, so an export imports back as it was.

// CSVHeader is the first line of an export.
const CSVHeader = "portal;escalera;planta;nombre;tipo;coeficiente"

// MaxImportLines bounds an import.
const MaxImportLines = domain.MaxGeneratedUnits

// maxImportBytes bounds the text of an import.
const maxImportBytes = 1 << 20

var bom = []byte("\xef\xbb\xbf")

// Export writes the registry of the admin's community as CSV.
func (s *Service) Export(ctx context.Context, a *domain.Actor) ([]byte, error) {
	r, err := s.List(ctx, a)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(bom)
	w := csvsafe.NewWriter(&b, ';', true) // a cell a spreadsheet would run ('-1' as a floor) is written as text; ParseCSV unguards it
	_ = w.Write(strings.Split(CSVHeader, ";"))
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for _, u := range r.Units {
		coef := ""
		if u.Coefficient != nil {
			coef = strings.ReplaceAll(u.Coefficient.String(), ".", ",")
		}
		kind := u.Kind
		if kind == "" {
			kind = domain.KindDwelling
		}
		_ = w.Write([]string{str(u.Building), str(u.Staircase), str(u.Floor), u.UnitNumber, string(kind), coef})
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// ImportError is a CSV refused: what is wrong, line by line. Nothing of it was imported.
type ImportError struct {
	Lines []*domain.Error // "Línea 4: el coeficiente «abc» no es un número", and in each language
}

func (e *ImportError) Error() string {
	msgs := make([]string, len(e.Lines))
	for i, l := range e.Lines {
		msgs[i] = l.Message
	}
	return strings.Join(msgs, "; ")
}

// Unwrap makes it a domain error (invalid) with a summary.
func (e *ImportError) Unwrap() error {
	if len(e.Lines) == 1 {
		return domain.Errorf(domain.CodeInvalid, "El CSV tiene un error; no se ha importado nada")
	}
	return domain.Errorf(domain.CodeInvalid, "El CSV tiene %d errores; no se ha importado nada", len(e.Lines))
}

// Problems are the lines, for the HTTP layer to write in the request's language.
func (e *ImportError) Problems() []*domain.Error { return e.Lines }

// clause is a message written after "Línea N: ", its first letter in lower case in every language.
type clause struct{ err error }

func (c clause) String() string { return c.In(domain.Spanish) }

func (c clause) In(lang domain.Language) string {
	msg := domain.ErrorMessageIn(c.err, lang)
	r, n := utf8.DecodeRuneInString(msg)
	return string(unicode.ToLower(r)) + msg[n:]
}

// oneLine is an import refused for a single reason.
func oneLine(e *domain.Error) *ImportError { return &ImportError{Lines: []*domain.Error{e}} }

// ImportResult says what an import did.
type ImportResult struct {
	Added, Updated, Removed int
	// Missing are the units of the registry the CSV does not have that are still there: all of them,
	// or, when the import removed the empty ones, those that have residents or an owner.
	Missing []string
}

// Line is a valid line of an import: its number in the file, its unit, and the cells of the caller's
// further columns (Columns), by their name.
type Line struct {
	Number int
	Unit   domain.Unit
	Extra  map[string]string
}

// Columns extend the registry's CSV for another import (the office's units and owners, issue #35): the
// further columns a file may have, each by the header names it is known by, and a check of a line's
// further cells that words what is wrong with it ("Línea N: …"), reported with the other lines' errors.
type Columns struct {
	Names map[string][]string // column → header names (compared as domain.SearchKey folds them)
	Check func(line int, cell func(column string) string) *domain.Error
}

// ParseCSV reads the CSV of the registry (see CSVHeader). Every line is checked; the errors come back
// together, one per faulty line.
func ParseCSV(data []byte) ([]domain.Unit, error) {
	lines, err := ParseLines(data, Columns{})
	if err != nil {
		return nil, err
	}
	out := make([]domain.Unit, len(lines))
	for i, l := range lines {
		out[i] = l.Unit
	}
	return out, nil
}

// ParseLines reads the CSV of the registry with the further columns of extra: the one parser and the one
// validation of a unit's line, whoever imports.
func ParseLines(data []byte, extra Columns) ([]Line, error) {
	if len(data) > maxImportBytes {
		return nil, domain.Errorf(domain.CodeInvalid, "El CSV no puede superar 1 MB")
	}
	data = bytes.TrimPrefix(data, bom)
	if !utf8.Valid(data) {
		return nil, oneLine(domain.Errorf(domain.CodeInvalid, "El archivo no está en UTF-8: guárdalo como «CSV UTF-8» e inténtalo de nuevo"))
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	first, _, _ := strings.Cut(strings.TrimLeft(text, "\n"), "\n")
	if strings.TrimSpace(first) == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "El CSV está vacío")
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = ','
	if strings.Count(first, ";") >= strings.Count(first, ",") {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true

	header, err := r.Read()
	if err != nil {
		return nil, oneLine(csvLineError(err))
	}
	line, _ := r.FieldPos(0)
	usage := strings.ReplaceAll(CSVHeader, ";", ", ")
	extraOf := map[string]string{}
	for col, names := range extra.Names {
		for _, n := range names {
			extraOf[domain.SearchKey(n)] = col
		}
	}
	extraCols := make([]string, 0, len(extra.Names))
	for col := range extra.Names {
		extraCols = append(extraCols, col)
	}
	sort.Strings(extraCols)
	for _, col := range extraCols {
		usage += ", " + col
	}
	cols := map[string]int{}
	for i, h := range header {
		name := columnName(h)
		if name == "" {
			name = extraOf[domain.SearchKey(strings.TrimSpace(h))]
		}
		if name == "" {
			return nil, oneLine(domain.Errorf(domain.CodeInvalid, "Línea %d: la columna «%s» no existe (usa %s)", line, strings.TrimSpace(h), usage))
		}
		cols[name] = i
	}
	_, hasName := cols["nombre"]
	_, hasDoor := cols["puerta"]
	if !hasName && !hasDoor {
		return nil, oneLine(domain.Errorf(domain.CodeInvalid, "Línea %d: falta la columna «nombre» (o «puerta»)", line))
	}

	var rows []Line
	var problems []*domain.Error
	seen := map[string]int{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			problems = append(problems, csvLineError(err))
			break
		}
		line, _ := r.FieldPos(0)
		get := func(col string) string {
			if i, ok := cols[col]; ok && i < len(rec) {
				return strings.Join(strings.Fields(csvsafe.Unguard(rec[i])), " ")
			}
			return ""
		}
		if strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue // an empty line, as spreadsheets leave at the end
		}
		if len(rows)+len(problems) >= MaxImportLines {
			problems = append(problems, domain.Errorf(domain.CodeInvalid, "Línea %d: el CSV no puede tener más de %d unidades", line, MaxImportLines))
			break
		}
		u, problem := rowUnit(line, get)
		if problem == nil && extra.Check != nil {
			problem = extra.Check(line, get)
		}
		if problem != nil {
			problems = append(problems, problem)
			continue
		}
		if prev, ok := seen[u.Key()]; ok {
			problems = append(problems, domain.Errorf(domain.CodeInvalid, "Línea %d: «%s» ya está en la línea %d", line, u.Label(), prev))
			continue
		}
		seen[u.Key()] = line
		l := Line{Number: line, Unit: u}
		if len(extra.Names) > 0 {
			l.Extra = map[string]string{}
			for col := range extra.Names {
				l.Extra[col] = get(col)
			}
		}
		rows = append(rows, l)
	}
	if len(problems) > 0 {
		return nil, &ImportError{Lines: problems}
	}
	if len(rows) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "El CSV no tiene ninguna unidad")
	}
	return rows, nil
}

// rowUnit makes the unit of the line numbered line, or says what is wrong with it.
func rowUnit(line int, get func(string) string) (domain.Unit, *domain.Error) {
	opt := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	u := domain.Unit{Building: opt(get("portal")), Staircase: opt(get("escalera")), Floor: opt(get("planta")), Kind: domain.KindDwelling}
	u.UnitNumber = get("nombre")
	if u.UnitNumber == "" && get("puerta") != "" {
		u.UnitNumber = nameOf(get("planta"), get("puerta"))
	}
	if u.UnitNumber == "" {
		return u, domain.Errorf(domain.CodeInvalid, "Línea %d: falta el nombre (o la puerta) de la unidad", line)
	}
	for _, v := range []*string{&u.UnitNumber, u.Floor, u.Building, u.Staircase} {
		if v != nil && utf8.RuneCountInString(*v) > domain.UnitNameMax {
			return u, domain.Errorf(domain.CodeInvalid, "Línea %d: «%s» supera %d caracteres", line, *v, domain.UnitNameMax)
		}
	}
	if k := get("tipo"); k != "" {
		kind, ok := kindOf(k)
		if !ok {
			return u, domain.Errorf(domain.CodeInvalid, "Línea %d: el tipo «%s» no es válido (vivienda, local o garaje)", line, k)
		}
		u.Kind = kind
	}
	if c := get("coeficiente"); c != "" {
		coef, err := domain.ParseCoefficient(c)
		if err != nil {
			return u, domain.Errorf(domain.CodeInvalid, "Línea %d: %s", line, clause{err})
		}
		u.Coefficient = &coef
	}
	return u, nil
}

// nameOf names a unit by its floor and door: '2º B' for floor 2, 'Bajo B', or the door alone.
func nameOf(floor, door string) string {
	switch {
	case floor == "":
		return door
	case isDigits(floor):
		n, _ := strconv.Atoi(floor)
		return fmt.Sprintf("%dº %s", n, door)
	}
	return floor + " " + door
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func columnName(h string) string {
	switch domain.SearchKey(strings.TrimSpace(h)) {
	case "portal", "bloque":
		return "portal"
	case "escalera":
		return "escalera"
	case "planta", "piso":
		return "planta"
	case "nombre", "vivienda", "unidad":
		return "nombre"
	case "puerta", "letra":
		return "puerta"
	case "tipo":
		return "tipo"
	case "coeficiente", "cuota", "cuota de participacion", "coeficiente de participacion":
		return "coeficiente"
	}
	return ""
}

func kindOf(s string) (domain.UnitKind, bool) {
	switch domain.SearchKey(s) {
	case "vivienda", "piso":
		return domain.KindDwelling, true
	case "local", "local comercial":
		return domain.KindPremises, true
	case "garaje", "garage", "plaza de garaje", "plaza":
		return domain.KindGarage, true
	}
	return "", false
}

func csvLineError(err error) *domain.Error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote) {
			return domain.Errorf(domain.CodeInvalid, "Línea %d: hay unas comillas sin cerrar", pe.StartLine)
		}
		return domain.Errorf(domain.CodeInvalid, "Línea %d: no se puede leer", pe.StartLine)
	}
	return domain.Errorf(domain.CodeInvalid, "No se puede leer el CSV")
}

// Import adds the units of a CSV to the admin's community, or updates those that exist (same portal,
// staircase and name: their floor, kind and coeficiente). It is all or nothing: with any faulty line,
// nothing is imported. Units of the registry missing from the CSV are listed in the result; with
// removeMissing, the empty ones among them are removed, and those with residents, further members or an
// owner always stay (an administrador de fincas' spreadsheet may lag behind who lives where; removing
// an occupied unit is done by hand, merging it into another one).
func (s *Service) Import(ctx context.Context, a *domain.Actor, data []byte, removeMissing bool) (*ImportResult, error) {
	rows, err := ParseCSV(data)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		units, err := s.unitsForUpdate(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if _, err := s.apply(ctx, a.CommunityID, units, rows, res); err != nil {
			return err
		}
		inFile := map[string]bool{}
		for _, u := range rows {
			inFile[u.Key()] = true
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditUnitsImported, TargetKind: "registry",
			TargetLabel: fmt.Sprintf("%d líneas", len(rows)), After: map[string]any{"added": res.Added, "updated": res.Updated}})
		return s.missing(ctx, a.CommunityID, units, inFile, removeMissing, res)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, "")
	return res, nil
}

// apply adds the units of rows to the community's registry units (read for update), or updates those
// that exist (same portal, staircase and name: their floor, kind and coeficiente), counting both in res.
// It returns the registry's unit of each row, in the order of rows.
func (s *Service) apply(ctx context.Context, communityID string, units []domain.Unit, rows []domain.Unit, res *ImportResult) ([]*domain.Unit, error) {
	byKey := map[string]*domain.Unit{}
	for i := range units {
		if _, ok := byKey[units[i].Key()]; !ok {
			byKey[units[i].Key()] = &units[i]
		}
	}
	now := s.now()
	out := make([]*domain.Unit, len(rows))
	for i, r := range rows {
		u := r
		if old := byKey[u.Key()]; old != nil {
			out[i] = old
			if sameUnit(old, &u) {
				continue
			}
			old.Floor, old.Kind, old.Coefficient = u.Floor, u.Kind, u.Coefficient
			if err := s.store.SaveUnit(ctx, old, now); err != nil {
				return nil, err
			}
			res.Updated++
			continue
		}
		u.ID, u.CommunityID = domain.NewID(), communityID
		if err := s.store.SaveUnit(ctx, &u, now); err != nil {
			return nil, err
		}
		out[i] = &u
		res.Added++
	}
	return out, nil
}

// ApplyInTx is the import of rows into the registry of communityID, in the caller's transaction (ctx,
// InTx): units are added or updated as Import does, never removed. It returns the registry's unit of
// each row, in order, and what it did; the caller audits and announces the change.
func (s *Service) ApplyInTx(ctx context.Context, communityID string, rows []domain.Unit) ([]*domain.Unit, *ImportResult, error) {
	units, err := s.unitsForUpdate(ctx, communityID)
	if err != nil {
		return nil, nil, err
	}
	res := &ImportResult{}
	out, err := s.apply(ctx, communityID, units, rows, res)
	if err != nil {
		return nil, nil, err
	}
	return out, res, nil
}

// missing lists in res the units not in the file (inFile has their keys), in the registry's order,
// removing the empty ones when remove.
func (s *Service) missing(ctx context.Context, communityID string, units []domain.Unit, inFile map[string]bool, remove bool, res *ImportResult) error {
	domain.SortUnits(units, func(u *domain.Unit) *domain.Unit { return u })
	for i := range units {
		u := &units[i]
		if inFile[u.Key()] {
			continue
		}
		if remove && u.OwnerID == nil {
			n, err := s.store.UnitResidents(ctx, u.ID)
			if err != nil {
				return err
			}
			// A unit with money entries stays, as its ledger does (issue #36): it is listed as missing.
			has, err := s.store.UnitHasLedger(ctx, communityID, u.ID)
			if err != nil {
				return err
			}
			if n == 0 && !has {
				if err := s.store.DeleteUnit(ctx, communityID, u.ID); err != nil {
					return err
				}
				res.Removed++
				continue
			}
		}
		res.Missing = append(res.Missing, u.Label())
	}
	return nil
}

func sameUnit(a, b *domain.Unit) bool {
	eq := func(x, y *string) bool { return (x == nil && y == nil) || (x != nil && y != nil && *x == *y) }
	ka, kb := a.Kind, b.Kind
	if ka == "" {
		ka = domain.KindDwelling
	}
	if kb == "" {
		kb = domain.KindDwelling
	}
	ca, cb := a.Coefficient, b.Coefficient
	return eq(a.Floor, b.Floor) && ka == kb && ((ca == nil && cb == nil) || (ca != nil && cb != nil && *ca == *cb))
}
