package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/juntas"
)

// Juntas de propietarios (issue #38): the junta, its convocatoria and proof of notice, the attendance and
// its quorum, and the acta with its signatures.

// JuntaPoint is a point of the orden del día.
type JuntaPoint struct {
	ID          string               `json:"id"`
	Position    int                  `json:"position"`
	Title       string               `json:"title"`
	Description string               `json:"description"`
	Agreement   bool                 `json:"agreement" doc:"Carries an agreement to vote; otherwise informative"`
	Majority    *string              `json:"majority" enum:"simple,three_fifths,one_third,unanimity"`
	PollID      *string              `json:"pollId" doc:"The junta vote of the agreement, once convened"`
	Documents   []JuntaPointDocument `json:"documents" doc:"Its documents from Documentos that the caller may open"`
}

// JuntaPointDocument is a document of the archive attached to a point.
type JuntaPointDocument struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	DownloadURL string `json:"downloadUrl"`
}

// JuntaDebtor is an owner not up to date with their payments when the junta was convened (art. 16.2).
type JuntaDebtor struct {
	Unit      string `json:"unit"`
	Owner     string `json:"owner"`
	OwedCents int64  `json:"owedCents"`
}

// JuntaSignature is a signature of the acta.
type JuntaSignature struct {
	Role     string    `json:"role" enum:"president,secretary"`
	Name     string    `json:"name"`
	SignedAt time.Time `json:"signedAt"`
	SHA256   string    `json:"sha256" doc:"Of the acta's PDF as it was signed"`
}

// Junta is a junta as the caller sees it.
type Junta struct {
	ID            string           `json:"id"`
	Title         string           `json:"title" doc:"'Junta ordinaria del 12/03/2027', in the caller's language"`
	Kind          string           `json:"kind" enum:"ordinaria,extraordinaria"`
	Status        string           `json:"status" enum:"borrador,convocada,celebrada,firmada"`
	FirstCall     time.Time        `json:"firstCall"`
	SecondCall    time.Time        `json:"secondCall"`
	Place         string           `json:"place"`
	VideoLink     string           `json:"videoLink"`
	OnlineNote    *string          `json:"onlineNote" doc:"Set when there is only a video link: online juntas are not regulated nationally"`
	ConvenedBy    string           `json:"convenedBy" enum:"president,promoters"`
	Promoters     []string         `json:"promoters" doc:"User ids of the promoters (art. 16.1)"`
	PresidentID   *string          `json:"presidentId"`
	PresidentName string           `json:"presidentName"`
	SecretaryID   *string          `json:"secretaryId"`
	SecretaryName string           `json:"secretaryName"`
	ConvenedAt    *time.Time       `json:"convenedAt"`
	HeldCall      *string          `json:"heldCall" enum:"primera,segunda"`
	HeldAt        *time.Time       `json:"heldAt"`
	Points        []JuntaPoint     `json:"points"`
	Convocatoria  string           `json:"convocatoria" doc:"The text of the caller's copy: the debtors' list only in an owner's or an admin's"`
	Debtors       []JuntaDebtor    `json:"debtors" doc:"Owners' and admins' copies only; empty otherwise"`
	IsOwner       bool             `json:"isOwner"`
	MyAttendance  *string          `json:"myAttendance" enum:"present,represented,absent"`
	MyProxy       *JuntaProxy      `json:"myProxy" doc:"The caller's representation for the junta, an owner's; null when none"`
	CanDelegate   bool             `json:"canDelegate" doc:"An owner, between the convocatoria and the first convocatoria's hour"`
	ActaText      *string          `json:"actaText" doc:"Once drafted: to admins and the junta's president and secretary; to every member once signed"`
	ActaDocument  *string          `json:"actaDocumentId" doc:"The signed acta in Documentos"`
	ActaNumber    *int             `json:"actaNumber" doc:"Its number in the community's libro de actas, from its first draft"`
	Signatures    []JuntaSignature `json:"signatures"`
	CanSign       []string         `json:"canSign" doc:"The roles the caller may still sign the acta in"`
	CanEditActa   bool             `json:"canEditActa"`
	CanEdit       bool             `json:"canEdit" doc:"An admin, on a draft"`
}

