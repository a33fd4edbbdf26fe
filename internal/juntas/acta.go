package juntas

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
)

// The acta (art. 19 LPH): drafted from the junta's data, its free text edited by the secretary, signed in
// the app by the junta's president and secretary. A signature records who, when and the SHA-256 of the
// acta's PDF bytes; any change after it (the text, the attendance) voids it. Once both have signed, the
// acta is filed in Documentos under 'Actas', which mails it to the owners.

var errActaEmpty = domain.Errorf(domain.CodeConflict, "El acta aún no está redactada")

// DraftActa writes the acta from the junta's data, closing the votes of its points first; admins only,
// once the junta is held. It replaces the text and voids any signature.
func (s *Service) DraftActa(ctx context.Context, a *domain.Actor, id string) (*domain.Junta, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if j.Status == domain.JuntaSigned {
		return nil, errSigned
	}
	if j.Status != domain.JuntaHeld {
		return nil, errNotHeld
	}
	// The votes end with the acta: each open one is closed now (an admin may have closed it already).
	for _, p := range j.Points {
		if p.PollID == nil || s.polls == nil {
			continue
		}
		if _, err := s.polls.Close(ctx, a, *p.PollID); err != nil && domain.ErrorCode(err) != domain.CodeConflict {
			return nil, err
		}
	}
	text, err := s.draft(ctx, a, j)
	if err != nil {
		return nil, err
	}
	return s.change(ctx, a, id, "", func(ctx context.Context, j *domain.Junta, _ time.Time) error {
		if j.Status != domain.JuntaHeld {
			return errNotHeld
		}
		j.ActaText = text
		if j.ActaNumber == nil {
			n, err := s.store.NextActaNumber(ctx, j.CommunityID)
			if err != nil {
				return err
			}
			j.ActaNumber = &n
		}
		_, err := s.store.ClearJuntaSignatures(ctx, j.ID)
		return err
	})
}

// actaTitle is 'Acta nº 3 · Junta ordinaria del 12/03/2027'.
func (s *Service) actaTitle(ctx context.Context, j *domain.Junta) string {
	title := s.titleIn(j, domain.Spanish, s.zone(ctx, j.CommunityID))
	if j.ActaNumber != nil {
		return fmt.Sprintf("Acta nº %d · %s", *j.ActaNumber, title)
	}
	return "Acta · " + title
}

