package voting

import (
	"fmt"
	"slices"

	"vecinos/internal/domain"
)

// The majority engine: pure arithmetic over the electorate of a junta vote and its ballots, with no
// database and no clock, so that every rule of arts. 15 and 17 LPH is table-tested (majority_test.go).
// Integers only: cuotas are millionths (domain.Coefficient) and thresholds are compared by
// cross-multiplying, so 3/5 of 1 000 000 is never a rounded float.

// Share is one unit of an owner, as the electorate was when the vote opened.
type Share struct {
	Cuota    domain.Coefficient
	Deprived bool // art. 15.2: its cuota is left out of both majorities
}

// Elector is one owner: one vote carrying the sum of the cuotas of their units (art. 15.1 names one
// representative for co-owners, so a unit has one owner here).
type Elector struct {
	Units    []Share
	Voted    bool // cast a ballot, themselves or through a representative
	Notified bool // can be told the agreement (an account in the app): only then does art. 17.8 presume them in favour
	Objected bool // absent, and objected within the 30 days (art. 17.8)
}

// Weight is the cuota the elector's vote carries: their units that are not deprived of the vote.
func (e Elector) Weight() domain.Coefficient {
	var w domain.Coefficient
	for _, u := range e.Units {
		if !u.Deprived {
			w += u.Cuota
		}
	}
	return w
}

// Eligible reports whether the elector has a vote: at least one unit not deprived of it.
func (e Elector) Eligible() bool {
	for _, u := range e.Units {
		if !u.Deprived {
			return true
		}
	}
	return false
}

// Ballot is one cast vote: what it means for the agreement and the cuota it carries.
type Ballot struct {
	Choice domain.Choice
	Weight domain.Coefficient
}

// Rule is what a junta vote requires.
type Rule struct {
	Majority     domain.Majority
	Convocatoria domain.Convocatoria
	AbsentFavour bool // art. 17.8 is applied (on by default; some readings limit it to primera convocatoria)
}

// OverAll reports whether the threshold counts over all owners and all cuotas. Only a simple majority in
// segunda convocatoria counts over those present (art. 17.7); 3/5, 1/3 and unanimity are always over all.
func (r Rule) OverAll() bool {
	return !(r.Majority == domain.MajoritySimple && r.Convocatoria == domain.SecondCall)
}

// Presumes reports whether absent owners count in favour under art. 17.8: only where the base is all
// owners (over those present, the absent do not count at all).
func (r Rule) Presumes() bool { return r.AbsentFavour && r.OverAll() }

// Decision is the outcome of a junta vote, with both majorities and why.
type Decision struct {
	Approved             bool
	OwnersFavour, Owners int                // owners in favour, over the base (all owners, or those present)
	CuotaFavour, Cuota   domain.Coefficient // the same in cuotas
	OwnersMet, CuotaMet  bool
	OverPresent          bool               // the base is the owners present, not all (simple majority, segunda convocatoria)
	Presumed             int                // absent owners counted in favour (art. 17.8)
	PresumedCuota        domain.Coefficient //
	Absent               int                // eligible owners who did not vote
	Reason               string             // 'mayoría de propietarios sí (12 de 20), mayoría de cuotas no (41,3 %)'
	Present              int                // ballots cast
}

// Decide computes the double majority of art. 17 for electors and their ballots. Electors deprived of
// every unit (15.2) count nowhere; a deprived unit's cuota leaves both the base and the favour.
func Decide(r Rule, electors []Elector, ballots []Ballot) Decision {
	var d Decision
	var presentOwners int
	var presentCuota domain.Coefficient
	for _, b := range ballots {
		presentOwners++
		presentCuota += b.Weight
		if b.Choice == domain.ChoiceFavour {
			d.OwnersFavour++
			d.CuotaFavour += b.Weight
		}
	}
	d.Present = presentOwners
	var allOwners int
	var allCuota domain.Coefficient
	for _, e := range electors {
		if !e.Eligible() {
			continue
		}
		allOwners++
		allCuota += e.Weight()
		if e.Voted {
			continue
		}
		d.Absent++
		if r.Presumes() && e.Notified && !e.Objected {
			d.Presumed++
			d.PresumedCuota += e.Weight()
		}
	}
	d.OverPresent = !r.OverAll()
	if r.OverAll() {
		d.Owners, d.Cuota = allOwners, allCuota
	} else {
		d.Owners, d.Cuota = presentOwners, presentCuota
	}
	met := func(favour, base int64) bool { return meets(r.Majority, favour, base) }
	d.OwnersFavour += d.Presumed
	d.CuotaFavour += d.PresumedCuota
	d.OwnersMet, d.CuotaMet = met(int64(d.OwnersFavour), int64(d.Owners)), met(int64(d.CuotaFavour), int64(d.Cuota))
	d.Approved = d.OwnersMet && d.CuotaMet
	d.Reason = d.reason(r)
	return d
}

