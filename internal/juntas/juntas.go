// Package juntas runs a junta de propietarios from its convocatoria to its signed acta (issue #38, arts.
// 15–19 LPH), on the junta votes of internal/voting and the debt report of internal/money:
// juntas.go (the junta, its orden del día and its lifecycle), convocatoria.go (the notice, the proof of
// notice and the paper letters), attendance.go and quorum.go (who is there, the first-convocatoria
// quorum), acta.go (the acta, its signatures and its filing in Documentos), settle.go (the reminder of art.
// 19.3), pdf.go. docs/adr/0041-juntas.md.
package juntas

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/voting"
)

// Area is the name of this feature in the realtime `change` event.
const Area = "juntas"

// Limits and rules.
const (
	maxPlace       = 300
	maxLink        = 500
	maxPoints      = 40
	maxPointTitle  = 300
	maxPointDesc   = 5000
	maxActa        = 50000
	maxRepresented = 200
	maxPointDocs   = 10
	// NoticeOrdinaria is the least notice of an ordinary junta (art. 16.3: seis días).
	NoticeOrdinaria = 6 * 24 * time.Hour
	// MinCallGap is the least time between the first and the second convocatoria (art. 16.2).
	MinCallGap = 30 * time.Minute
	// ReminderAfter is when an unsigned acta is reminded: 7 days after the junta, within art. 19.3's 10.
	ReminderAfter = 7 * 24 * time.Hour
	// votesOpenFor is how long the votes of the points stay open after the junta is constituted, unless
	// the acta is drafted first (which closes them).
	votesOpenFor = 12 * time.Hour
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	Junta(ctx context.Context, communityID, id string) (*domain.Junta, error)
	JuntaForUpdate(ctx context.Context, communityID, id string) (*domain.Junta, error)
	ListJuntas(ctx context.Context, communityID string, withDrafts bool) ([]domain.Junta, error)
	NextJunta(ctx context.Context, communityID string, after time.Time) (*domain.Junta, error)
	InsertJunta(ctx context.Context, j *domain.Junta) error
	SaveJunta(ctx context.Context, j *domain.Junta) error
	DeleteJunta(ctx context.Context, communityID, id string) error
	NextActaNumber(ctx context.Context, communityID string) (int, error)
	JuntaOwners(ctx context.Context, communityID string) ([]domain.JuntaOwner, []domain.JuntaOwnerlessUnit, error)
	QueueJuntaNotice(ctx context.Context, juntaID, ownerID, name string, m *domain.Mail, at time.Time) error
	JuntaNotices(ctx context.Context, juntaID string) ([]domain.JuntaNotice, error)
	MarkJuntaOpened(ctx context.Context, juntaID, userID string, at time.Time) (bool, error)
	TouchJuntaViewer(ctx context.Context, juntaID, userID string, at, since time.Time) (bool, error)
	LeaveJuntaViewer(ctx context.Context, juntaID, userID string) (bool, error)
	JuntaViewers(ctx context.Context, juntaID string, since time.Time) ([]domain.JuntaViewer, error)
	SetJuntaAttendance(ctx context.Context, juntaID string, a domain.JuntaAttendance) error
	JuntaAttendance(ctx context.Context, juntaID string) ([]domain.JuntaAttendance, error)
	JuntaSignatures(ctx context.Context, juntaID string) ([]domain.JuntaSignature, error)
	AddJuntaSignature(ctx context.Context, juntaID string, s domain.JuntaSignature) error
	JuntaProxies(ctx context.Context, juntaID string) ([]domain.JuntaProxy, error)
	SetJuntaProxy(ctx context.Context, juntaID string, p domain.JuntaProxy) error
	DeleteJuntaProxy(ctx context.Context, juntaID, ownerID string) error
	SetJuntaDelegation(ctx context.Context, communityID, juntaDay, ownerID, delegateID string, at time.Time) error
	ClearJuntaSignatures(ctx context.Context, juntaID string) (int, error)
	DueJuntaReminders(ctx context.Context, before time.Time) ([]domain.DueJunta, error)
	CommunityMember(ctx context.Context, communityID, userID string) (string, bool, error)
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
	CommunityTimeZone(ctx context.Context, communityID string) (string, error)
	CoefficientSum(ctx context.Context, communityID string) (domain.Coefficient, error)
	CreatePoll(ctx context.Context, p *domain.Poll) error
	PollForUpdate(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error)
	SavePoll(ctx context.Context, p *domain.Poll) error
	UserRecipient(ctx context.Context, userID string) (*domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	QueuePush(ctx context.Context, p domain.Push, at time.Time) error
}

// Polls is what the service uses of voting, after its own transaction: opening the points' votes when
// the junta is constituted, closing them for the acta, their results, and the votes recorded in the room.
type Polls interface {
	Publish(ctx context.Context, a *domain.Actor, id string) (*domain.Poll, error)
	Close(ctx context.Context, a *domain.Actor, id string) (*domain.Poll, error)
	Get(ctx context.Context, a *domain.Actor, id string) (*voting.View, error)
	Record(ctx context.Context, a *domain.Actor, id string) (*voting.Record, error)
	RecordVote(ctx context.Context, a *domain.Actor, id, ownerID, optionID string) error
}

// Debtors lists the owners of communityID not up to date with their payments (money's debt report).
type Debtors func(ctx context.Context, communityID string) ([]domain.JuntaDebtor, error)

// Archive is what the service uses of Documentos: filing the signed acta and the papers of
// representation under 'Actas' (and discarding a paper whose representation was not recorded), and
// reading the points' attachments, all of a junta's in one query.
type Archive interface {
	Categories(ctx context.Context, a *domain.Actor) ([]domain.DocumentCategory, error)
	Create(ctx context.Context, a *domain.Actor, in documents.UploadInput, data []byte) (*documents.Created, error)
	Visible(ctx context.Context, a *domain.Actor, ids []string) ([]domain.Document, error)
	Discard(ctx context.Context, a *domain.Actor, id, reason string) error
}

// Service is the juntas service.
type Service struct {
	store     Store
	polls     Polls
	debtors   Debtors
	archive   Archive
	now       func() time.Time
	publicURL string
	mailWake  func()
	changed   func(communityID, area, id string)
	audit     domain.Auditor
	log       *slog.Logger
}

// Options configure the service.
type Options struct {
	Polls     Polls
	Debtors   Debtors // nil: nobody is in debt
	Archive   Archive // nil: the signed acta is not filed
	Now       func() time.Time
	PublicURL string
	MailWake  func()
	Changed   func(communityID, area, id string)
	Audit     domain.Auditor
	Log       *slog.Logger
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Debtors == nil {
		o.Debtors = func(context.Context, string) ([]domain.JuntaDebtor, error) { return nil, nil }
	}
	return &Service{store: store, polls: o.Polls, debtors: o.Debtors, archive: o.Archive, now: o.Now,
		publicURL: strings.TrimRight(o.PublicURL, "/"), mailWake: o.MailWake, changed: o.Changed, audit: o.Audit, log: o.Log}
}

var (
	errNotFound    = domain.Errorf(domain.CodeNotFound, "No se encontró la junta")
	errAdminsOnly  = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden preparar y convocar juntas")
	errNotDraft    = domain.Errorf(domain.CodeConflict, "Solo se puede modificar una junta en borrador")
	errNotConvened = domain.Errorf(domain.CodeConflict, "La junta no está convocada")
	errNotHeld     = domain.Errorf(domain.CodeConflict, "La junta aún no se ha celebrado")
	errSigned      = domain.Errorf(domain.CodeConflict, "El acta ya está firmada: la junta no se puede cambiar")
	errNotMember   = domain.Errorf(domain.CodeInvalid, "Esa persona no es miembro de tu comunidad")
	errNotBegun    = domain.Errorf(domain.CodeConflict, "La junta aún no ha empezado: la asistencia se anota desde la hora de la primera convocatoria")
)

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// PointInput is a point of the orden del día.
type PointInput struct {
	Title       string
	Description string
	Agreement   bool
	Majority    domain.Majority // agreement points; empty: simple
	Documents   []string        // ids of documents of the archive it attaches
}

// Input is the form of a junta.
type Input struct {
	Kind        domain.JuntaKind
	FirstCall   time.Time
	SecondCall  *time.Time // nil: half an hour after the first
	Place       string
	VideoLink   string
	ConvenedBy  domain.JuntaConvener // empty: the president
	Promoters   []string
	PresidentID string // empty: the admin who creates it
	SecretaryID string // empty: the president
	Points      []PointInput
	// NoPoints keeps an ordinaria without the standard points when Points is empty.
	NoPoints bool
}

// StandardPoints are the points an ordinaria gets unless the admin gives others (art. 14 LPH).
func StandardPoints(lang domain.Language) []PointInput {
	return []PointInput{
		{Title: domain.Localized(lang, "Aprobación de las cuentas del ejercicio", "Aprovació dels comptes de l'exercici", "Approval of the year's accounts"), Agreement: true},
		{Title: domain.Localized(lang, "Aprobación del presupuesto y de las cuotas", "Aprovació del pressupost i de les quotes", "Approval of the budget and the fees"), Agreement: true},
		{Title: domain.Localized(lang, "Nombramiento o renovación de cargos", "Nomenament o renovació de càrrecs", "Election or renewal of posts"), Agreement: true},
		{Title: domain.Localized(lang, "Ruegos y preguntas", "Precs i preguntes", "Any other business")},
	}
}

// apply writes the form into j (a draft).
func (s *Service) apply(ctx context.Context, a *domain.Actor, j *domain.Junta, in Input) error {
	j.Kind = in.Kind
	if j.Kind == "" {
		j.Kind = domain.JuntaOrdinaria
	}
	j.FirstCall = in.FirstCall.UTC().Truncate(time.Minute)
	if in.SecondCall != nil {
		j.SecondCall = in.SecondCall.UTC().Truncate(time.Minute)
	} else {
		j.SecondCall = j.FirstCall.Add(MinCallGap)
	}
	j.Place, j.VideoLink = strings.TrimSpace(in.Place), strings.TrimSpace(in.VideoLink)
	j.ConvenedBy = in.ConvenedBy
	if j.ConvenedBy == "" {
		j.ConvenedBy = domain.ConvenedByPresident
	}
	j.Promoters = nil
	if j.ConvenedBy == domain.ConvenedByPromoters {
		for _, p := range in.Promoters {
			if p = strings.TrimSpace(p); p != "" && !slices.Contains(j.Promoters, p) {
				j.Promoters = append(j.Promoters, p)
			}
		}
	}
	president, secretary := strings.TrimSpace(in.PresidentID), strings.TrimSpace(in.SecretaryID)
	if president == "" {
		president = a.UserID
	}
	if secretary == "" {
		secretary = president
	}
	var err error
	if j.PresidentName, err = s.member(ctx, a.CommunityID, president); err != nil {
		return err
	}
	if j.SecretaryName, err = s.member(ctx, a.CommunityID, secretary); err != nil {
		return err
	}
	j.PresidentID, j.SecretaryID = &president, &secretary
	points := in.Points
	if len(points) == 0 && j.Kind == domain.JuntaOrdinaria && !in.NoPoints {
		points = StandardPoints(a.Language)
	}
	old := j.Points
	j.Points = nil
	for i, p := range points {
		jp := domain.JuntaPoint{ID: domain.NewID(), Position: i + 1, Title: strings.TrimSpace(p.Title),
			Description: strings.TrimSpace(p.Description), Agreement: p.Agreement}
		if i < len(old) {
			jp.ID = old[i].ID
		}
		if jp.Documents, err = s.attach(ctx, a, p.Documents); err != nil {
			return err
		}
		if jp.Agreement {
			jp.Majority = p.Majority
			if jp.Majority == "" {
				jp.Majority = domain.MajoritySimple
			}
		}
		j.Points = append(j.Points, jp)
	}
	return validate(j)
}

// attach checks the documents a point attaches: in the community's archive, not deleted, at most
// maxPointDocs; it keeps each one's title as the convocatoria names it.
func (s *Service) attach(ctx context.Context, a *domain.Actor, ids []string) ([]domain.JuntaDocument, error) {
	var unique []string
	for _, id := range ids {
		if slices.Contains(unique, id) {
			continue
		}
		if len(unique) == maxPointDocs {
			return nil, domain.Errorf(domain.CodeInvalid, "Un punto puede adjuntar como mucho %d documentos", maxPointDocs)
		}
		unique = append(unique, id)
	}
	if len(unique) == 0 {
		return nil, nil
	}
	if s.archive == nil {
		return nil, domain.Errorf(domain.CodeConflict, "El archivo de documentos no está disponible")
	}
	found, err := s.archive.Visible(ctx, a, unique)
	if err != nil {
		return nil, err
	}
	if len(found) != len(unique) {
		return nil, domain.Errorf(domain.CodeInvalid, "Ese documento no está en el archivo de la comunidad")
	}
	out := make([]domain.JuntaDocument, len(found))
	for i, d := range found {
		out[i] = domain.JuntaDocument{ID: d.ID, Title: d.Title}
	}
	return out, nil
}

// Attachment is a document attached to a point, as the reader may open it.
type Attachment struct {
	PointID  string
	Document *domain.Document
}

// attachments are the documents of j's points that a may open in Documentos; the others are left out.
func (s *Service) attachments(ctx context.Context, a *domain.Actor, j *domain.Junta) []Attachment {
	var out []Attachment
	if s.archive == nil {
		return out
	}
	var ids []string
	for _, p := range j.Points {
		for _, d := range p.Documents {
			ids = append(ids, d.ID)
		}
	}
	if len(ids) == 0 {
		return out
	}
	docs, err := s.archive.Visible(ctx, a, ids) // one query for every point's documents
	if err != nil {
		s.log.WarnContext(ctx, "juntas: reading the attachments", "junta", j.ID, "err", err)
		return out
	}
	for _, p := range j.Points {
		for _, d := range p.Documents {
			if i := slices.IndexFunc(docs, func(x domain.Document) bool { return x.ID == d.ID }); i >= 0 {
				out = append(out, Attachment{PointID: p.ID, Document: &docs[i]})
			}
		}
	}
	return out
}

func validate(j *domain.Junta) error {
	switch {
	case j.Kind != domain.JuntaOrdinaria && j.Kind != domain.JuntaExtraordinaria:
		return domain.Errorf(domain.CodeInvalid, "La junta debe ser ordinaria o extraordinaria")
	case j.FirstCall.IsZero():
		return domain.Errorf(domain.CodeInvalid, "Indica la fecha y la hora de la junta")
	case j.SecondCall.Sub(j.FirstCall) < MinCallGap:
		return domain.Errorf(domain.CodeInvalid, "La segunda convocatoria debe ser al menos media hora después de la primera (art. 16.2 LPH)")
	case j.Place == "" && j.VideoLink == "":
		return domain.Errorf(domain.CodeInvalid, "Indica el lugar de la junta o el enlace de la videollamada")
	case utf8.RuneCountInString(j.Place) > maxPlace:
		return domain.Errorf(domain.CodeInvalid, "El lugar no puede superar los %d caracteres", maxPlace)
	case utf8.RuneCountInString(j.VideoLink) > maxLink:
		return domain.Errorf(domain.CodeInvalid, "El enlace no puede superar los %d caracteres", maxLink)
	case j.VideoLink != "" && !strings.HasPrefix(j.VideoLink, "https://"):
		return domain.Errorf(domain.CodeInvalid, "El enlace de la videollamada debe empezar por https://")
	case j.ConvenedBy != domain.ConvenedByPresident && j.ConvenedBy != domain.ConvenedByPromoters:
		return domain.Errorf(domain.CodeInvalid, "La junta la convoca el presidente o los promotores")
	case j.ConvenedBy == domain.ConvenedByPromoters && len(j.Promoters) == 0:
		return domain.Errorf(domain.CodeInvalid, "Indica los propietarios que promueven la junta")
	case len(j.Points) == 0:
		return domain.Errorf(domain.CodeInvalid, "El orden del día necesita al menos un punto")
	case len(j.Points) > maxPoints:
		return domain.Errorf(domain.CodeInvalid, "El orden del día no puede tener más de %d puntos", maxPoints)
	}
	for _, p := range j.Points {
		switch {
		case p.Title == "":
			return domain.Errorf(domain.CodeInvalid, "Cada punto del orden del día necesita un título")
		case utf8.RuneCountInString(p.Title) > maxPointTitle:
			return domain.Errorf(domain.CodeInvalid, "El título de un punto no puede superar los %d caracteres", maxPointTitle)
		case utf8.RuneCountInString(p.Description) > maxPointDesc:
			return domain.Errorf(domain.CodeInvalid, "La descripción de un punto no puede superar los %d caracteres", maxPointDesc)
		case p.Agreement && !p.Majority.Valid():
			return domain.Errorf(domain.CodeInvalid, "La mayoría requerida no es válida")
		}
	}
	return nil
}

// member is the name of userID, a member of communityID.
func (s *Service) member(ctx context.Context, communityID, userID string) (string, error) {
	name, ok, err := s.store.CommunityMember(ctx, communityID, userID)
	if err == nil && !ok {
		err = errNotMember
	}
	return name, err
}

func (s *Service) junta(ctx context.Context, communityID, id string) (*domain.Junta, error) {
	j, err := s.store.Junta(ctx, communityID, id)
	if err == nil && j == nil {
		err = errNotFound
	}
	return j, err
}

func (s *Service) lock(ctx context.Context, communityID, id string) (*domain.Junta, error) {
	j, err := s.store.JuntaForUpdate(ctx, communityID, id)
	if err == nil && j == nil {
		err = errNotFound
	}
	return j, err
}

// Create stores a new junta as a borrador; admins only.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Junta, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	now := s.stamp()
	j := &domain.Junta{ID: domain.NewID(), CommunityID: a.CommunityID, Status: domain.JuntaDraft, CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	if err := s.apply(ctx, a, j, in); err != nil {
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.store.InsertJunta(ctx, j) }); err != nil {
		return nil, err
	}
	s.record(ctx, a, AuditCreated, j)
	s.changed(a.CommunityID, Area, j.ID)
	return j, nil
}

