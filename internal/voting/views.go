package voting

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/csvsafe"
	"vecinos/internal/domain"
)

// Represented is an owner the caller votes for (art. 15.1).
type Represented struct {
	OwnerID, Name string
	Voted         bool
}

// View is a poll as one member sees it.
type View struct {
	Poll   *domain.Poll
	Result *Result // the counts per option are shown (Options set) once the caller voted, to admins, and after the close
	// Participation is always shown (live); the counts only when ShowCounts. A secret poll shows them to
	// nobody until the close, and its Result then holds none (only how many voted).
	ShowCounts bool
	Mine       *domain.PollVoter // the caller's own participation (in a secret poll without what they voted)
	CanVote    bool              // active, and the caller has a vote left to cast or may change theirs
	IsElector  bool              // junta: the caller owns units of the electorate
	MyWeight   domain.Coefficient
	Deprived   bool // junta: every unit of the caller is deprived of its vote
	// Represented are the owners who delegated their vote to the caller; MyDelegate is whom the caller
	// delegated theirs to.
	Represented []Represented
	MyDelegate  *domain.PollDelegation
	// CoefficientSum is, for a junta draft, the registry's sum now (the vote opens only at 100 %); once
	// open, the electorate's.
	CoefficientSum domain.Coefficient
	CanObject      bool
	Objected       bool
	Units          []domain.PollUnit // admins of a junta vote: the electorate, with deprivations
}

// Get returns a poll of a's community; drafts only to admins.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*View, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	p, err := s.poll(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if p.Status == domain.PollDraft && !a.IsAdmin() {
		return nil, domain.Errorf(domain.CodeNotFound, "No se encontró la votación")
	}
	return s.view(ctx, a, p)
}

