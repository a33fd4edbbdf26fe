package juntas

import (
	"context"
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/voting"
)

// The convocatoria (art. 16 LPH): checked, its agreement points made junta votes, the debtors' list
// taken from the debt report, and sent to every owner by email (through the outbox), push and the app,
// each notice recorded as the proof of notice.

// quarter reports whether the promoters hold a quarter of the owners or of the cuotas (art. 16.1).
func quarter(promoters []string, owners []domain.JuntaOwner, ownerless []domain.JuntaOwnerlessUnit) bool {
	total, cuota := len(owners)+len(ownerless), domain.Coefficient(0)
	n, held := 0, domain.Coefficient(0)
	for _, u := range ownerless {
		cuota += u.Cuota
	}
	for _, o := range owners {
		cuota += o.Cuota
		for _, p := range promoters {
			if p == o.UserID {
				n++
				held += o.Cuota
			}
		}
	}
	return total > 0 && (n*4 >= total || (cuota > 0 && held*4 >= cuota))
}

// checkNotice refuses a convocatoria sent too late: an ordinaria at least 6 days before (art. 16.3), any
// junta before its date.
func checkNotice(j *domain.Junta, now time.Time, loc *time.Location) error {
	if !j.FirstCall.After(now) {
		return domain.Errorf(domain.CodeInvalid, "La fecha de la junta ya ha pasado: cámbiala antes de convocarla")
	}
	if j.Kind == domain.JuntaOrdinaria && j.FirstCall.Sub(now) < NoticeOrdinaria {
		return domain.Errorf(domain.CodeInvalid,
			"Una junta ordinaria se convoca con al menos 6 días de antelación (art. 16.3 LPH): el %s es demasiado pronto; la primera fecha posible es el %s",
			j.FirstCall.In(loc).Format("02/01/2006"), now.Add(NoticeOrdinaria).In(loc).Format("02/01/2006, 15:04"))
	}
	return nil
}