// Update replaces the form of a borrador; admins only.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, in Input) (*domain.Junta, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	return s.change(ctx, a, id, AuditEdited, func(ctx context.Context, j *domain.Junta, _ time.Time) error {
		if j.Status != domain.JuntaDraft {
			return errNotDraft
		}
		return s.apply(ctx, a, j, in)
	})
}

// Delete deletes a borrador; admins only. Once convened, a junta is part of the community's record.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return err
	}
	var deleted *domain.Junta
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		j, err := s.lock(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if j.Status != domain.JuntaDraft {
			return domain.Errorf(domain.CodeConflict, "Solo se puede eliminar una junta en borrador")
		}
		deleted = j
		return s.store.DeleteJunta(ctx, a.CommunityID, id)
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, AuditDeleted, deleted)
	s.changed(a.CommunityID, Area, id)
	return nil
}

// change is how a junta changes, in one transaction: read it locked, apply fn, write it; then audit and
// announce it.
func (s *Service) change(ctx context.Context, a *domain.Actor, id, action string, fn func(ctx context.Context, j *domain.Junta, now time.Time) error) (*domain.Junta, error) {
	var saved *domain.Junta
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		now := s.stamp()
		j, err := s.lock(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if err := fn(ctx, j, now); err != nil {
			return err
		}
		j.UpdatedAt = now
		saved = j
		return s.store.SaveJunta(ctx, j)
	})
	if err != nil {
		return nil, err
	}
	if action != "" {
		s.record(ctx, a, action, saved)
	}
	s.changed(a.CommunityID, Area, id)
	return saved, nil
}

