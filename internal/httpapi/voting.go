package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/voting"
)

// PollOption is one answer of a poll, with its count once the caller may see it.
type PollOption struct {
	ID       string   `json:"id"`
	Text     string   `json:"text"`
	Choice   *string  `json:"choice" enum:"favour,against,abstain" doc:"Junta votes: what the answer means for the agreement"`
	Votes    *int     `json:"votes" doc:"null until the caller may see the counts (voted, admin, or closed)"`
	Percent  *int     `json:"percent" doc:"Of the votes cast, rounded"`
	Cuota    *string  `json:"cuota" doc:"Junta votes: the sum of the cuotas of its votes, a percentage ('41.3')"`
	Receipts []string `json:"receipts" doc:"After the close: the receipt codes of its ballots"`
}

// PollDecision is the outcome of a junta vote: both majorities of art. 17 LPH.
type PollDecision struct {
	Approved     bool            `json:"approved"`
	Reason       string          `json:"reason" doc:"'mayoría de propietarios sí (12 de 20), mayoría de cuotas no (41,3 %)'"`
	OwnersFavour int             `json:"ownersFavour"`
	Owners       int             `json:"owners" doc:"The base: all owners with a vote, or those present (simple majority in segunda convocatoria)"`
	CuotaFavour  string          `json:"cuotaFavour"`
	Cuota        string          `json:"cuota"`
	OwnersMet    bool            `json:"ownersMet"`
	CuotaMet     bool            `json:"cuotaMet"`
	OverPresent  bool            `json:"overPresent" doc:"The base is the owners present, not all: a simple majority in segunda convocatoria (art. 17.7)"`
	Presumed     int             `json:"presumed" doc:"Absent owners counted in favour (art. 17.8)"`
	Reach        []MajorityReach `json:"reach" doc:"While the vote is open: each majority of art. 17, secured, still reachable or out of reach; empty once closed"`
}

// MajorityReach is where one majority stands while a junta vote is open.
type MajorityReach struct {
	Majority string `json:"majority" enum:"one_third,simple,three_fifths,unanimity"`
	Reach    string `json:"reach" enum:"secured,reachable,unreachable"`
}

// PollVote is the caller's own vote.
type PollVote struct {
	OptionID   *string   `json:"optionId" doc:"null in a secret poll: the server does not know it"`
	Receipt    *string   `json:"receipt" doc:"null in a secret poll: it was shown once, when voting"`
	CastByName string    `json:"castByName"`
	VotedAt    time.Time `json:"votedAt"`
}

// PollRepresented is an owner the caller votes for (art. 15.1).
type PollRepresented struct {
	OwnerID string `json:"ownerId"`
	Name    string `json:"name"`
	Voted   bool   `json:"voted"`
}

// PollDelegate is whom the caller delegated their vote to.
type PollDelegate struct {
	DelegateID   string `json:"delegateId"`
	DelegateName string `json:"delegateName"`
	Junta        bool   `json:"junta" doc:"Given for every vote of the junta, not for this one alone"`
}

// PollUnit is a unit of a junta vote's electorate (admins).
type PollUnit struct {
	UnitID         string  `json:"unitId"`
	Label          string  `json:"label"`
	OwnerName      *string `json:"ownerName" doc:"null: no confirmed owner in the app"`
	Coefficient    string  `json:"coefficient"`
	DeprivedReason *string `json:"deprivedReason" doc:"Set when deprived of its vote (art. 15.2)"`
	DebtCents      *int64  `json:"debtCents" doc:"Set when the unit owes receipts past their due date: art. 15.2 proposes depriving it of its vote, which an admin confirms"`
}

