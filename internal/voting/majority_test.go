package voting

import (
	"testing"

	"vecinos/internal/domain"
)

// owner is one line of a worked case: an owner's units (cuotas in ten-thousandths of a percent, as
// domain.Coefficient) and what they did.
type owner struct {
	units    []domain.Coefficient
	deprived []bool        // per unit; nil: none
	choice   domain.Choice // "" = absent
	objected bool
	noApp    bool // no account in the app: cannot be notified
}

// same is n owners of one unit each with the same cuota and choice.
func same(n int, cuota domain.Coefficient, choice domain.Choice) []owner {
	out := make([]owner, n)
	for i := range out {
		out[i] = owner{units: []domain.Coefficient{cuota}, choice: choice}
	}
	return out
}

func join(groups ...[]owner) []owner {
	var out []owner
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// electorate turns a case into the engine's input: electors and the ballots they cast.
func electorate(owners []owner) ([]Elector, []Ballot) {
	var es []Elector
	var bs []Ballot
	for _, o := range owners {
		e := Elector{Voted: o.choice != "", Notified: !o.noApp, Objected: o.objected}
		for i, c := range o.units {
			e.Units = append(e.Units, Share{Cuota: c, Deprived: o.deprived != nil && o.deprived[i]})
		}
		es = append(es, e)
		if e.Voted {
			bs = append(bs, Ballot{Choice: o.choice, Weight: e.Weight()})
		}
	}
	return es, bs
}

const (
	favour  = domain.ChoiceFavour
	against = domain.ChoiceAgainst
	abstain = domain.ChoiceAbstain
	absent  = domain.Choice("")
)

func TestDecideWorkedCases(t *testing.T) {
	first := Rule{Majority: domain.MajoritySimple, Convocatoria: domain.FirstCall}
	second := Rule{Majority: domain.MajoritySimple, Convocatoria: domain.SecondCall}
	with178 := func(r Rule) Rule { r.AbsentFavour = true; return r }
	rule := func(m domain.Majority) Rule { return Rule{Majority: m, Convocatoria: domain.FirstCall} }

	// The example: 12 of 20 owners in favour, but they hold 41,3 % of the cuotas.
	twelveOfTwenty := join(same(12, 34417, favour), same(7, 73375, against), same(1, 73371, against))
	// Nine owners whose cuotas add up to 100 % exactly: eight of 11,1111 % and one of 11,1112 %.
	nine := func(big domain.Choice, small ...domain.Choice) []owner {
		out := []owner{{units: []domain.Coefficient{111112}, choice: big}}
		for _, c := range small {
			out = append(out, owner{units: []domain.Coefficient{111111}, choice: c})
		}
		return out
	}

	cases := []struct {
		name     string
		rule     Rule
		owners   []owner
		approved bool
		reason   string
	}{
		{"simple, primera: both majorities", first,
			[]owner{{units: []domain.Coefficient{400000}, choice: favour}, {units: []domain.Coefficient{350000}, choice: favour},
				{units: []domain.Coefficient{250000}, choice: against}},
			true, "mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (75,0 %)"},
		{"simple, primera: owners but not cuotas (the issue's example)", first, twelveOfTwenty,
			false, "mayoría de propietarios sí (12 de 20), mayoría de cuotas no (41,3 %)"},
		{"simple, primera: cuotas but not owners", first,
			[]owner{{units: []domain.Coefficient{600000}, choice: favour}, {units: []domain.Coefficient{200000}, choice: against},
				{units: []domain.Coefficient{200000}, choice: against}},
			false, "mayoría de propietarios no (1 de 3), mayoría de cuotas sí (60,0 %)"},
		{"simple, primera: half is not a majority", first, join(same(2, 250000, favour), same(2, 250000, against)),
			false, "mayoría de propietarios no (2 de 4), mayoría de cuotas no (50,0 %)"},
		{"simple, primera: the absent are in the base", first, join(same(3, 100000, favour), same(1, 100000, against), same(6, 100000, absent)),
			false, "mayoría de propietarios no (3 de 10), mayoría de cuotas no (30,0 %)"},
		{"simple, segunda: majority of those present", second, join(same(3, 100000, favour), same(1, 100000, against), same(6, 100000, absent)),
			true, "mayoría de propietarios presentes sí (3 de 4), mayoría de cuotas presentes sí (75,0 %)"},
		{"simple, segunda: 17.8 does not apply over those present", with178(second),
			join(same(3, 100000, favour), same(1, 100000, against), same(6, 100000, absent)),
			true, "mayoría de propietarios presentes sí (3 de 4), mayoría de cuotas presentes sí (75,0 %)"},
		{"simple, segunda: abstentions are present and not in favour", second,
			join(same(3, 100000, favour), same(2, 100000, against), same(2, 100000, abstain), same(3, 100000, absent)),
			false, "mayoría de propietarios presentes no (3 de 7), mayoría de cuotas presentes no (42,9 %)"},
		{"3/5: exactly three fifths", rule(domain.MajorityThreeFifths), join(same(6, 100000, favour), same(4, 100000, against)),
			true, "3/5 de propietarios sí (6 de 10), 3/5 de cuotas sí (60,0 %)"},
		{"3/5: one short", rule(domain.MajorityThreeFifths), join(same(5, 100000, favour), same(5, 100000, against)),
			false, "3/5 de propietarios no (5 de 10), 3/5 de cuotas no (50,0 %)"},
		{"3/5: abstentions count against", rule(domain.MajorityThreeFifths), join(same(5, 100000, favour), same(1, 100000, abstain), same(4, 100000, against)),
			false, "3/5 de propietarios no (5 de 10), 3/5 de cuotas no (50,0 %)"},
		{"1/3: a third of owners and of cuotas", rule(domain.MajorityOneThird), nine(favour, favour, favour, against, against, against, against, against, against),
			true, "1/3 de propietarios sí (3 de 9), 1/3 de cuotas sí (33,3 %)"},
		{"1/3: a third of owners, a millionth short of a third of cuotas", rule(domain.MajorityOneThird),
			nine(against, favour, favour, favour, against, against, against, against, against),
			false, "1/3 de propietarios sí (3 de 9), 1/3 de cuotas no (33,3 %)"},
		{"unanimity: everybody", rule(domain.MajorityUnanimity), same(4, 250000, favour),
			true, "unanimidad de propietarios sí (4 de 4), unanimidad de cuotas sí (100,0 %)"},
		{"unanimity: one abstention breaks it", rule(domain.MajorityUnanimity), join(same(3, 250000, favour), same(1, 250000, abstain)),
			false, "unanimidad de propietarios no (3 de 4), unanimidad de cuotas no (75,0 %)"},
		{"unanimity with 17.8: an absent owner who does not object", with178(rule(domain.MajorityUnanimity)),
			join(same(3, 250000, favour), same(1, 250000, absent)),
			true, "unanimidad de propietarios sí (4 de 4), unanimidad de cuotas sí (100,0 %); cuenta a favor 1 ausente (art. 17.8)"},
		{"unanimity with 17.8: the absent owner objected", with178(rule(domain.MajorityUnanimity)),
			join(same(3, 250000, favour), []owner{{units: []domain.Coefficient{250000}, objected: true}}),
			false, "unanimidad de propietarios no (3 de 4), unanimidad de cuotas no (75,0 %)"},
		{"17.8, primera: the absent count in favour", with178(first),
			join(same(4, 100000, favour), same(1, 100000, against), same(5, 100000, absent)),
			true, "mayoría de propietarios sí (9 de 10), mayoría de cuotas sí (90,0 %); cuenta a favor 5 ausentes (art. 17.8)"},
		{"17.8, primera: three objections still leave a majority", with178(first),
			join(same(4, 100000, favour), same(1, 100000, against), same(2, 100000, absent),
				[]owner{{units: []domain.Coefficient{100000}, objected: true}, {units: []domain.Coefficient{100000}, objected: true},
					{units: []domain.Coefficient{100000}, objected: true}}),
			true, "mayoría de propietarios sí (6 de 10), mayoría de cuotas sí (60,0 %); cuenta a favor 2 ausentes (art. 17.8)"},
		{"17.8, primera: every absent owner objected", with178(first),
			join(same(4, 100000, favour), same(1, 100000, against),
				[]owner{{units: []domain.Coefficient{100000}, objected: true}, {units: []domain.Coefficient{100000}, objected: true},
					{units: []domain.Coefficient{100000}, objected: true}, {units: []domain.Coefficient{100000}, objected: true},
					{units: []domain.Coefficient{100000}, objected: true}}),
			false, "mayoría de propietarios no (4 de 10), mayoría de cuotas no (40,0 %)"},
		{"17.8: an owner the app cannot notify is not presumed", with178(first),
			join(same(2, 200000, favour), same(1, 200000, against), []owner{{units: []domain.Coefficient{400000}, noApp: true}}),
			false, "mayoría de propietarios no (2 de 4), mayoría de cuotas no (40,0 %)"},
		{"15.2: a deprived unit leaves both majorities", first,
			join(same(2, 250000, favour), same(1, 250000, against),
				[]owner{{units: []domain.Coefficient{250000}, deprived: []bool{true}, choice: absent}}),
			true, "mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (66,7 %)"},
		{"15.2: one deprived unit of an owner with two", first,
			[]owner{{units: []domain.Coefficient{300000, 200000}, deprived: []bool{false, true}, choice: favour},
				{units: []domain.Coefficient{250000}, choice: against}, {units: []domain.Coefficient{250000}, choice: favour}},
			true, "mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (68,8 %)"},
		{"an owner of several units has one vote", first,
			[]owner{{units: []domain.Coefficient{200000, 200000, 150000}, choice: favour},
				{units: []domain.Coefficient{225000}, choice: against}, {units: []domain.Coefficient{225000}, choice: against}},
			false, "mayoría de propietarios no (1 de 3), mayoría de cuotas sí (55,0 %)"},
		{"nobody voted and nobody presumed", first, same(4, 250000, absent),
			false, "mayoría de propietarios no (0 de 4), mayoría de cuotas no (0,0 %)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			es, bs := electorate(c.owners)
			d := Decide(c.rule, es, bs)
			if d.Approved != c.approved || d.Reason != c.reason {
				t.Errorf("got approved=%v %q\nwant approved=%v %q", d.Approved, d.Reason, c.approved, c.reason)
			}
		})
	}
}