// List lists the community's juntas, the latest first; drafts only to admins.
func (s *Service) List(ctx context.Context, a *domain.Actor) ([]domain.Junta, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.ListJuntas(ctx, a.CommunityID, a.IsAdmin())
}

// Next is the next convened junta that has not been held yet (the dashboard's line); nil when none.
func (s *Service) Next(ctx context.Context, a *domain.Actor) (*domain.Junta, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	// A junta of this morning still shows until the evening.
	return s.store.NextJunta(ctx, a.CommunityID, s.now().Add(-6*time.Hour))
}

// View is a junta as a member sees it.
type View struct {
	Junta   *domain.Junta
	IsOwner bool                 // the caller owns a unit: their copy carries the debtors' list
	Debtors []domain.JuntaDebtor // owners' and admins' copies only; nil otherwise
	Mine    *domain.JuntaAttendance
	MyProxy *domain.JuntaProxy // an owner's representation for this junta
	// CanDelegate: representation can be given now, between the convocatoria and the first call's hour.
	CanDelegate bool
	Attachments []Attachment // the points' documents the reader may open
	CanSign     []string     // the roles the caller may still sign the acta in
	Signed      []domain.JuntaSignature
	Location    *time.Location
}

// Get reads a junta as a sees it. A draft is only for admins. An owner's first reading of a convened
// junta is recorded as the proof that they opened the convocatoria in the app.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*View, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if j.Status == domain.JuntaDraft && !a.IsAdmin() {
		return nil, errNotFound
	}
	owners, _, err := s.store.JuntaOwners(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	v := &View{Junta: j, Location: s.zone(ctx, a.CommunityID)}
	v.IsOwner = slices.ContainsFunc(owners, func(o domain.JuntaOwner) bool { return o.UserID == a.UserID })
	v.CanDelegate = j.Status == domain.JuntaConvened && s.now().Before(j.FirstCall)
	v.Attachments = s.attachments(ctx, a, j)
	if v.IsOwner || a.IsAdmin() {
		v.Debtors = nonNil(j.Debtors)
	}
	if j.Status != domain.JuntaDraft {
		if v.Signed, err = s.store.JuntaSignatures(ctx, j.ID); err != nil {
			return nil, err
		}
		if j.Status == domain.JuntaHeld && j.ActaText != "" {
			for _, role := range s.rolesOf(j, a.UserID) {
				if !slices.ContainsFunc(v.Signed, func(sg domain.JuntaSignature) bool { return sg.Role == role }) {
					v.CanSign = append(v.CanSign, role)
				}
			}
		}
		att, err := s.store.JuntaAttendance(ctx, j.ID)
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(att, func(x domain.JuntaAttendance) bool { return x.OwnerID == a.UserID }); i >= 0 {
			v.Mine = &att[i]
		}
		if v.IsOwner {
			proxies, err := s.store.JuntaProxies(ctx, j.ID)
			if err != nil {
				return nil, err
			}
			if i := slices.IndexFunc(proxies, func(x domain.JuntaProxy) bool { return x.OwnerID == a.UserID }); i >= 0 {
				v.MyProxy = &proxies[i]
			}
		}
	}
	if j.Status != domain.JuntaDraft && v.IsOwner {
		var first bool
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			first, err = s.store.MarkJuntaOpened(ctx, j.ID, a.UserID, s.stamp())
			return err
		})
		if err != nil {
			return nil, err
		}
		if first {
			s.changed(a.CommunityID, Area, j.ID)
		}
	}
	return v, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// rolesOf are the roles userID holds in the junta: president, secretary, both or none.
func (s *Service) rolesOf(j *domain.Junta, userID string) []string {
	var roles []string
	if j.PresidentID != nil && *j.PresidentID == userID {
		roles = append(roles, RolePresident)
	}
	if j.SecretaryID != nil && *j.SecretaryID == userID {
		roles = append(roles, RoleSecretary)
	}
	return roles
}

// The roles that sign the acta.
const (
	RolePresident = "president"
	RoleSecretary = "secretary"
)
