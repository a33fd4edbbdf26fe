package domain

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// UnitKind is what a unit is: a dwelling, a commercial premises or a garage space.
type UnitKind string

const (
	KindDwelling UnitKind = "vivienda"
	KindPremises UnitKind = "local"
	KindGarage   UnitKind = "garaje"
)

// ValidUnitKind reports whether k is one of the kinds.
func ValidUnitKind(k UnitKind) bool {
	return k == KindDwelling || k == KindPremises || k == KindGarage
}

// Coefficient is a unit's coeficiente (cuota) de participación: a percentage with up to 4 decimals, kept
// exactly as ten-thousandths of a percent (12,3456 % is 123456).
type Coefficient int64

// CoefficientWhole is 100 %; CoefficientTolerance is how far from it the sum may be (0,01 %).
const (
	CoefficientWhole     Coefficient = 1_000_000
	CoefficientTolerance Coefficient = 100
)

var (
	coefficientRE = regexp.MustCompile(`^(\d{1,3})(?:[.,](\d{1,4}))?$`)
	tooPreciseRE  = regexp.MustCompile(`^\d+[.,]\d{5,}$`)
)

// ParseCoefficient reads a percentage as people type it: "12,3456", "12.5", "8", "8 %". It is between
// 0 and 100 with at most 4 decimals.
func ParseCoefficient(s string) (Coefficient, error) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	m := coefficientRE.FindStringSubmatch(t)
	if m == nil {
		if tooPreciseRE.MatchString(t) {
			return 0, Errorf(CodeInvalid, "El coeficiente «%s» tiene más de 4 decimales", strings.TrimSpace(s))
		}
		return 0, Errorf(CodeInvalid, "El coeficiente «%s» no es un número", strings.TrimSpace(s))
	}
	whole, _ := strconv.ParseInt(m[1], 10, 64)
	frac, _ := strconv.ParseInt((m[2] + "0000")[:4], 10, 64)
	c := Coefficient(whole*10000 + frac)
	if c > CoefficientWhole {
		return 0, Errorf(CodeInvalid, "El coeficiente «%s» no puede ser mayor que 100", strings.TrimSpace(s))
	}
	return c, nil
}