func TestRounding(t *testing.T) {
	for _, c := range []struct {
		part, whole domain.Coefficient
		want        string
	}{{413004, 1000000, "41,3 %"}, {2, 3, "66,7 %"}, {1, 3, "33,3 %"}, {1000000, 1000000, "100,0 %"}, {5, 1000, "0,5 %"},
		{45, 100000, "0,0 %"}, {50, 100000, "0,1 %"}, {0, 0, "0,0 %"}} {
		if got := CuotaPercent(c.part, c.whole); got != c.want {
			t.Errorf("CuotaPercent(%d, %d) = %q, want %q", c.part, c.whole, got, c.want)
		}
	}
	// Option percentages over the total votes, rounded half up as the spec's screen does.
	for _, c := range []struct{ votes, total, want int }{{1, 3, 33}, {2, 3, 67}, {1, 8, 13}, {3, 8, 38}, {0, 5, 0}, {0, 0, 0}, {5, 5, 100}} {
		if got := Percent(c.votes, c.total); got != c.want {
			t.Errorf("Percent(%d, %d) = %d, want %d", c.votes, c.total, got, c.want)
		}
	}
}

func TestParticipationIsCappedAt100(t *testing.T) {
	for _, c := range []struct{ votes, quorum, want int }{{0, 25, 0}, {10, 25, 40}, {25, 25, 100}, {30, 25, 100}, {1, 3, 33}} {
		if got := Participation(c.votes, c.quorum); got != c.want {
			t.Errorf("Participation(%d, %d) = %d, want %d", c.votes, c.quorum, got, c.want)
		}
	}
}