// Convene sends the convocatoria of a borrador: admins only. Everything happens in one transaction (the
// votes of its agreement points, the debtors' list, every owner's notice and email, the pushes), so a
// refused convocatoria sends nothing.
func (s *Service) Convene(ctx context.Context, a *domain.Actor, id string) (*domain.Junta, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	debtors, err := s.debtors(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	loc := s.zone(ctx, a.CommunityID)
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	queued := 0
	j, err := s.change(ctx, a, id, AuditConvened, func(ctx context.Context, j *domain.Junta, now time.Time) error {
		if j.Status != domain.JuntaDraft {
			return domain.Errorf(domain.CodeConflict, "La junta ya está convocada")
		}
		if err := checkNotice(j, now, loc); err != nil {
			return err
		}
		owners, ownerless, err := s.store.JuntaOwners(ctx, j.CommunityID)
		if err != nil {
			return err
		}
		if len(owners)+len(ownerless) == 0 {
			return domain.Errorf(domain.CodeConflict, "La comunidad no tiene viviendas con propietario: no hay a quién convocar")
		}
		if j.ConvenedBy == domain.ConvenedByPromoters && !quarter(j.Promoters, owners, ownerless) {
			return domain.Errorf(domain.CodeInvalid, "Los promotores deben ser al menos la cuarta parte de los propietarios o de las cuotas (art. 16.1 LPH)")
		}
		if hasAgreements(j) {
			sum, err := s.store.CoefficientSum(ctx, j.CommunityID)
			if err != nil {
				return err
			}
			if !domain.CoefficientsComplete(sum) {
				return domain.Errorf(domain.CodeConflict,
					"Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para votar los acuerdos de la junta", domain.CoefficientText(sum))
			}
		}
		for i := range j.Points {
			p := &j.Points[i]
			if !p.Agreement {
				continue
			}
			date := j.FirstCall
			poll, err := voting.NewJuntaPoll(j.CommunityID, a.UserID, voting.Input{Title: fmt.Sprintf("%d. %s", p.Position, p.Title),
				Description: p.Description, ClosesAt: j.SecondCall.Add(votesOpenFor), Majority: p.Majority, JuntaDate: &date}, now)
			if err != nil {
				return err
			}
			if err := s.store.CreatePoll(ctx, poll); err != nil {
				return err
			}
			p.PollID = &poll.ID
		}
		j.Debtors, j.Status, j.ConvenedAt = nonNil(debtors), domain.JuntaConvened, &now
		queued, err = s.sendConvocatoria(ctx, j, com, owners, now, loc)
		return err
	})
	if err != nil {
		return nil, err
	}
	if queued > 0 {
		s.mailWake()
	}
	return j, nil
}

func hasAgreements(j *domain.Junta) bool {
	for _, p := range j.Points {
		if p.Agreement {
			return true
		}
	}
	return false
}

// sendConvocatoria queues, inside the transaction of ctx, the owner's copy of the convocatoria to every
// owner with a confirmed email, records each notice (owners without one are recorded too, for a paper
// letter) and pushes it to them. It returns the emails queued.
func (s *Service) sendConvocatoria(ctx context.Context, j *domain.Junta, com *domain.Community, owners []domain.JuntaOwner, now time.Time, loc *time.Location) (int, error) {
	n := 0
	users := make([]string, 0, len(owners))
	for _, o := range owners {
		users = append(users, o.UserID)
		var m *domain.Mail
		if o.Confirmed && o.Email != "" {
			body := s.Text(j, o.Language, loc, true)
			composed, err := mail.Compose(KindConvocatoria, o.Language, o.Email, mail.Data{Name: o.Name, CommunityName: com.Name,
				Title: s.titleIn(j, o.Language, loc), Body: body, Date: dateTime(j.FirstCall, loc), Link: s.link(j)})
			if err != nil {
				return 0, err
			}
			m = &composed
			n++
		}
		if err := s.store.QueueJuntaNotice(ctx, j.ID, o.UserID, o.Name, m, now); err != nil {
			return 0, err
		}
	}
	err := s.store.QueuePush(ctx, domain.Push{Kind: domain.PushPoll, Users: users, CommunityID: j.CommunityID, URL: "/juntas/" + j.ID, Tag: "junta-" + j.ID,
		Text: func(lang domain.Language) (string, string) {
			return domain.Localized(lang, "Convocatoria de junta", "Convocatòria de junta", "Meeting called"), s.titleIn(j, lang, loc)
		}}, now)
	return n, err
}

func (s *Service) titleIn(j *domain.Junta, lang domain.Language, loc *time.Location) string {
	day := j.FirstCall.In(loc).Format("02/01/2006")
	if j.Kind == domain.JuntaOrdinaria {
		return domain.Localized(lang, "Junta ordinaria del ", "Junta ordinària del ", "Ordinary meeting of ") + day
	}
	return domain.Localized(lang, "Junta extraordinaria del ", "Junta extraordinària del ", "Extraordinary meeting of ") + day
}

// link is the junta's page in the emails, opening in its community (ADR 0040).
func (s *Service) link(j *domain.Junta) string {
	return domain.CommunityLink(s.publicURL+"/juntas/"+j.ID, j.CommunityID)
}

// OnlineNote is what a junta with only a video link says: the law does not regulate them nationally.
func OnlineNote(lang domain.Language) string {
	return domain.Localized(lang,
		"Las juntas telemáticas no están reguladas en la Ley de Propiedad Horizontal: su validez depende de los estatutos, de la normativa autonómica o del acuerdo de los propietarios.",
		"Les juntes telemàtiques no estan regulades a la Llei de propietat horitzontal estatal: la seva validesa depèn dels estatuts, de la normativa autonòmica (a Catalunya, el Codi civil) o de l'acord dels propietaris.",
		"Online meetings are not regulated by the national Horizontal Property Act: their validity depends on the statutes, regional law or the owners' agreement.")
}

// Text is the convocatoria in lang: the calls, the place, the orden del día and, in an owner's copy
// (owners), the list of owners not up to date with their payments (art. 16.2), never in anyone else's.
func (s *Service) Text(j *domain.Junta, lang domain.Language, loc *time.Location, owners bool) string {
	var b strings.Builder
	who := domain.Localized(lang, "el presidente", "el president", "the president")
	if j.ConvenedBy == domain.ConvenedByPromoters {
		who = domain.Localized(lang, "los propietarios promotores (art. 16.1 LPH)", "els propietaris promotors (art. 16.1 LPH)",
			"the promoting owners (art. 16.1 LPH)")
	}
	kind := domain.Localized(lang, "extraordinaria", "extraordinària", "extraordinary")
	if j.Kind == domain.JuntaOrdinaria {
		kind = domain.Localized(lang, "ordinaria", "ordinària", "ordinary")
	}
	fmt.Fprintf(&b, domain.Localized(lang, "Por decisión de %s se convoca junta %s de propietarios.",
		"Per decisió de %s es convoca junta %s de propietaris.", "By decision of %s, an %s meeting of owners is called."), who, kind)
	b.WriteString("\n\n")
	fmt.Fprintf(&b, domain.Localized(lang, "Primera convocatoria: %s. Segunda convocatoria: %s.",
		"Primera convocatòria: %s. Segona convocatòria: %s.", "First call: %s. Second call: %s."),
		dateTime(j.FirstCall, loc), dateTime(j.SecondCall, loc))
	b.WriteString("\n\n")
	if j.Place != "" {
		b.WriteString(domain.Localized(lang, "Lugar: ", "Lloc: ", "Place: ") + j.Place + "\n")
	}
	if j.VideoLink != "" {
		b.WriteString(domain.Localized(lang, "Videollamada: ", "Videotrucada: ", "Video call: ") + j.VideoLink + "\n")
		if j.Place == "" {
			b.WriteString(OnlineNote(lang) + "\n")
		}
	}
	b.WriteString("\n" + domain.Localized(lang, "Orden del día:", "Ordre del dia:", "Agenda:") + "\n")
	for _, p := range j.Points {
		fmt.Fprintf(&b, "%d. %s", p.Position, p.Title)
		if p.Agreement {
			b.WriteString(domain.Localized(lang, " (acuerdo, ", " (acord, ", " (agreement, ") + majorityText(p.Majority, lang) + ")")
		}
		b.WriteString("\n")
		for _, d := range p.Documents {
			b.WriteString("   " + domain.Localized(lang, "Documentación: ", "Documentació: ", "Document: ") + d.Title + "\n")
		}
	}
	if owners && len(j.Debtors) > 0 {
		b.WriteString("\n" + domain.Localized(lang,
			"Propietarios que no están al corriente en el pago de las deudas con la comunidad (art. 16.2 LPH). No podrán votar salvo que paguen o consignen judicial o notarialmente la deuda antes de la junta (art. 15.2 LPH):",
			"Propietaris que no estan al corrent en el pagament dels deutes amb la comunitat (art. 16.2 LPH). No podran votar tret que paguin o consignin judicialment o notarialment el deute abans de la junta (art. 15.2 LPH):",
			"Owners who are not up to date with their debts to the community (art. 16.2 LPH). They cannot vote unless they pay or deposit the debt in court or with a notary before the meeting (art. 15.2 LPH):") + "\n")
		for _, d := range j.Debtors {
			owner := d.Owner
			if owner == "" {
				owner = "—"
			}
			fmt.Fprintf(&b, "- %s (%s): %s\n", d.Unit, owner, domain.EurosText(d.Owed).In(lang))
		}
	}
	return strings.TrimSpace(b.String())
}

func majorityText(m domain.Majority, lang domain.Language) string {
	switch m {
	case domain.MajorityThreeFifths:
		return domain.Localized(lang, "mayoría de tres quintos", "majoria de tres cinquens", "three-fifths majority")
	case domain.MajorityOneThird:
		return domain.Localized(lang, "un tercio", "un terç", "one third")
	case domain.MajorityUnanimity:
		return domain.Localized(lang, "unanimidad", "unanimitat", "unanimity")
	}
	return domain.Localized(lang, "mayoría simple", "majoria simple", "simple majority")
}

// Proof is the proof of notice of a convened junta: per owner, when the email was queued, accepted by
// SMTP or given up, any bounce reported after, and when they opened it in the app; and who must be told
// on paper.
type Proof struct {
	Notices []domain.JuntaNotice
	Paper   []PaperNotice
}

// PaperNotice is an owner (or a unit whose owner has no account) to be told by a letter.
type PaperNotice struct {
	Name   string // empty for a unit without an owner in the app
	Units  []string
	Reason string // no_account, no_email, bounced
}

// Notices is the proof of notice; admins only.
func (s *Service) Notices(ctx context.Context, a *domain.Actor, id string) (*Proof, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if j.Status == domain.JuntaDraft {
		return nil, errNotConvened
	}
	notices, err := s.store.JuntaNotices(ctx, j.ID)
	if err != nil {
		return nil, err
	}
	owners, ownerless, err := s.store.JuntaOwners(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	p := &Proof{Notices: nonNil(notices), Paper: []PaperNotice{}}
	unitsOf := map[string][]string{}
	for _, o := range owners {
		unitsOf[o.UserID] = o.Units
	}
	for _, n := range notices {
		switch {
		case n.Email == nil:
			p.Paper = append(p.Paper, PaperNotice{Name: n.Name, Units: unitsOf[n.UserID], Reason: "no_email"})
		case n.FailedAt != nil || n.BouncedAt != nil: // given up, or bounced after the SMTP server accepted it
			p.Paper = append(p.Paper, PaperNotice{Name: n.Name, Units: unitsOf[n.UserID], Reason: "bounced"})
		}
	}
	for _, u := range ownerless {
		p.Paper = append(p.Paper, PaperNotice{Units: []string{u.Label}, Reason: "no_account"})
	}
	return p, nil
}

// Letters is the printable convocatoria for those told on paper: one page each, the owners' copy (with
// the debtors' list); admins only.
func (s *Service) Letters(ctx context.Context, a *domain.Actor, id string) ([]byte, error) {
	proof, err := s.Notices(ctx, a, id)
	if err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	loc := s.zone(ctx, a.CommunityID)
	text := s.Text(j, domain.Spanish, loc, true)
	return letters(com, s.titleIn(j, domain.Spanish, loc), text, proof.Paper)
}