// draft is the acta's text from the junta: date, place, who convened, kind and call, attendees with
// their cuotas, the orden del día, each agreement with its result, and the owners deprived of vote.
func (s *Service) draft(ctx context.Context, a *domain.Actor, j *domain.Junta) (string, error) {
	lang := domain.Spanish
	loc := s.zone(ctx, j.CommunityID)
	panel, err := s.panel(ctx, j)
	if err != nil {
		return "", err
	}
	if panel.Quorum.OwnersIn == 0 {
		return "", domain.Errorf(domain.CodeConflict, "No hay ningún propietario presente ni representado: anota la asistencia antes de redactar el acta")
	}
	com, err := s.store.CommunityByID(ctx, j.CommunityID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	call := "primera"
	if j.HeldCall == domain.SecondCall {
		call = "segunda"
	}
	kind := "extraordinaria"
	if j.Kind == domain.JuntaOrdinaria {
		kind = "ordinaria"
	}
	where := j.Place
	if where == "" {
		where = "por videollamada (" + j.VideoLink + ")"
	}
	held := j.FirstCall
	if j.HeldAt != nil {
		held = *j.HeldAt
	}
	fmt.Fprintf(&b, "En %s, el %s, se reúne en %s convocatoria la junta %s de propietarios de la comunidad %s, convocada por %s con fecha %s.\n\n",
		where, dateTime(held, loc), call, kind, com.Name, convener(j), dateOf(j.ConvenedAt, loc))
	fmt.Fprintf(&b, "Preside %s y actúa como secretario %s.\n\n", j.PresidentName, j.SecretaryName)
	b.WriteString("ASISTENTES\n")
	for _, at := range panel.Attendees {
		switch at.Status {
		case domain.AttendancePresent:
			fmt.Fprintf(&b, "- %s (%s), cuota %s %%: presente\n", at.Name, strings.Join(at.Units, ", "), at.Cuota)
		case domain.AttendanceRepresented:
			fmt.Fprintf(&b, "- %s (%s), cuota %s %%: representado por %s\n", at.Name, strings.Join(at.Units, ", "), at.Cuota, at.Representative)
		}
	}
	q := panel.Quorum
	fmt.Fprintf(&b, "\nAsisten, presentes o representados, %d de %d propietarios, que suman el %s %% de las cuotas.\n\n",
		q.OwnersIn, q.Owners, domain.CoefficientText(q.CuotaIn).In(lang))
	b.WriteString("ORDEN DEL DÍA\n")
	for _, p := range j.Points {
		fmt.Fprintf(&b, "%d. %s\n", p.Position, p.Title)
	}
	b.WriteString("\nACUERDOS\n")
	var deprived []string
	for _, p := range j.Points {
		fmt.Fprintf(&b, "%d. %s\n", p.Position, p.Title)
		if !p.Agreement || p.PollID == nil || s.polls == nil {
			b.WriteString("Punto informativo.\n\n")
			continue
		}
		rec, err := s.polls.Record(ctx, a, *p.PollID)
		if err != nil {
			return "", err
		}
		v := rec.View
		if d := v.Result.Decision; d != nil {
			verdict := "No se aprueba"
			if d.Approved {
				verdict = "Se aprueba"
			}
			fmt.Fprintf(&b, "%s por %s: %s.\n", verdict, majorityText(p.Majority, lang), d.Reason)
		} else {
			b.WriteString("Sin votación.\n")
		}
		for _, o := range v.Result.Options {
			fmt.Fprintf(&b, "- %s: %d votos, cuota %s %%", o.Text, o.Votes, domain.CoefficientText(o.Cuota).In(lang))
			// Who voted it, with their cuota (art. 19.2: the names of those for and against, where it matters).
			var names []string
			for _, voter := range rec.Voters {
				if voter.OptionID != nil && *voter.OptionID == o.ID {
					names = append(names, fmt.Sprintf("%s (%s %%)", voter.VoterName, domain.CoefficientText(voter.Weight).In(lang)))
				}
			}
			if len(names) > 0 {
				b.WriteString(": " + strings.Join(names, ", "))
			}
			b.WriteString("\n")
		}
		for _, u := range v.Units {
			if u.Deprived != nil && !slices.Contains(deprived, u.Label) {
				deprived = append(deprived, u.Label+" ("+u.OwnerName+")")
			}
		}
		b.WriteString("\n")
	}
	if len(deprived) > 0 {
		b.WriteString("PRIVADOS DEL DERECHO DE VOTO (art. 15.2 LPH)\n" + strings.Join(deprived, "\n") + "\n\n")
	}
	b.WriteString("Los propietarios ausentes pueden manifestar su discrepancia en los 30 días naturales siguientes a la comunicación de los acuerdos (art. 17.8 LPH).\n\n")
	b.WriteString("Y sin más asuntos que tratar, se levanta la sesión.")
	return b.String(), nil
}

func convener(j *domain.Junta) string {
	if j.ConvenedBy == domain.ConvenedByPromoters {
		return "los propietarios promotores (art. 16.1 LPH)"
	}
	return "el presidente, " + j.PresidentName
}

func dateOf(t *time.Time, loc *time.Location) string {
	if t == nil {
		return "—"
	}
	return t.In(loc).Format("02/01/2006")
}

// SaveActa replaces the acta's text: the junta's secretary or an admin, before it is signed by both. It
// voids the signatures given.
func (s *Service) SaveActa(ctx context.Context, a *domain.Actor, id, text string) (*domain.Junta, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "El acta no puede quedar vacía")
	}
	if utf8.RuneCountInString(text) > maxActa {
		return nil, domain.Errorf(domain.CodeInvalid, "El acta no puede superar los %d caracteres", maxActa)
	}
	return s.change(ctx, a, id, "", func(ctx context.Context, j *domain.Junta, _ time.Time) error {
		if !a.IsAdmin() && (j.SecretaryID == nil || *j.SecretaryID != a.UserID) {
			return domain.Errorf(domain.CodeForbidden, "Solo el secretario de la junta o un administrador puede redactar el acta")
		}
		switch j.Status {
		case domain.JuntaSigned:
			return errSigned
		case domain.JuntaHeld:
		default:
			return errNotHeld
		}
		if j.ActaNumber == nil {
			n, err := s.store.NextActaNumber(ctx, j.CommunityID)
			if err != nil {
				return err
			}
			j.ActaNumber = &n
		}
		if text != j.ActaText {
			j.ActaText = text
			_, err := s.store.ClearJuntaSignatures(ctx, j.ID)
			return err
		}
		return nil
	})
}

// ActaPDF is the acta's PDF and its SHA-256: members may read it once drafted. The same acta always
// makes the same bytes, so a signature's hash can be checked against it.
func (s *Service) ActaPDF(ctx context.Context, a *domain.Actor, id string) ([]byte, string, error) {
	if !a.InCommunity() {
		return nil, "", domain.ErrNoCommunity
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, "", err
	}
	if j.ActaText == "" || (j.Status != domain.JuntaSigned && !a.IsAdmin() && len(s.rolesOf(j, a.UserID)) == 0) {
		return nil, "", errActaEmpty
	}
	return s.actaBytes(ctx, j)
}