// Poll is a poll as the caller sees it.
type Poll struct {
	ID                 string            `json:"id"`
	Kind               string            `json:"kind" enum:"consulta,junta"`
	Title              string            `json:"title"`
	Description        string            `json:"description"`
	Status             string            `json:"status" enum:"draft,open,closed"`
	OpensAt            *time.Time        `json:"opensAt"`
	ClosesAt           time.Time         `json:"closesAt"`
	OpenedAt           *time.Time        `json:"openedAt"`
	ClosedAt           *time.Time        `json:"closedAt"`
	Quorum             int               `json:"quorum"`
	Secret             bool              `json:"secret"`
	AllowChange        bool              `json:"allowChange"`
	Majority           *string           `json:"majority" enum:"simple,three_fifths,one_third,unanimity"`
	Convocatoria       *string           `json:"convocatoria" enum:"primera,segunda"`
	JuntaDate          *time.Time        `json:"juntaDate"`
	AbsentFavour       bool              `json:"absentFavour" doc:"Art. 17.8: absent owners count in favour unless they object within 30 days"`
	Options            []PollOption      `json:"options"`
	ShowCounts         bool              `json:"showCounts"`
	TotalVotes         int               `json:"totalVotes"`
	Participation      int               `json:"participation" doc:"Votes over the quorum (a junta vote: over its electors once open), percent, capped at 100"`
	MyVote             *PollVote         `json:"myVote,omitempty" doc:"Absent until the caller voted"`
	CanVote            bool              `json:"canVote"`
	IsElector          bool              `json:"isElector" doc:"Junta: the caller owns units of the electorate"`
	MyWeight           string            `json:"myWeight" doc:"Junta: the cuota the caller's vote carries"`
	Deprived           bool              `json:"deprived" doc:"Junta: the caller's units are deprived of their vote (art. 15.2)"`
	Represented        []PollRepresented `json:"represented"`
	MyDelegate         *PollDelegate     `json:"myDelegate,omitempty" doc:"Absent unless the caller delegated their vote"`
	CoefficientSum     string            `json:"coefficientSum" doc:"Junta: the registry's sum (draft) or the electorate's"`
	CoefficientsAre100 bool              `json:"coefficientsAre100"`
	Electors           int               `json:"electors" doc:"Junta: owners with a vote"`
	Decision           *PollDecision     `json:"decision,omitempty" doc:"Junta votes once open, to who may see the counts (final when closed); absent otherwise"`
	ProvisionalUntil   *time.Time        `json:"provisionalUntil" doc:"The result is provisional until then (art. 17.8)"`
	Final              bool              `json:"final"`
	CanObject          bool              `json:"canObject"`
	Objected           bool              `json:"objected"`
	Units              []PollUnit        `json:"units" doc:"Admins of a junta vote: its electorate"`
	CanEdit            bool              `json:"canEdit" doc:"An admin, on a draft"`
}

func optional[T ~string](v T) *string {
	if v == "" {
		return nil
	}
	s := string(v)
	return &s
}

func pollOf(a *domain.Actor, v *voting.View) Poll {
	p, r := v.Poll, v.Result
	out := Poll{ID: p.ID, Kind: string(p.Kind), Title: p.Title, Description: p.Description, Status: string(p.Status), OpensAt: p.OpensAt,
		ClosesAt: p.ClosesAt, OpenedAt: p.OpenedAt, ClosedAt: p.ClosedTime(), Quorum: p.Quorum, Secret: p.Secret, AllowChange: p.AllowChange,
		Majority: optional(p.Majority), Convocatoria: optional(p.Convocatoria), JuntaDate: p.JuntaDate, AbsentFavour: p.AbsentFavour,
		ShowCounts: v.ShowCounts, TotalVotes: r.TotalVotes, Participation: r.Participation, CanVote: v.CanVote, IsElector: v.IsElector,
		MyWeight: v.MyWeight.String(), Deprived: v.Deprived, Represented: []PollRepresented{}, Options: []PollOption{},
		CoefficientSum: v.CoefficientSum.String(), CoefficientsAre100: domain.CoefficientsComplete(v.CoefficientSum), Electors: r.Electors,
		ProvisionalUntil: r.ObjectionUntil, Final: r.Final, CanObject: v.CanObject, Objected: v.Objected, Units: []PollUnit{},
		CanEdit: a.IsAdmin() && p.Status == domain.PollDraft}
	if r.Final {
		out.ProvisionalUntil = nil
	}
	for _, o := range r.Options {
		po := PollOption{ID: o.ID, Text: o.Text, Choice: optional(o.Choice), Receipts: o.Receipts}
		if po.Receipts == nil {
			po.Receipts = []string{}
		}
		if v.ShowCounts {
			votes, pct := o.Votes, o.Percent
			po.Votes, po.Percent = &votes, &pct
			if p.Kind == domain.PollJunta {
				c := o.Cuota.String()
				po.Cuota = &c
			}
		}
		out.Options = append(out.Options, po)
	}
	if m := v.Mine; m != nil {
		out.MyVote = &PollVote{OptionID: m.OptionID, Receipt: m.Receipt, CastByName: m.CastByName, VotedAt: m.VotedAt}
	}
	for _, rep := range v.Represented {
		out.Represented = append(out.Represented, PollRepresented{OwnerID: rep.OwnerID, Name: rep.Name, Voted: rep.Voted})
	}
	if d := v.MyDelegate; d != nil {
		out.MyDelegate = &PollDelegate{DelegateID: d.DelegateID, DelegateName: d.DelegateName, Junta: d.Junta}
	}
	if d := r.Decision; d != nil && v.ShowCounts {
		out.Decision = &PollDecision{Approved: d.Approved, Reason: d.Reason, OwnersFavour: d.OwnersFavour, Owners: d.Owners,
			CuotaFavour: d.CuotaFavour.String(), Cuota: d.Cuota.String(), OwnersMet: d.OwnersMet, CuotaMet: d.CuotaMet,
			OverPresent: d.OverPresent, Presumed: d.Presumed, Reach: []MajorityReach{}}
		for _, m := range voting.Majorities {
			if reach, ok := r.Reach[m]; ok {
				out.Decision.Reach = append(out.Decision.Reach, MajorityReach{Majority: string(m), Reach: string(reach)})
			}
		}
	}
	for _, u := range v.Units {
		out.Units = append(out.Units, pollUnitOf(u))
	}
	return out
}