func TestReachableMajoritiesWhileAJuntaVotes(t *testing.T) {
	first := Rule{Majority: domain.MajoritySimple, Convocatoria: domain.FirstCall}
	second := Rule{Majority: domain.MajoritySimple, Convocatoria: domain.SecondCall}
	for _, c := range []struct {
		name   string
		rule   Rule
		owners []owner
		want   map[domain.Majority]Reach
	}{
		{"nobody has voted: everything is still possible", first, same(10, 100000, absent), map[domain.Majority]Reach{
			domain.MajorityOneThird: ReachReachable, domain.MajoritySimple: ReachReachable,
			domain.MajorityThreeFifths: ReachReachable, domain.MajorityUnanimity: ReachReachable}},
		// 6 of 10 in favour (60 % of the cuotas): the simple majority and 3/5 are secured over all owners;
		// one against already rules out unanimity.
		{"six in favour, one against, three to vote", first, join(same(6, 100000, favour), same(1, 100000, against), same(3, 100000, absent)),
			map[domain.Majority]Reach{domain.MajorityOneThird: ReachSecured, domain.MajoritySimple: ReachSecured,
				domain.MajorityThreeFifths: ReachSecured, domain.MajorityUnanimity: ReachUnreachable}},
		// 5 against of 10: at most 5 in favour, not more than half; 3/5 cannot be reached either.
		{"five against", first, join(same(5, 100000, against), same(5, 100000, absent)), map[domain.Majority]Reach{
			domain.MajorityOneThird: ReachReachable, domain.MajoritySimple: ReachUnreachable,
			domain.MajorityThreeFifths: ReachUnreachable, domain.MajorityUnanimity: ReachUnreachable}},
		// Segunda convocatoria: the simple majority is over those who vote, so more votes against can still
		// overturn a lead; six of ten holds whatever the other four vote. 3/5 stays over all owners.
		{"second call: six of ten in favour holds even if the rest vote against", second, join(same(6, 100000, favour), same(4, 100000, absent)), map[domain.Majority]Reach{
			domain.MajorityOneThird: ReachSecured, domain.MajoritySimple: ReachSecured,
			domain.MajorityThreeFifths: ReachSecured, domain.MajorityUnanimity: ReachReachable}},
		{"second call: two in favour, one against, seven to vote", second, join(same(2, 100000, favour), same(1, 100000, against), same(7, 100000, absent)),
			map[domain.Majority]Reach{domain.MajorityOneThird: ReachReachable, domain.MajoritySimple: ReachReachable,
				domain.MajorityThreeFifths: ReachReachable, domain.MajorityUnanimity: ReachUnreachable}},
	} {
		t.Run(c.name, func(t *testing.T) {
			es, bs := electorate(c.owners)
			got := Reachable(c.rule, es, bs)
			for m, want := range c.want {
				if got[m] != want {
					t.Errorf("%s: %s, want %s", m, got[m], want)
				}
			}
		})
	}
}