func (s *server) juntaOf(a *domain.Actor, v *juntas.View) Junta {
	j := v.Junta
	out := Junta{ID: j.ID, Title: juntaTitle(j, a.Language, v.Location), Kind: string(j.Kind), Status: string(j.Status), FirstCall: j.FirstCall,
		SecondCall: j.SecondCall, Place: j.Place, VideoLink: j.VideoLink, ConvenedBy: string(j.ConvenedBy), Promoters: nonNilSlice(j.Promoters),
		PresidentID: j.PresidentID, PresidentName: j.PresidentName, SecretaryID: j.SecretaryID, SecretaryName: j.SecretaryName,
		ConvenedAt: j.ConvenedAt, HeldCall: optional(j.HeldCall), HeldAt: j.HeldAt, Points: []JuntaPoint{}, Debtors: []JuntaDebtor{},
		IsOwner: v.IsOwner, ActaDocument: j.ActaDocumentID, ActaNumber: j.ActaNumber, Signatures: []JuntaSignature{}, CanSign: nonNilSlice(v.CanSign),
		CanEdit: a.IsAdmin() && j.Status == domain.JuntaDraft}
	if j.VideoLink != "" && j.Place == "" {
		note := juntas.OnlineNote(a.Language)
		out.OnlineNote = &note
	}
	for _, p := range j.Points {
		pt := JuntaPoint{ID: p.ID, Position: p.Position, Title: p.Title, Description: p.Description,
			Agreement: p.Agreement, Majority: optional(p.Majority), PollID: p.PollID, Documents: []JuntaPointDocument{}}
		for _, at := range v.Attachments {
			if at.PointID == p.ID {
				pt.Documents = append(pt.Documents, JuntaPointDocument{ID: at.Document.ID, Title: at.Document.Title,
					DownloadURL: versionOf(&at.Document.Current).DownloadURL})
			}
		}
		out.Points = append(out.Points, pt)
	}
	withDebtors := v.Debtors != nil
	for _, d := range v.Debtors {
		out.Debtors = append(out.Debtors, JuntaDebtor{Unit: d.Unit, Owner: d.Owner, OwedCents: int64(d.Owed)})
	}
	out.Convocatoria = s.Juntas.Text(j, a.Language, v.Location, withDebtors)
	if v.Mine != nil {
		st := string(v.Mine.Status)
		out.MyAttendance = &st
	}
	out.MyProxy = proxyOf(v.MyProxy)
	out.CanDelegate = v.IsOwner && v.CanDelegate
	signer := (j.PresidentID != nil && *j.PresidentID == a.UserID) || (j.SecretaryID != nil && *j.SecretaryID == a.UserID)
	if j.ActaText != "" && (a.IsAdmin() || signer || j.Status == domain.JuntaSigned) {
		t := j.ActaText
		out.ActaText = &t
	}
	out.CanEditActa = j.Status == domain.JuntaHeld && (a.IsAdmin() || (j.SecretaryID != nil && *j.SecretaryID == a.UserID))
	for _, sg := range v.Signed {
		out.Signatures = append(out.Signatures, JuntaSignature{Role: sg.Role, Name: sg.Name, SignedAt: sg.SignedAt, SHA256: sg.SHA256})
	}
	return out
}

func juntaTitle(j *domain.Junta, lang domain.Language, loc *time.Location) string {
	day := j.FirstCall.In(loc).Format("02/01/2006")
	if j.Kind == domain.JuntaOrdinaria {
		return domain.Localized(lang, "Junta ordinaria del ", "Junta ordinària del ", "Ordinary meeting of ") + day
	}
	return domain.Localized(lang, "Junta extraordinaria del ", "Junta extraordinària del ", "Extraordinary meeting of ") + day
}

type juntaIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type juntaOutput struct{ Body Junta }

// JuntaSummary is a junta in the list.
type JuntaSummary struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind" enum:"ordinaria,extraordinaria"`
	Status    string    `json:"status" enum:"borrador,convocada,celebrada,firmada"`
	FirstCall time.Time `json:"firstCall"`
	Place     string    `json:"place"`
	VideoLink string    `json:"videoLink"`
	Points    int       `json:"points"`
}

func juntaSummaryOf(j *domain.Junta) JuntaSummary {
	return JuntaSummary{ID: j.ID, Kind: string(j.Kind), Status: string(j.Status), FirstCall: j.FirstCall, Place: j.Place, VideoLink: j.VideoLink,
		Points: len(j.Points)}
}

type juntaListOutput struct {
	Body struct {
		Items []JuntaSummary `json:"items"`
	}
}

type nextJuntaOutput struct {
	Body struct {
		Junta *JuntaSummary `json:"junta" doc:"The next convened junta; null when none"`
	}
}

type juntaPointBody struct {
	Title       string   `json:"title" maxLength:"300"`
	Description string   `json:"description,omitempty" maxLength:"5000"`
	Agreement   bool     `json:"agreement,omitempty"`
	Majority    string   `json:"majority,omitempty" enum:"simple,three_fifths,one_third,unanimity"`
	Documents   []string `json:"documents,omitempty" maxItems:"10" doc:"Ids of documents of the archive it attaches (the accounts, the budget, quotes)"`
}