// String writes c with a decimal point and no trailing zeros: "12.3456", "8.5", "8".
func (c Coefficient) String() string {
	s := fmt.Sprintf("%d.%04d", c/10000, c%10000)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// CoefficientText is a Coefficient in a message (Translatable): with a decimal comma, but in English.
type CoefficientText Coefficient

func (c CoefficientText) String() string { return c.In(Spanish) }

func (c CoefficientText) In(lang Language) string {
	if lang == English {
		return Coefficient(c).String()
	}
	return strings.ReplaceAll(Coefficient(c).String(), ".", ",")
}

// CoefficientsComplete reports whether a sum of coeficientes is 100 % within 0,01.
func CoefficientsComplete(sum Coefficient) bool {
	d := sum - CoefficientWhole
	return d >= -CoefficientTolerance && d <= CoefficientTolerance
}

// AdminUnit is a unit as the admins' list of the units (Viviendas y locales) shows it: with its owner's name and how many live in it.
type AdminUnit struct {
	Unit
	OwnerName *string
	Residents int // members who live in it (profiles.unit_id)
}

// UnitNameMax is the longest name, floor, portal or staircase of a unit.
const UnitNameMax = 40

// UnitKey is what must be unique in a community: the portal, the staircase and the name, ignoring case
// and surrounding spaces. Two portals may each have a '1º A'.
func UnitKey(building, staircase *string, name string) string {
	norm := func(s *string) string {
		if s == nil {
			return ""
		}
		return strings.ToLower(strings.Join(strings.Fields(*s), " "))
	}
	return norm(building) + "\x00" + norm(staircase) + "\x00" + norm(&name)
}

// Key is UnitKey of u.
func (u *Unit) Key() string { return UnitKey(u.Building, u.Staircase, u.UnitNumber) }

// Label names u to people: portal, staircase and name ("Portal 1 · Escalera 2 · 1º A").
func (u *Unit) Label() string {
	parts := []string{}
	for _, p := range []*string{u.Building, u.Staircase} {
		if p != nil && *p != "" {
			parts = append(parts, *p)
		}
	}
	return strings.Join(append(parts, u.UnitNumber), " · ")
}

// ErrUnitNameTaken is the answer to a second unit with the same name in the same portal and staircase.
func ErrUnitNameTaken(u *Unit) error {
	return Errorf(CodeConflict, "Ya existe una unidad «%s»", u.Label())
}

// BuildingLayout is the building's shape as registration step 1 asks for it.
type BuildingLayout struct {
	Portals, Staircases, Floors, Doors int
	Nomenclature                       string
}

// MaxGeneratedUnits bounds the registry generated from a layout.
const MaxGeneratedUnits = 2000

// LayoutFromSignup reads the layout of the sign-up form: no floors or no doors per floor give no units;
// portals and staircases count 1 unless told otherwise.
func LayoutFromSignup(m SignupMetadata) BuildingLayout {
	l := BuildingLayout{Portals: 1, Staircases: 1, Nomenclature: m.Nomenclature}
	if m.FloorsCount != nil {
		l.Floors = *m.FloorsCount
	}
	if m.DoorsPerFloor != nil {
		l.Doors = *m.DoorsPerFloor
	}
	if m.PortalsCount != nil {
		l.Portals = *m.PortalsCount
	}
	if m.StairsCount != nil {
		l.Staircases = *m.StairsCount
	}
	return l
}

// DoorStyle is how the doors of a floor are named.
type DoorStyle int

const (
	DoorLetters DoorStyle = iota // A, B, C … Z, AA, AB …
	DoorNumbers                  // 1, 2, 3 …
	DoorList                     // the names given (Izquierda, Derecha), then numbers
)

// Nomenclature is how units are named, read from the free text of registration step 1 ("Nomenclatura de
// las puertas"), which may be the hint's door series ("A, B, C", "1, 2, 3"), an example unit ("1º A",
// "1-1", "Bajo B"), a word ("letras", "números") or the doors' own names ("Izquierda, Derecha"):
//   - doors: letters (the default), numbers, or the names listed;
//   - "1-1" (floor, dash, door) writes units as '2-3'; otherwise as '2º C';
//   - "Bajo" makes the first floor the ground floor ('Bajo A', then '1º A', …).
type Nomenclature struct {
	Doors       DoorStyle
	Names       []string // DoorList
	Dash        bool
	GroundFloor bool
}

var (
	dashRE       = regexp.MustCompile(`\d+\s*-\s*([\p{L}\d]+)`)
	floorMarkRE  = regexp.MustCompile(`^\d+[ºª°]$`)
	numberRE     = regexp.MustCompile(`^\d+$`)
	letterRE     = regexp.MustCompile(`^\p{L}$`)
	separatorsRE = regexp.MustCompile(`[,;/]+|\s+`)
)

// ParseNomenclature reads the nomenclature typed at registration (see Nomenclature).
func ParseNomenclature(text string) Nomenclature {
	text = strings.ToValidUTF8(text, "") // the names it keeps become unit names
	t := strings.ToLower(strings.TrimSpace(text))
	n := Nomenclature{}
	words := separatorsRE.Split(t, -1)
	for _, w := range words {
		if w == "bajo" || w == "baja" || w == "bajos" {
			n.GroundFloor = true
		}
	}
	if strings.Contains(t, "letra") {
		return n
	}
	if strings.Contains(t, "número") || strings.Contains(t, "numero") {
		n.Doors = DoorNumbers
		return n
	}
	if m := dashRE.FindStringSubmatch(t); m != nil {
		n.Dash = true
		if numberRE.MatchString(m[1]) {
			n.Doors = DoorNumbers
		}
		return n
	}
	var tokens, original []string
	origWords := separatorsRE.Split(strings.TrimSpace(text), -1)
	for i, w := range words {
		switch {
		case w == "" || w == "y" || w == "o" || w == "e" || w == "bajo" || w == "baja" || w == "bajos" || floorMarkRE.MatchString(w):
		default:
			tokens = append(tokens, w)
			original = append(original, origWords[i])
		}
	}
	switch {
	case len(tokens) == 0 || letterRE.MatchString(tokens[0]):
		return n
	case numberRE.MatchString(tokens[0]):
		n.Doors = DoorNumbers
		return n
	}
	// A name given twice ("1, 2, 1") would name two doors alike: each counts once.
	seen := map[string]bool{}
	for _, name := range original {
		if k := strings.ToLower(name); !seen[k] {
			seen[k] = true
			n.Names = append(n.Names, name)
		}
	}
	n.Doors = DoorList
	return n
}

// FloorName is the i-th floor from the bottom (0-based): 'Bajo' when the building has one, else '1º', '2º'….
func (n Nomenclature) FloorName(i int) string {
	if n.GroundFloor {
		if i == 0 {
			return "Bajo"
		}
		return fmt.Sprintf("%dº", i)
	}
	return fmt.Sprintf("%dº", i+1)
}

// DoorName is the j-th door of a floor (0-based).
func (n Nomenclature) DoorName(j int) string {
	switch n.Doors {
	case DoorNumbers:
		return strconv.Itoa(j + 1)
	case DoorList:
		if j < len(n.Names) {
			return n.Names[j]
		}
		// Past the list, numbers go on from its length, skipping any the list itself used ("Planta, 1, puerta").
		k := j - len(n.Names)
		for d := len(n.Names) + 1; ; d++ {
			if !slices.Contains(n.Names, strconv.Itoa(d)) {
				if k == 0 {
					return strconv.Itoa(d)
				}
				k--
			}
		}
	}
	s := ""
	for j++; j > 0; j = (j - 1) / 26 {
		s = string(rune('A'+(j-1)%26)) + s
	}
	return s
}

// UnitName is the name of door j of floor i: '2º B', '2-2', 'Bajo B'.
func (n Nomenclature) UnitName(i, j int) string {
	door := n.DoorName(j)
	switch {
	case n.GroundFloor && i == 0:
		return "Bajo " + door
	case n.Dash:
		floor := i + 1
		if n.GroundFloor {
			floor = i
		}
		return fmt.Sprintf("%d-%s", floor, door)
	}
	return n.FloorName(i) + " " + door
}

// GenerateUnits makes the registry of a building: portals × staircases × floors × doors, named by the
// nomenclature. The portal goes in Building ('Portal 1') and the staircase in Staircase ('Escalera 1'),
// each only when there is more than one. A layout without floors or doors makes none. IDs and the
// community are left to the caller.
func GenerateUnits(l BuildingLayout) ([]Unit, error) {
	if l.Floors <= 0 || l.Doors <= 0 {
		return nil, nil
	}
	portals, stairs := max(l.Portals, 1), max(l.Staircases, 1)
	if total := portals * stairs * l.Floors * l.Doors; total > MaxGeneratedUnits || total < 0 {
		return nil, Errorf(CodeInvalid, "El edificio no puede tener más de %d viviendas; añade el resto desde Viviendas y locales", MaxGeneratedUnits)
	}
	n := ParseNomenclature(l.Nomenclature)
	var out []Unit
	for p := range portals {
		for s := range stairs {
			for i := range l.Floors {
				for j := range l.Doors {
					floor := n.FloorName(i)
					u := Unit{UnitNumber: n.UnitName(i, j), Floor: &floor, Kind: KindDwelling}
					if portals > 1 {
						b := fmt.Sprintf("Portal %d", p+1)
						u.Building = &b
					}
					if stairs > 1 {
						e := fmt.Sprintf("Escalera %d", s+1)
						u.Staircase = &e
					}
					out = append(out, u)
				}
			}
		}
	}
	return out, nil
}

// SortUnits orders a registry as people read a building: by portal, staircase, floor (the ground floor
// first, then by number) and name, numbers inside texts compared as numbers ('2º' before '10º').
func SortUnits[T any](units []T, unit func(*T) *Unit) {
	sort.SliceStable(units, func(a, b int) bool {
		x, y := unit(&units[a]), unit(&units[b])
		for _, pair := range [][2]string{
			{deref(x.Building), deref(y.Building)},
			{deref(x.Staircase), deref(y.Staircase)},
			{floorKey(x.Floor), floorKey(y.Floor)},
			{x.UnitNumber, y.UnitNumber},
		} {
			if c := naturalCompare(pair[0], pair[1]); c != 0 {
				return c < 0
			}
		}
		return x.ID < y.ID
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// floorKey puts floors below ground, then the ground floor, before the numbered ones.
func floorKey(f *string) string {
	s := strings.ToLower(strings.TrimSpace(deref(f)))
	switch {
	case strings.HasPrefix(s, "sótano") || strings.HasPrefix(s, "sotano") || strings.HasPrefix(s, "-"):
		return "\x01" + s
	case strings.HasPrefix(s, "bajo") || strings.HasPrefix(s, "baja") || strings.HasPrefix(s, "entresuelo") || strings.HasPrefix(s, "principal"):
		return "\x02" + s
	}
	return s
}

// naturalCompare compares case-insensitively, runs of digits by their value.
func naturalCompare(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	ra, rb := []rune(a), []rune(b)
	i, j := 0, 0
	for i < len(ra) && j < len(rb) {
		if unicode.IsDigit(ra[i]) && unicode.IsDigit(rb[j]) {
			si := i
			for i < len(ra) && unicode.IsDigit(ra[i]) {
				i++
			}
			sj := j
			for j < len(rb) && unicode.IsDigit(rb[j]) {
				j++
			}
			na, _ := strconv.Atoi(string(ra[si:i]))
			nb, _ := strconv.Atoi(string(rb[sj:j]))
			if na != nb {
				if na < nb {
					return -1
				}
				return 1
			}
			continue
		}
		if ra[i] != rb[j] {
			if ra[i] < rb[j] {
				return -1
			}
			return 1
		}
		i++
		j++
	}
	return (len(ra) - i) - (len(rb) - j)
}

// UnitRelation is how a member belongs to a unit: they own it, or live in it — as its tenant, as family
// of its owner, or without saying (resident). Only a confirmed owner has an owner's rights; every other
// relation, and an unconfirmed owner claim, gives a resident's.
type UnitRelation string

const (
	UnitOwner    UnitRelation = "owner"
	UnitResident UnitRelation = "resident"
	UnitTenant   UnitRelation = "tenant" // inquilino
	UnitFamily   UnitRelation = "family" // familiar del propietario
)

// ParseUnitRelation reads a relation a member claims or an admin confirms; "" is a resident.
func ParseUnitRelation(s string) (UnitRelation, error) {
	switch r := UnitRelation(s); r {
	case "":
		return UnitResident, nil
	case UnitOwner, UnitResident, UnitTenant, UnitFamily:
		return r, nil
	}
	return "", Errorf(CodeInvalid, "Indica si eres propietario, inquilino o familiar")
}

// MemberUnit is one of a member's units: the primary one (profiles.unit_id, else the one they own) or a
// further one (a flat and a garage). Unconfirmed, it is a claim: it gives no owner rights.
type MemberUnit struct {
	UnitID    string
	Label     string
	Kind      UnitKind
	Relation  UnitRelation
	Confirmed bool
	Primary   bool
}

// UnitResidentClaim is a member's pending claim to live in a further unit, for an admin to confirm,
// with how they said they live there (resident, tenant or family). (A claim to own one is an OwnerClaim.)
type UnitResidentClaim struct {
	UnitID, UserID, FullName, Email, UnitLabel string
	Relation                                   UnitRelation
	CreatedAt                                  time.Time
	Others                                     []UnitOccupant // who else lives in or owns the unit, for the admin deciding
}

// UnitOccupant is someone who lives in or owns a unit, as an admin deciding a claim to it sees them:
// its owner, whoever has it as their home (tenant when someone else owns it), its further members, and
// whoever claims to own it (unconfirmed).
type UnitOccupant struct {
	UserID, FullName string
	Relation         UnitRelation
	Confirmed        bool
}

// AreaUnits is the realtime area (ADR 0006 addendum) of the units (the registry, the claims to its units
// and the invitations): a change of any of them tells the community's open screens to refetch them (the
// web roots their query keys at ['units']).
const AreaUnits = "units"