// List returns the polls of a's community, newest first; drafts only to admins.
func (s *Service) List(ctx context.Context, a *domain.Actor) ([]*View, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	polls, err := s.store.ListPolls(ctx, a.CommunityID, a.IsAdmin(), s.now())
	if err != nil {
		return nil, err
	}
	out := make([]*View, len(polls))
	for i := range polls {
		if out[i], err = s.view(ctx, a, &polls[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Service) view(ctx context.Context, a *domain.Actor, p *domain.Poll) (*View, error) {
	r, err := s.result(ctx, p)
	if err != nil {
		return nil, err
	}
	voters, err := s.store.PollVoters(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	v := &View{Poll: p, Result: r}
	voted := func(id string) bool {
		return slices.ContainsFunc(voters, func(x domain.PollVoter) bool { return x.VoterID == id })
	}
	if i := slices.IndexFunc(voters, func(x domain.PollVoter) bool { return x.VoterID == a.UserID }); i >= 0 {
		v.Mine = &voters[i]
	}
	mayCast := p.Kind == domain.PollConsulta
	if p.Kind == domain.PollJunta {
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return nil, err
		}
		e := electorOf(units, a.UserID)
		v.IsElector, v.MyWeight, v.Deprived = len(e.Units) > 0, e.Weight(), len(e.Units) > 0 && !e.Eligible()
		mayCast = v.IsElector && !v.Deprived
		if p.Status == domain.PollDraft {
			if v.CoefficientSum, err = s.store.CoefficientSum(ctx, p.CommunityID); err != nil {
				return nil, err
			}
		} else {
			for _, u := range units {
				v.CoefficientSum += u.Coefficient
			}
		}
		if a.IsAdmin() {
			v.Units = units
		}
		delegations, err := s.delegations(ctx, p)
		if err != nil {
			return nil, err
		}
		for i, d := range delegations {
			if d.DelegateID == a.UserID && len(electorOf(units, d.OwnerID).Units) > 0 {
				v.Represented = append(v.Represented, Represented{OwnerID: d.OwnerID, Name: d.OwnerName, Voted: voted(d.OwnerID)})
			}
			if d.OwnerID == a.UserID {
				v.MyDelegate = &delegations[i]
			}
		}
		if r.ObjectionUntil != nil {
			objections, err := s.store.PollObjections(ctx, p.ID)
			if err != nil {
				return nil, err
			}
			v.Objected = slices.ContainsFunc(objections, func(o domain.PollObjection) bool { return o.UserID == a.UserID })
			v.CanObject = !v.Objected && v.IsElector && !v.Deprived && v.Mine == nil && !r.Final
		}
	}
	if p.Status == domain.PollOpen {
		own := mayCast && (v.Mine == nil || p.AllowChange)
		v.CanVote = own || slices.ContainsFunc(v.Represented, func(r Represented) bool { return !r.Voted || p.AllowChange })
	}
	v.ShowCounts = p.Status == domain.PollClosed || a.IsAdmin() || v.Mine != nil ||
		slices.ContainsFunc(v.Represented, func(r Represented) bool { return r.Voted })
	if p.Secret && p.Status != domain.PollClosed {
		// Counts that rise as each one votes, read next to who voted, pair a voter with an option: a secret
		// poll counts for everybody, its admins included, at the close.
		v.ShowCounts, v.Result = false, r.withoutCounts()
	}
	return v, nil
}

// Record is what the acta of a vote needs (art. 19): the poll, its result, who attended (voted) and
// who was represented, with their cuotas, the electorate and the objections.
type Record struct {
	*View
	Voters      []domain.PollVoter
	Units       []domain.PollUnit
	Delegations []domain.PollDelegation
	Objections  []domain.PollObjection
	Zone        *time.Location // the community's time zone: the acta's dates read in it
}

// Record returns the record of a closed poll to its community's members; admins may see it any time.
// In a secret poll the voters carry no option.
func (s *Service) Record(ctx context.Context, a *domain.Actor, id string) (*Record, error) {
	v, err := s.Get(ctx, a, id)
	if err != nil {
		return nil, err
	}
	if v.Poll.Status != domain.PollClosed && !a.IsAdmin() {
		return nil, domain.Errorf(domain.CodeForbidden, "El acta estará disponible cuando se cierre la votación")
	}
	rec := &Record{View: v, Zone: s.zone(ctx, a.CommunityID)}
	if rec.Voters, err = s.store.PollVoters(ctx, id); err != nil {
		return nil, err
	}
	if v.Poll.Secret { // who took part, by the day (the votes cast since issue 33 are stored so)
		for i := range rec.Voters {
			rec.Voters[i].VotedAt = startOfDay(rec.Voters[i].VotedAt, rec.Zone)
		}
	}
	if v.Poll.Kind == domain.PollJunta {
		if rec.Units, err = s.store.PollUnits(ctx, v.Poll); err != nil {
			return nil, err
		}
		if rec.Delegations, err = s.delegations(ctx, v.Poll); err != nil {
			return nil, err
		}
		if rec.Objections, err = s.store.PollObjections(ctx, id); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// Labels of the records, in Spanish as the acta is written.
var (
	KindLabel         = map[domain.PollKind]string{domain.PollConsulta: "Consulta (consultiva)", domain.PollJunta: "Votación de junta"}
	MajorityLabel     = map[domain.Majority]string{domain.MajoritySimple: "Mayoría simple (art. 17.7)", domain.MajorityThreeFifths: "3/5 (art. 17.4)", domain.MajorityOneThird: "1/3 (art. 17.1)", domain.MajorityUnanimity: "Unanimidad (art. 17.6)"}
	ConvocatoriaLabel = map[domain.Convocatoria]string{domain.FirstCall: "Primera convocatoria", domain.SecondCall: "Segunda convocatoria"}
	statusLabel       = map[domain.PollStatus]string{domain.PollDraft: "Borrador", domain.PollOpen: "Activa", domain.PollClosed: "Cerrada"}
)

// percent writes a cuota as a percentage with a decimal comma ('12,5').
func percent(c domain.Coefficient) string { return strings.ReplaceAll(c.String(), ".", ",") }

// CSV writes the record as a CSV (semicolons, as Spanish spreadsheets read it): the poll, the result per
// option (once it may be shown), and one line per voter with their cuota, representative and, if not
// secret, their vote and its time (a secret poll's, the day).
func (rec *Record) CSV() []byte {
	p, r := rec.Poll, rec.Result
	var b bytes.Buffer
	w := csvsafe.NewWriter(&b, ';', false) // a voter named '=HYPERLINK(…)' is text, not a formula
	row := func(cells ...string) { _ = w.Write(cells) }
	row("Votación", p.Title)
	row("Tipo", KindLabel[p.Kind])
	row("Estado", statusLabel[p.Status])
	if p.OpenedAt != nil {
		row("Apertura", dateTime(*p.OpenedAt, rec.Zone))
	}
	if closed := p.ClosedTime(); closed != nil {
		row("Cierre", dateTime(*closed, rec.Zone))
	}
	row("Secreta", map[bool]string{true: "Sí", false: "No"}[p.Secret])
	if p.Kind == domain.PollJunta {
		if p.JuntaDate != nil {
			row("Fecha de la junta", p.JuntaDate.In(rec.Zone).Format("02/01/2006"))
		}
		row("Convocatoria", ConvocatoriaLabel[p.Convocatoria])
		row("Mayoría requerida", MajorityLabel[p.Majority])
		if d := r.Decision; d != nil {
			row("Resultado", map[bool]string{true: "Aprobada", false: "No aprobada"}[d.Approved], d.Reason)
		}
		if r.ObjectionUntil != nil && !r.Final {
			row("Provisional hasta", dateTime(*r.ObjectionUntil, rec.Zone))
		}
	}
	row("Votos", strconv.Itoa(r.TotalVotes))
	if p.Kind == domain.PollJunta {
		row("Propietarios con voto", strconv.Itoa(r.Electors))
	} else {
		row("Quórum", strconv.Itoa(p.Quorum))
	}
	if rec.ShowCounts {
		row("")
		row("Opción", "Votos", "Porcentaje", "Cuotas (%)")
		for _, o := range r.Options {
			row(o.Text, strconv.Itoa(o.Votes), strconv.Itoa(o.Percent)+" %", percent(o.Cuota))
		}
	}
	option := map[string]string{}
	for _, o := range p.Options {
		option[o.ID] = o.Text
	}
	row("")
	row("Votante", "Cuota (%)", "Votó", "Representado por", "Voto")
	for _, v := range rec.Voters {
		by := ""
		if v.CastBy != v.VoterID {
			by = v.CastByName
		}
		vote := "(secreto)"
		if v.OptionID != nil {
			vote = option[*v.OptionID]
		}
		when := dateTime(v.VotedAt, rec.Zone)
		if p.Secret { // who took part, by the day only (ADR 0033)
			when = v.VotedAt.In(rec.Zone).Format("02/01/2006")
		}
		row(v.VoterName, percent(v.Weight), when, by, vote)
	}
	w.Flush()
	return b.Bytes()
}
