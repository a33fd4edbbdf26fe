package voting

import (
	"context"
	"slices"
	"time"

	"vecinos/internal/domain"
)

// OptionResult is one option's count: votes, percentage of the votes (rounded as the spec) and, in a
// junta vote, the cuota they carry.
type OptionResult struct {
	domain.PollOption
	Votes    int
	Percent  int
	Cuota    domain.Coefficient
	Receipts []string // after the close: the receipt codes of its ballots, so each voter can find theirs
}

// Result is the outcome of a poll as it stands.
type Result struct {
	Options        []OptionResult
	TotalVotes     int
	Participation  int                       // votes over the quorum, capped at 100
	Decision       *Decision                 // junta votes
	Reach          map[domain.Majority]Reach // an open junta vote: which majorities are secured, reachable or lost
	Electors       int                       // junta: owners with a vote
	ElectorateSum  domain.Coefficient
	ObjectionUntil *time.Time // provisional until then (art. 17.8)
	Final          bool       // closed, and past the objection period if any, by the clock

	rule     Rule
	electors []elector
}

// elector is an Elector with the owner it is (empty: a unit without an owner in the app).
type elector struct {
	Elector
	id string
}

// Summary is the result in one line, for the emails: 'Aprobada: mayoría de …' or the most voted option.
func (r *Result) Summary() string {
	if r.Decision != nil {
		if r.Decision.Approved {
			return "Aprobada: " + r.Decision.Reason
		}
		return "No aprobada: " + r.Decision.Reason
	}
	best := -1
	for i, o := range r.Options {
		if best < 0 || o.Votes > r.Options[best].Votes {
			best = i
		}
	}
	if best < 0 || r.TotalVotes == 0 {
		return "sin votos"
	}
	return r.Options[best].Text
}

// withoutCounts is r with only how many voted: no count, cuota or receipt per option and no decision.
func (r *Result) withoutCounts() *Result {
	out := *r
	out.Decision = nil
	out.Options = make([]OptionResult, len(r.Options))
	for i, o := range r.Options {
		out.Options[i] = OptionResult{PollOption: o.PollOption}
	}
	return &out
}

// result computes p's result from its stored ballots, electorate and objections; receipts are listed
// only after the close. Like the status, it is computed from the poll's times: the 17.8 period runs from
// the close whether or not the job has recorded it yet, and the result is final once that period ended.
func (s *Service) result(ctx context.Context, p *domain.Poll) (*Result, error) {
	stored, err := s.store.PollBallots(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	r := &Result{TotalVotes: len(stored)}
	choice := map[string]domain.Choice{}
	at := map[string]int{}
	for i, o := range p.Options {
		choice[o.ID], at[o.ID] = o.Choice, i
		r.Options = append(r.Options, OptionResult{PollOption: o})
	}
	ballots := make([]Ballot, len(stored))
	for i, b := range stored {
		ballots[i] = Ballot{Choice: choice[b.OptionID], Weight: b.Weight}
		o := &r.Options[at[b.OptionID]]
		o.Votes++
		o.Cuota += b.Weight
		if p.Status == domain.PollClosed {
			o.Receipts = append(o.Receipts, b.Receipt)
		}
	}
	for i := range r.Options {
		r.Options[i].Percent = Percent(r.Options[i].Votes, r.TotalVotes)
	}
	r.Participation = Participation(r.TotalVotes, p.Quorum)
	r.Final = p.Status == domain.PollClosed
	if p.Kind != domain.PollJunta || p.Status == domain.PollDraft {
		return r, nil
	}
	r.rule = Rule{Majority: p.Majority, Convocatoria: p.Convocatoria, AbsentFavour: p.AbsentFavour}
	if r.electors, err = s.electorate(ctx, p); err != nil {
		return nil, err
	}
	es := make([]Elector, len(r.electors))
	for i, e := range r.electors {
		es[i] = e.Elector
		if e.Eligible() {
			r.Electors++
			r.ElectorateSum += e.Weight()
		}
	}
	// A junta vote's participation is of its electorate, the owners with a vote: three of three owners is
	// all of them, whatever the quorum (a consulta's measure) says.
	if r.Electors > 0 {
		r.Participation = Participation(r.TotalVotes, r.Electors)
	}
	// While the poll is open nobody is absent yet: 17.8 presumes only after the close.
	rule := r.rule
	if p.Status == domain.PollOpen {
		rule.AbsentFavour = false
	}
	d := Decide(rule, es, ballots)
	r.Decision = &d
	if p.Status == domain.PollOpen {
		r.Reach = Reachable(rule, es, ballots)
	}
	if p.Status == domain.PollClosed {
		r.ObjectionUntil = p.ObjectionUntil
		if r.ObjectionUntil == nil && rule.Presumes() && d.Absent > 0 {
			until := p.ClosedTime().Add(domain.ObjectionPeriod)
			r.ObjectionUntil = &until
		}
		r.Final = r.ObjectionUntil == nil || !s.now().Before(*r.ObjectionUntil)
	}
	return r, nil
}

// electorate is the owners of a junta vote (units without an owner in the app count one owner each),
// with who voted and who objected.
func (s *Service) electorate(ctx context.Context, p *domain.Poll) ([]elector, error) {
	units, err := s.store.PollUnits(ctx, p)
	if err != nil {
		return nil, err
	}
	voters, err := s.store.PollVoters(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	objections, err := s.store.PollObjections(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	var out []elector
	index := map[string]int{}
	for _, u := range units {
		share := Share{Cuota: u.Coefficient, Deprived: u.Deprived != nil}
		if u.OwnerID == nil {
			out = append(out, elector{Elector: Elector{Units: []Share{share}}})
			continue
		}
		i, ok := index[*u.OwnerID]
		if !ok {
			id := *u.OwnerID
			i = len(out)
			index[id] = i
			out = append(out, elector{id: id, Elector: Elector{Notified: true,
				Voted:    slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == id }),
				Objected: slices.ContainsFunc(objections, func(o domain.PollObjection) bool { return o.UserID == id })}})
		}
		out[i].Units = append(out[i].Units, share)
	}
	return out, nil
}