// meets reports whether favour out of base reaches the majority m. An empty base approves nothing.
func meets(m domain.Majority, favour, base int64) bool {
	if base <= 0 {
		return false
	}
	switch m {
	case domain.MajoritySimple:
		return 2*favour > base
	case domain.MajorityThreeFifths:
		return 5*favour >= 3*base
	case domain.MajorityOneThird:
		return 3*favour >= base
	case domain.MajorityUnanimity:
		return favour == base
	}
	return false
}

// majorityName is how the reason names a threshold.
var majorityName = map[domain.Majority]string{
	domain.MajoritySimple:      "mayoría",
	domain.MajorityThreeFifths: "3/5",
	domain.MajorityOneThird:    "1/3",
	domain.MajorityUnanimity:   "unanimidad",
}

func (d Decision) reason(r Rule) string {
	yes := func(ok bool) string {
		if ok {
			return "sí"
		}
		return "no"
	}
	name := majorityName[r.Majority]
	present := ""
	if d.OverPresent {
		present = " presentes"
	}
	s := fmt.Sprintf("%s de propietarios%s %s (%d de %d), %s de cuotas%s %s (%s)", name, present, yes(d.OwnersMet),
		d.OwnersFavour, d.Owners, name, present, yes(d.CuotaMet), CuotaPercent(d.CuotaFavour, d.Cuota))
	if d.Presumed > 0 {
		s += fmt.Sprintf("; cuenta a favor %d %s (art. 17.8)", d.Presumed, plural(d.Presumed, "ausente", "ausentes"))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CuotaPercent writes part of whole as a percentage with one decimal, rounded half up, Spanish style:
// '41,3 %'. An empty whole is '0,0 %'.
func CuotaPercent(part, whole domain.Coefficient) string {
	if whole <= 0 {
		return "0,0 %"
	}
	tenths := (int64(part)*2000 + int64(whole)) / (2 * int64(whole))
	return fmt.Sprintf("%d,%d %%", tenths/10, tenths%10)
}

// Percent is votes over total as a whole percentage, rounded half up as the spec's screen rounds
// (Math.round); no votes is 0.
func Percent(votes, total int) int {
	if total <= 0 {
		return 0
	}
	return (votes*200 + total) / (2 * total)
}

// Participation is the votes over the quorum as a percentage, capped at 100 (the spec's bar).
func Participation(votes, quorum int) int {
	if quorum <= 0 {
		return 100
	}
	return min(100, Percent(votes, quorum))
}

// Reach is where a majority stands while a junta vote is open.
type Reach string

const (
	ReachSecured     Reach = "secured"     // met, whatever those still to vote do
	ReachReachable   Reach = "reachable"   // not yet met, but those still to vote can meet it
	ReachUnreachable Reach = "unreachable" // not even if everyone still to vote voted in favour
)

// Majorities are the thresholds of art. 17, from the least to the most demanding.
var Majorities = []domain.Majority{domain.MajorityOneThird, domain.MajoritySimple, domain.MajorityThreeFifths, domain.MajorityUnanimity}

// Reachable tells, for each majority of art. 17 under r's convocatoria, whether it is secured, still
// reachable or out of reach, counting every eligible owner who has not voted: in the best case they all
// vote in favour (or, absent, are presumed in favour by art. 17.8), in the worst they all vote against.
func Reachable(r Rule, electors []Elector, ballots []Ballot) map[domain.Majority]Reach {
	best, worst := slices.Clone(ballots), slices.Clone(ballots)
	voted := slices.Clone(electors)
	for i, e := range electors {
		if e.Voted || !e.Eligible() {
			continue
		}
		voted[i].Voted = true
		best = append(best, Ballot{Choice: domain.ChoiceFavour, Weight: e.Weight()})
		worst = append(worst, Ballot{Choice: domain.ChoiceAgainst, Weight: e.Weight()})
	}
	out := make(map[domain.Majority]Reach, len(Majorities))
	for _, m := range Majorities {
		rule := Rule{Majority: m, Convocatoria: r.Convocatoria}
		switch {
		case Decide(rule, voted, worst).Approved:
			out[m] = ReachSecured
		case Decide(rule, voted, best).Approved:
			out[m] = ReachReachable
		default:
			out[m] = ReachUnreachable
		}
	}
	return out
}