func pollUnitOf(u domain.PollUnit) PollUnit {
	pu := PollUnit{UnitID: u.UnitID, Label: u.Label, Coefficient: u.Coefficient.String(), DeprivedReason: u.Deprived}
	if u.OwnerID != nil {
		name := u.OwnerName
		pu.OwnerName = &name
	}
	return pu
}

type pollIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type pollOutput struct{ Body Poll }

type pollListOutput struct {
	Body struct {
		Items []Poll `json:"items"`
	}
}

// pollBody is the form of a poll.
type pollBody struct {
	Kind         string            `json:"kind,omitempty" enum:"consulta,junta" doc:"Default consulta"`
	Title        string            `json:"title" maxLength:"200"`
	Description  string            `json:"description,omitempty" maxLength:"5000"`
	Options      []string          `json:"options,omitempty" maxItems:"20" doc:"Consultas: 2 or more"`
	JuntaOptions []juntaOptionBody `json:"juntaOptions,omitempty" maxItems:"20" doc:"Junta votes: 2 or more, at least one in favour and one against; omitted: A favor, En contra, Abstención"`
	OpensAt      *time.Time        `json:"opensAt,omitempty" doc:"A draft opens by itself then; omitted: when published"`
	ClosesAt     time.Time         `json:"closesAt"`
	Quorum       int               `json:"quorum,omitempty" minimum:"0" maximum:"100000" doc:"Votes; default 25"`
	Secret       bool              `json:"secret,omitempty"`
	AllowChange  bool              `json:"allowChange,omitempty" doc:"A vote may be changed until the close"`
	Majority     string            `json:"majority,omitempty" enum:"simple,three_fifths,one_third,unanimity" doc:"Junta; default simple"`
	Convocatoria string            `json:"convocatoria,omitempty" enum:"primera,segunda" doc:"Junta; default primera"`
	JuntaDate    *time.Time        `json:"juntaDate,omitempty" doc:"Junta: required"`
	AbsentFavour *bool             `json:"absentFavour,omitempty" doc:"Junta: art. 17.8 applies; default true"`
}

// juntaOptionBody is an answer of a junta vote and what it means for the agreement.
type juntaOptionBody struct {
	Text   string `json:"text" maxLength:"200"`
	Choice string `json:"choice" enum:"favour,against,abstain"`
}

func (b pollBody) input() voting.Input {
	in := voting.Input{Kind: domain.PollKind(b.Kind), Title: b.Title, Description: b.Description, Options: b.Options, OpensAt: b.OpensAt,
		ClosesAt: b.ClosesAt, Quorum: b.Quorum, Secret: b.Secret, AllowChange: b.AllowChange, Majority: domain.Majority(b.Majority),
		Convocatoria: domain.Convocatoria(b.Convocatoria), JuntaDate: b.JuntaDate, AbsentFavour: b.AbsentFavour}
	for _, o := range b.JuntaOptions {
		in.JuntaOptions = append(in.JuntaOptions, voting.JuntaOption{Text: o.Text, Choice: domain.Choice(o.Choice)})
	}
	return in
}