type juntaBody struct {
	Kind        string           `json:"kind,omitempty" enum:"ordinaria,extraordinaria" doc:"Default ordinaria"`
	FirstCall   time.Time        `json:"firstCall"`
	SecondCall  *time.Time       `json:"secondCall,omitempty" doc:"Default: half an hour after the first"`
	Place       string           `json:"place,omitempty" maxLength:"300"`
	VideoLink   string           `json:"videoLink,omitempty" maxLength:"500"`
	ConvenedBy  string           `json:"convenedBy,omitempty" enum:"president,promoters"`
	Promoters   []string         `json:"promoters,omitempty" maxItems:"500"`
	PresidentID string           `json:"presidentId,omitempty" maxLength:"64" doc:"Default: the admin"`
	SecretaryID string           `json:"secretaryId,omitempty" maxLength:"64" doc:"Default: the president"`
	Points      []juntaPointBody `json:"points,omitempty" maxItems:"40" doc:"Empty, for an ordinaria: the standard points"`
}

func (b juntaBody) input() juntas.Input {
	in := juntas.Input{Kind: domain.JuntaKind(b.Kind), FirstCall: b.FirstCall, SecondCall: b.SecondCall, Place: b.Place, VideoLink: b.VideoLink,
		ConvenedBy: domain.JuntaConvener(b.ConvenedBy), Promoters: b.Promoters, PresidentID: b.PresidentID, SecretaryID: b.SecretaryID}
	for _, p := range b.Points {
		in.Points = append(in.Points, juntas.PointInput{Title: p.Title, Description: p.Description, Agreement: p.Agreement,
			Majority: domain.Majority(p.Majority), Documents: p.Documents})
	}
	return in
}

type createJuntaInput struct{ Body juntaBody }

type updateJuntaInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body juntaBody
}

// junta answers the junta as a sees it, or err.
func (s *server) junta(ctx context.Context, a *domain.Actor, id string, err error) (*juntaOutput, error) {
	if err != nil {
		return nil, err
	}
	v, err := s.Juntas.Get(ctx, a, id)
	if err != nil {
		return nil, err
	}
	return &juntaOutput{Body: s.juntaOf(a, v)}, nil
}