func (s *Service) actaBytes(ctx context.Context, j *domain.Junta) ([]byte, string, error) {
	com, err := s.store.CommunityByID(ctx, j.CommunityID)
	if err != nil {
		return nil, "", err
	}
	data, err := actaPDF(com, s.actaTitle(ctx, j), j)
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(data)
	return data, hex.EncodeToString(sum[:]), nil
}

// Sign signs the acta as the junta's president, secretary or both (whichever the caller is). Once both
// have signed, the junta's acta is signed: it is filed in Documentos under 'Actas' and mailed.
func (s *Service) Sign(ctx context.Context, a *domain.Actor, id string) (*domain.Junta, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	var pdf []byte
	complete := false
	j, err := s.change(ctx, a, id, "", func(ctx context.Context, j *domain.Junta, now time.Time) error {
		roles := s.rolesOf(j, a.UserID)
		switch {
		case len(roles) == 0:
			return domain.Errorf(domain.CodeForbidden, "Solo el presidente y el secretario de la junta firman el acta")
		case j.Status == domain.JuntaSigned:
			return errSigned
		case j.Status != domain.JuntaHeld:
			return errNotHeld
		case j.ActaText == "":
			return errActaEmpty
		}
		data, hash, err := s.actaBytes(ctx, j)
		if err != nil {
			return err
		}
		name, err := s.member(ctx, j.CommunityID, a.UserID)
		if err != nil {
			return err
		}
		for _, role := range roles {
			if err := s.store.AddJuntaSignature(ctx, j.ID, domain.JuntaSignature{Role: role, UserID: &a.UserID, Name: name,
				SignedAt: now, SHA256: hash}); err != nil {
				return err
			}
		}
		signed, err := s.store.JuntaSignatures(ctx, j.ID)
		if err != nil {
			return err
		}
		if signedBoth(signed, hash) {
			j.Status, complete, pdf = domain.JuntaSigned, true, data
			return s.objectionsFromSending(ctx, j, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if complete {
		s.record(ctx, a, AuditSigned, j)
		if err := s.file(ctx, a, j, pdf); err != nil {
			s.log.Error("juntas: filing the signed acta", "junta", j.ID, "err", err)
		}
	}
	return j, nil
}

// objectionsFromSending counts the 30 days in which absent owners may object to each agreement (art.
// 17.8) from sentAt, when the signed acta is sent to the owners, rather than from the close of its vote:
// the law counts them from the communication of the agreement. A period already over is left as it ended.
func (s *Service) objectionsFromSending(ctx context.Context, j *domain.Junta, sentAt time.Time) error {
	until := sentAt.Add(domain.ObjectionPeriod)
	for _, pt := range j.Points {
		if pt.PollID == nil {
			continue
		}
		p, err := s.store.PollForUpdate(ctx, j.CommunityID, *pt.PollID, sentAt)
		if err != nil {
			return err
		}
		if p == nil || p.ObjectionUntil == nil || p.FinalizedAt != nil || !until.After(*p.ObjectionUntil) {
			continue
		}
		p.ObjectionUntil, p.UpdatedAt = &until, sentAt
		if err := s.store.SavePoll(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// signedBoth reports whether the president and the secretary signed the same PDF, hash.
func signedBoth(signed []domain.JuntaSignature, hash string) bool {
	roles := map[string]bool{}
	for _, sg := range signed {
		if sg.SHA256 == hash {
			roles[sg.Role] = true
		}
	}
	return roles[RolePresident] && roles[RoleSecretary]
}

// file puts the signed acta in Documentos under 'Actas', for the owners: Documentos emails it to them.
func (s *Service) file(ctx context.Context, a *domain.Actor, j *domain.Junta, pdf []byte) error {
	if s.archive == nil {
		return nil
	}
	// The community files it: the signer may not be an admin, the filing is the junta's.
	filer := *a
	filer.Role = domain.RoleAdmin
	cats, err := s.archive.Categories(ctx, &filer)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(cats, func(c domain.DocumentCategory) bool { return c.Kind == domain.CategoryActas })
	if i < 0 {
		return fmt.Errorf("no Actas category in community %s", j.CommunityID)
	}
	loc := s.zone(ctx, j.CommunityID)
	created, err := s.archive.Create(ctx, &filer, documents.UploadInput{CategoryID: cats[i].ID, Title: s.actaTitle(ctx, j),
		Date: j.FirstCall.In(loc).Format(time.DateOnly), Visibility: domain.DocumentForOwners, FileName: "acta-" + j.FirstCall.In(loc).Format(time.DateOnly) + ".pdf"}, pdf)
	if err != nil {
		return err
	}
	_, err = s.change(ctx, a, j.ID, "", func(_ context.Context, j *domain.Junta, _ time.Time) error {
		j.ActaDocumentID = &created.Document.ID
		return nil
	})
	return err
}