type createPollInput struct {
	Body pollBody
}

type updatePollInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body pollBody
}

type votePollInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		OptionID  string `json:"optionId" maxLength:"64"`
		For       string `json:"for,omitempty" maxLength:"64" doc:"An owner the caller represents (art. 15.1); omitted: the caller"`
		ChangeKey string `json:"changeKey,omitempty" maxLength:"64" doc:"To change a secret vote: the key its vote was given (changeKey). Only the voter or their representative at that moment may change it"`
	}
}

type votePollOutput struct {
	Body struct {
		Receipt   string  `json:"receipt" doc:"Keep it: after the close the receipts are published per option"`
		ChangeKey *string `json:"changeKey" doc:"A secret poll that allows changes: the key to change this vote, given only here (the server keeps hashes of it)"`
		Changed   bool    `json:"changed" doc:"An earlier vote was changed"`
		Poll      Poll    `json:"poll"`
	}
}

type delegatePollInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		DelegateID string `json:"delegateId" maxLength:"64" doc:"A member of the community; empty revokes the representation"`
		Scope      string `json:"scope,omitempty" enum:"poll,junta" doc:"poll (default): this vote; junta: every vote of its junta (the same junta date)"`
	}
}

type depriveUnitInput struct {
	ID     string `path:"id" maxLength:"64"`
	UnitID string `path:"unitId" maxLength:"64"`
	Body   struct {
		Reason *string `json:"reason" maxLength:"500" doc:"Why the unit may not vote (art. 15.2); null gives the vote back"`
	}
}

// PollVoter is one line of the acta: who voted, for whom, with what cuota and (not secret) what.
type PollVoter struct {
	VoterName  string    `json:"voterName"`
	CastByName *string   `json:"castByName" doc:"The representative who cast it (art. 15.1); null: the owner"`
	Cuota      string    `json:"cuota"`
	OptionID   *string   `json:"optionId" doc:"null in a secret poll"`
	VotedAt    time.Time `json:"votedAt" doc:"A secret poll: the start of the day only"`
}

// PollObjection is an absent owner's objection (art. 17.8).
type PollObjection struct {
	Name string    `json:"name"`
	At   time.Time `json:"at"`
}

type pollRecordOutput struct {
	Body struct {
		Poll        Poll            `json:"poll"`
		Voters      []PollVoter     `json:"voters"`
		Units       []PollUnit      `json:"units"`
		Objections  []PollObjection `json:"objections"`
		Kind        string          `json:"kindLabel"`
		Majority    string          `json:"majorityLabel"`
		Convocation string          `json:"convocatoriaLabel"`
	}
}

type pollCSVOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