func (s *server) listJuntas(ctx context.Context, _ *struct{}) (*juntaListOutput, error) {
	list, err := s.Juntas.List(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &juntaListOutput{}
	out.Body.Items = []JuntaSummary{}
	for i := range list {
		out.Body.Items = append(out.Body.Items, juntaSummaryOf(&list[i]))
	}
	return out, nil
}

func (s *server) nextJunta(ctx context.Context, _ *struct{}) (*nextJuntaOutput, error) {
	j, err := s.Juntas.Next(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &nextJuntaOutput{}
	if j != nil {
		sum := juntaSummaryOf(j)
		out.Body.Junta = &sum
	}
	return out, nil
}

func (s *server) getJunta(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	return s.junta(ctx, actor(ctx), in.ID, nil)
}

func (s *server) createJunta(ctx context.Context, in *createJuntaInput) (*juntaOutput, error) {
	a := actor(ctx)
	j, err := s.Juntas.Create(ctx, a, in.Body.input())
	if err != nil {
		return nil, err
	}
	return s.junta(ctx, a, j.ID, nil)
}

func (s *server) updateJunta(ctx context.Context, in *updateJuntaInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.Update(ctx, a, in.ID, in.Body.input())
	return s.junta(ctx, a, in.ID, err)
}

func (s *server) deleteJunta(ctx context.Context, in *juntaIDInput) (*struct{}, error) {
	return nil, s.Juntas.Delete(ctx, actor(ctx), in.ID)
}

// JuntaViewer is another admin with the junta's attendance panel open.
type JuntaViewer struct {
	UserID string    `json:"userId"`
	Name   string    `json:"name"`
	SeenAt time.Time `json:"seenAt" doc:"Their screen's last sign of life"`
}

type juntaViewersOutput struct {
	Body struct {
		Viewers []JuntaViewer `json:"viewers" doc:"The others with the panel open now"`
		Beat    int           `json:"beatSeconds" doc:"How often the screen says it is still open"`
	}
}

func (s *server) viewJuntaPanel(ctx context.Context, in *juntaIDInput) (*juntaViewersOutput, error) {
	vs, err := s.Juntas.View(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	out := &juntaViewersOutput{}
	out.Body.Viewers, out.Body.Beat = make([]JuntaViewer, 0, len(vs)), int(juntas.ViewerBeat/time.Second)
	for _, v := range vs {
		out.Body.Viewers = append(out.Body.Viewers, JuntaViewer{UserID: v.UserID, Name: v.Name, SeenAt: v.SeenAt})
	}
	return out, nil
}

func (s *server) leaveJuntaPanel(ctx context.Context, in *juntaIDInput) (*struct{}, error) {
	return nil, s.Juntas.Leave(ctx, actor(ctx), in.ID)
}

func (s *server) conveneJunta(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.Convene(ctx, a, in.ID)
	return s.junta(ctx, a, in.ID, err)
}

func (s *server) holdJunta(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.Hold(ctx, a, in.ID)
	return s.junta(ctx, a, in.ID, err)
}

// JuntaNotice is the proof of notice of one owner.
type JuntaNotice struct {
	UserID   string     `json:"userId"`
	Name     string     `json:"name"`
	Email    *string    `json:"email"`
	QueuedAt *time.Time `json:"queuedAt" doc:"The email was queued in the outbox"`
	SentAt   *time.Time `json:"sentAt" doc:"The SMTP server accepted it"`
	FailedAt *time.Time `json:"failedAt" doc:"Delivery was given up"`
	// A bounce reported after the SMTP server accepted it (a delivery-status notification, 5.x.x).
	BouncedAt    *time.Time `json:"bouncedAt" doc:"A bounce was reported after the SMTP server accepted it"`
	BounceStatus string     `json:"bounceStatus" doc:"The bounce's status (RFC 3463, e.g. 5.1.1); empty when none"`
	OpenedAt     *time.Time `json:"openedAt" doc:"The owner opened the convocatoria in the app"`
}

// JuntaPaperNotice is an owner, or a unit without an owner in the app, to be told by a letter.
type JuntaPaperNotice struct {
	Name   string   `json:"name"`
	Units  []string `json:"units"`
	Reason string   `json:"reason" enum:"no_account,no_email,bounced"`
}

type juntaNoticesOutput struct {
	Body struct {
		Notices []JuntaNotice      `json:"notices"`
		Paper   []JuntaPaperNotice `json:"paper"`
	}
}

func (s *server) juntaNotices(ctx context.Context, in *juntaIDInput) (*juntaNoticesOutput, error) {
	p, err := s.Juntas.Notices(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	out := &juntaNoticesOutput{}
	out.Body.Notices, out.Body.Paper = []JuntaNotice{}, []JuntaPaperNotice{}
	for _, n := range p.Notices {
		out.Body.Notices = append(out.Body.Notices, JuntaNotice{UserID: n.UserID, Name: n.Name, Email: n.Email, QueuedAt: n.QueuedAt,
			SentAt: n.SentAt, FailedAt: n.FailedAt, BouncedAt: n.BouncedAt, BounceStatus: n.BounceStatus, OpenedAt: n.OpenedAt})
	}
	for _, n := range p.Paper {
		out.Body.Paper = append(out.Body.Paper, JuntaPaperNotice{Name: n.Name, Units: nonNilSlice(n.Units), Reason: n.Reason})
	}
	return out, nil
}

func (s *server) juntaLetters(ctx context.Context, in *juntaIDInput) (*pdfOutput, error) {
	b, err := s.Juntas.Letters(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, "convocatoria-cartas.pdf"), nil
}

// JuntaAttendee is an owner in the attendance panel.
type JuntaAttendee struct {
	UserID         string      `json:"userId"`
	Name           string      `json:"name"`
	Units          []string    `json:"units"`
	Cuota          string      `json:"cuota" doc:"A percentage: '35.5'"`
	Status         *string     `json:"status" enum:"present,represented,absent" doc:"null until marked"`
	Representative string      `json:"representative"`
	Proxy          *JuntaProxy `json:"proxy" doc:"The representation the owner gave for the junta; null when none"`
}

// JuntaOwnerlessUnit is a unit whose owner has no account.
type JuntaOwnerlessUnit struct {
	Label string `json:"label"`
	Cuota string `json:"cuota"`
}

// JuntaQuorum is the count of those present and represented.
type JuntaQuorum struct {
	Owners   int    `json:"owners"`
	OwnersIn int    `json:"ownersIn" doc:"Present or represented"`
	Cuota    string `json:"cuota"`
	CuotaIn  string `json:"cuotaIn"`
	Met      bool   `json:"met" doc:"The first convocatoria's quorum: a majority of owners holding a majority of cuotas"`
}

type juntaAttendanceOutput struct {
	Body struct {
		Attendees []JuntaAttendee      `json:"attendees"`
		Ownerless []JuntaOwnerlessUnit `json:"ownerless"`
		Quorum    JuntaQuorum          `json:"quorum"`
		Begun     bool                 `json:"begun" doc:"The first convocatoria's hour has come: attendance can be recorded"`
		Locked    bool                 `json:"locked" doc:"The acta is signed"`
	}
}

func attendanceOf(p *juntas.Panel) *juntaAttendanceOutput {
	out := &juntaAttendanceOutput{}
	b := &out.Body
	b.Attendees, b.Ownerless = []JuntaAttendee{}, []JuntaOwnerlessUnit{}
	for _, at := range p.Attendees {
		b.Attendees = append(b.Attendees, JuntaAttendee{UserID: at.UserID, Name: at.Name, Units: nonNilSlice(at.Units), Cuota: at.Cuota.String(),
			Status: optional(at.Status), Representative: at.Representative, Proxy: proxyOf(at.Proxy)})
	}
	for _, u := range p.Ownerless {
		b.Ownerless = append(b.Ownerless, JuntaOwnerlessUnit{Label: u.Label, Cuota: u.Cuota.String()})
	}
	q := p.Quorum
	b.Quorum = JuntaQuorum{Owners: q.Owners, OwnersIn: q.OwnersIn, Cuota: q.Cuota.String(), CuotaIn: q.CuotaIn.String(), Met: q.Met}
	b.Begun, b.Locked = p.Begun, p.Locked
	return out
}

func (s *server) juntaAttendance(ctx context.Context, in *juntaIDInput) (*juntaAttendanceOutput, error) {
	p, err := s.Juntas.Attendance(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return attendanceOf(p), nil
}

type setJuntaAttendanceInput struct {
	ID      string `path:"id" maxLength:"64"`
	OwnerID string `path:"ownerId" maxLength:"64"`
	Body    struct {
		Status         string `json:"status" enum:"present,represented,absent"`
		Representative string `json:"representative,omitempty" maxLength:"200" doc:"Represented: by whom"`
	}
}

func (s *server) setJuntaAttendance(ctx context.Context, in *setJuntaAttendanceInput) (*juntaAttendanceOutput, error) {
	p, err := s.Juntas.SetAttendance(ctx, actor(ctx), in.ID, juntas.Mark{OwnerID: in.OwnerID, Status: domain.Attendance(in.Body.Status),
		Representative: in.Body.Representative})
	if err != nil {
		return nil, err
	}
	return attendanceOf(p), nil
}

func (s *server) juntaAttendanceSheet(ctx context.Context, in *juntaIDInput) (*pdfOutput, error) {
	b, err := s.Juntas.AttendanceSheet(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, "hoja-de-asistencia.pdf"), nil
}

type recordJuntaVoteInput struct {
	ID      string `path:"id" maxLength:"64"`
	PointID string `path:"pointId" maxLength:"64"`
	Body    struct {
		OwnerID  string `json:"ownerId" maxLength:"64"`
		OptionID string `json:"optionId" maxLength:"64"`
	}
}

func (s *server) recordJuntaVote(ctx context.Context, in *recordJuntaVoteInput) (*struct{}, error) {
	return nil, s.Juntas.RecordVote(ctx, actor(ctx), in.ID, in.PointID, in.Body.OwnerID, in.Body.OptionID)
}

func (s *server) draftJuntaActa(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.DraftActa(ctx, a, in.ID)
	return s.junta(ctx, a, in.ID, err)
}

type saveJuntaActaInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Text string `json:"text" maxLength:"50000"`
	}
}

func (s *server) saveJuntaActa(ctx context.Context, in *saveJuntaActaInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.SaveActa(ctx, a, in.ID, in.Body.Text)
	return s.junta(ctx, a, in.ID, err)
}

func (s *server) signJuntaActa(ctx context.Context, in *juntaIDInput) (*juntaOutput, error) {
	a := actor(ctx)
	_, err := s.Juntas.Sign(ctx, a, in.ID)
	return s.junta(ctx, a, in.ID, err)
}

type juntaActaPDFOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	SHA256             string `header:"X-Acta-SHA256" doc:"The SHA-256 of these bytes, which a signature records"`
	Body               []byte
}

func (s *server) juntaActaPDF(ctx context.Context, in *juntaIDInput) (*juntaActaPDFOutput, error) {
	b, hash, err := s.Juntas.ActaPDF(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	p := pdfOf(b, "acta.pdf")
	return &juntaActaPDFOutput{ContentType: p.ContentType, ContentDisposition: p.ContentDisposition, SHA256: hash, Body: b}, nil
}
