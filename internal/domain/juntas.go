package domain

import "time"

// JuntaKind is an ordinary junta (once a year: accounts, budget, posts) or an extraordinary one.
type JuntaKind string

const (
	JuntaOrdinaria      JuntaKind = "ordinaria"
	JuntaExtraordinaria JuntaKind = "extraordinaria"
)

// JuntaStatus is where a junta is: a draft, convened, held (the acta being written), and its acta signed.
type JuntaStatus string

const (
	JuntaDraft    JuntaStatus = "borrador"
	JuntaConvened JuntaStatus = "convocada"
	JuntaHeld     JuntaStatus = "celebrada"
	JuntaSigned   JuntaStatus = "firmada"
)

// JuntaConvener is who convenes: the president, or promoters holding a quarter of the owners or cuotas
// (art. 16.1 LPH).
type JuntaConvener string

const (
	ConvenedByPresident JuntaConvener = "president"
	ConvenedByPromoters JuntaConvener = "promoters"
)

// Attendance is an owner's attendance at a junta.
type Attendance string

const (
	AttendancePresent     Attendance = "present"
	AttendanceRepresented Attendance = "represented"
	AttendanceAbsent      Attendance = "absent"
)

// Junta is a junta de propietarios with its orden del día.
type Junta struct {
	ID, CommunityID              string
	Kind                         JuntaKind
	Status                       JuntaStatus
	FirstCall, SecondCall        time.Time
	Place, VideoLink             string
	ConvenedBy                   JuntaConvener
	Promoters                    []string // user ids, when ConvenedBy is promoters
	PresidentID, SecretaryID     *string
	PresidentName, SecretaryName string
	ConvenedAt                   *time.Time
	Debtors                      []JuntaDebtor // snapshot at the convocatoria
	HeldCall                     Convocatoria  // primera or segunda, once held
	HeldAt                       *time.Time
	ActaText                     string
	ActaDocumentID               *string
	ActaNumber                   *int // in the community's libro de actas, from its first draft
	RemindedAt                   *time.Time
	CreatedBy                    *string
	CreatedAt, UpdatedAt         time.Time
	Points                       []JuntaPoint
}

// JuntaDebtor is an owner not up to date with their payments when the junta was convened (art. 16.2).
type JuntaDebtor struct {
	Unit  string `json:"unit"`
	Owner string `json:"owner"`
	Owed  Cents  `json:"owed"`
}

// JuntaPoint is a numbered point of the orden del día; an agreement point becomes a junta vote (PollID)
// when the junta is convened.
type JuntaPoint struct {
	ID          string
	Position    int
	Title       string
	Description string
	Agreement   bool
	Majority    Majority
	PollID      *string
	Documents   []JuntaDocument // attached from Documentos
}

// JuntaDocument is a document of the archive attached to a point, with its title when it was attached.
type JuntaDocument struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// JuntaOwner is an owner of the community with the cuota of the units they own.
type JuntaOwner struct {
	UserID, Name string
	Email        string
	Confirmed    bool // their email is confirmed
	Language     Language
	Units        []string // labels
	Cuota        Coefficient
}

// JuntaOwnerlessUnit is a unit whose owner has no account: they are told on paper.
type JuntaOwnerlessUnit struct {
	UnitID, Label string
	Cuota         Coefficient
}

// JuntaNotice is the proof of notice of one owner.
type JuntaNotice struct {
	UserID, Name string
	Email        *string
	QueuedAt     *time.Time // the email was queued in the outbox
	SentAt       *time.Time // the SMTP server accepted it
	FailedAt     *time.Time // delivery was given up
	BouncedAt    *time.Time // a bounce was reported after the SMTP server accepted it
	BounceStatus string     // its status (5.1.1) when it bounced
	OpenedAt     *time.Time // the owner opened the convocatoria in the app
}

// JuntaViewer is someone with a junta's live attendance panel open.
type JuntaViewer struct {
	UserID, Name string
	SeenAt       time.Time // their screen's last sign of life
}

// JuntaAttendance is one owner's attendance.
type JuntaAttendance struct {
	OwnerID        string
	Status         Attendance
	Representative string
	RecordedBy     *string
	RecordedAt     time.Time
}

// JuntaSignature is the signature of the acta by its president or secretary.
type JuntaSignature struct {
	Role     string // president or secretary
	UserID   *string
	Name     string
	SignedAt time.Time
	SHA256   string // of the acta's PDF bytes
}

// DueJunta is a held junta whose acta is unsigned a week after it (art. 19.3's 10 days).
type DueJunta struct{ CommunityID, ID string }

// ProxyStatus is where an owner's representation for a whole junta stands (art. 15.1 LPH).
type ProxyStatus string

const (
	ProxySigned   ProxyStatus = "signed"   // signed by the owner in the app
	ProxyPending  ProxyStatus = "pending"  // a signed paper uploaded by the owner, not checked yet
	ProxyAccepted ProxyStatus = "accepted" // a signed paper checked by an admin (or uploaded by one)
	ProxyRejected ProxyStatus = "rejected" // a signed paper an admin refused
)

// Valid reports whether the representation counts at the junta.
func (s ProxyStatus) Valid() bool { return s == ProxySigned || s == ProxyAccepted }

// JuntaProxy is an owner's representation for a whole junta: to a member of the community (who then votes
// the points for them in the app) or to anyone else by name and DNI/NIE (who attends in the room).
type JuntaProxy struct {
	OwnerID        string
	OwnerName      string
	DelegateUserID *string // a member; nil: someone outside the app
	DelegateName   string
	DelegateIDNum  string  // DNI or NIE of a delegate outside the app; empty for a member
	DocumentID     *string // the signed paper, in Documentos (admins only); nil when signed in the app
	PaperVersionID *string // the paper's current version in Documentos, to download it
	Status         ProxyStatus
	CreatedBy      string
	CreatedAt      time.Time
	CheckedBy      *string
	CheckedAt      *time.Time
}