func (s *server) listPolls(ctx context.Context, _ *struct{}) (*pollListOutput, error) {
	a := actor(ctx)
	views, err := s.Voting.List(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &pollListOutput{}
	out.Body.Items = make([]Poll, len(views))
	for i, v := range views {
		out.Body.Items[i] = pollOf(a, v)
	}
	return out, nil
}

// poll answers a change (err from it first) with the poll as the caller now sees it.
func (s *server) poll(ctx context.Context, a *domain.Actor, id string, err error) (*pollOutput, error) {
	if err != nil {
		return nil, err
	}
	v, err := s.Voting.Get(ctx, a, id)
	if err != nil {
		return nil, err
	}
	out := &pollOutput{Body: pollOf(a, v)}
	if len(out.Body.Units) > 0 {
		// The electorate is an admin's: the units in debt are proposed for deprivation (issue #36).
		debts, err := s.Money.DeprivationProposals(ctx, a)
		if err != nil {
			return nil, err
		}
		for i := range out.Body.Units {
			if owed, ok := debts[out.Body.Units[i].UnitID]; ok {
				c := int64(owed)
				out.Body.Units[i].DebtCents = &c
			}
		}
	}
	return out, nil
}

func (s *server) getPoll(ctx context.Context, in *pollIDInput) (*pollOutput, error) {
	a := actor(ctx)
	return s.poll(ctx, a, in.ID, nil)
}

func (s *server) createPoll(ctx context.Context, in *createPollInput) (*pollOutput, error) {
	a := actor(ctx)
	p, err := s.Voting.Create(ctx, a, in.Body.input())
	if err != nil {
		return nil, err
	}
	return s.poll(ctx, a, p.ID, nil)
}

func (s *server) updatePoll(ctx context.Context, in *updatePollInput) (*pollOutput, error) {
	a := actor(ctx)
	_, err := s.Voting.Update(ctx, a, in.ID, in.Body.input())
	return s.poll(ctx, a, in.ID, err)
}

func (s *server) deletePoll(ctx context.Context, in *pollIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Voting.Delete(ctx, a, in.ID)
}

func (s *server) publishPoll(ctx context.Context, in *pollIDInput) (*pollOutput, error) {
	a := actor(ctx)
	_, err := s.Voting.Publish(ctx, a, in.ID)
	return s.poll(ctx, a, in.ID, err)
}

func (s *server) closePoll(ctx context.Context, in *pollIDInput) (*pollOutput, error) {
	a := actor(ctx)
	_, err := s.Voting.Close(ctx, a, in.ID)
	return s.poll(ctx, a, in.ID, err)
}

func (s *server) votePoll(ctx context.Context, in *votePollInput) (*votePollOutput, error) {
	a := actor(ctx)
	voted, err := s.Voting.Vote(ctx, a, in.ID, voting.VoteInput{OptionID: in.Body.OptionID, For: in.Body.For, Key: in.Body.ChangeKey})
	if err != nil {
		return nil, err
	}
	p, err := s.poll(ctx, a, in.ID, nil)
	if err != nil {
		return nil, err
	}
	out := &votePollOutput{}
	out.Body.Receipt, out.Body.Changed, out.Body.Poll = voted.Receipt, voted.Changed, p.Body
	if voted.Key != "" {
		out.Body.ChangeKey = &voted.Key
	}
	return out, nil
}

func (s *server) delegatePoll(ctx context.Context, in *delegatePollInput) (*pollOutput, error) {
	a := actor(ctx)
	return s.poll(ctx, a, in.ID, s.Voting.Delegate(ctx, a, in.ID, in.Body.DelegateID, in.Body.Scope == "junta"))
}

func (s *server) objectPoll(ctx context.Context, in *pollIDInput) (*pollOutput, error) {
	a := actor(ctx)
	return s.poll(ctx, a, in.ID, s.Voting.Object(ctx, a, in.ID))
}

func (s *server) depriveUnit(ctx context.Context, in *depriveUnitInput) (*pollOutput, error) {
	a := actor(ctx)
	return s.poll(ctx, a, in.ID, s.Voting.Deprive(ctx, a, in.ID, in.UnitID, in.Body.Reason))
}

func (s *server) pollRecord(ctx context.Context, in *pollIDInput) (*pollRecordOutput, error) {
	a := actor(ctx)
	rec, err := s.Voting.Record(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &pollRecordOutput{}
	b := &out.Body
	b.Poll = pollOf(a, rec.View)
	b.Voters, b.Units, b.Objections = []PollVoter{}, []PollUnit{}, []PollObjection{}
	for _, v := range rec.Voters {
		pv := PollVoter{VoterName: v.VoterName, Cuota: v.Weight.String(), OptionID: v.OptionID, VotedAt: v.VotedAt}
		if v.CastBy != v.VoterID {
			name := v.CastByName
			pv.CastByName = &name
		}
		b.Voters = append(b.Voters, pv)
	}
	for _, u := range rec.Units {
		b.Units = append(b.Units, pollUnitOf(u))
	}
	for _, o := range rec.Objections {
		b.Objections = append(b.Objections, PollObjection{Name: o.Name, At: o.At})
	}
	p := rec.Poll
	b.Kind, b.Majority, b.Convocation = voting.KindLabel[p.Kind], voting.MajorityLabel[p.Majority], voting.ConvocatoriaLabel[p.Convocatoria]
	return out, nil
}

func (s *server) pollRecordCSV(ctx context.Context, in *pollIDInput) (*pollCSVOutput, error) {
	a := actor(ctx)
	rec, err := s.Voting.Record(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &pollCSVOutput{ContentType: "text/csv; charset=utf-8", ContentDisposition: `attachment; filename="votacion.csv"`, Body: rec.CSV()}, nil
}
