package httpapi

import (
	"context"
	"mime"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// Who owes, the certificates of debt, the receipts' and statements' PDFs and an owner's sharing of a
// unit's receipts (issue #36).

// DebtSettings are the community's rules of debt.
type DebtSettings struct {
	GraceDays int `json:"graceDays" minimum:"0" maximum:"365" doc:"Days after its due date before an unpaid receipt is a debt"`
}

type debtSettingsOutput struct{ Body DebtSettings }

type debtSettingsInput struct{ Body DebtSettings }

// OverdueReceipt is a receipt owed past its due date and the days of grace.
type OverdueReceipt struct {
	ReceiptID string `json:"receiptId"`
	Code      string `json:"code"`
	PeriodKey string `json:"periodKey"`
	DueDate   string `json:"dueDate"`
	OwedCents int64  `json:"owedCents"`
	AgeDays   int    `json:"ageDays" doc:"Days since its due date"`
}

// UnitDebt is what a unit owes.
type UnitDebt struct {
	Unit      MoneyUnit        `json:"unit"`
	OwedCents int64            `json:"owedCents"`
	AgeDays   int              `json:"ageDays" doc:"The oldest debt's age in days"`
	Receipts  []OverdueReceipt `json:"receipts"`
}

func debtsOf(ds []money.UnitDebt) []UnitDebt {
	out := make([]UnitDebt, 0, len(ds))
	for _, d := range ds {
		u := UnitDebt{Unit: moneyUnitOf(d.Unit), OwedCents: d.Owed, AgeDays: d.AgeDays, Receipts: []OverdueReceipt{}}
		for _, r := range d.Receipts {
			u.Receipts = append(u.Receipts, OverdueReceipt{ReceiptID: r.ReceiptID, Code: r.Code, PeriodKey: r.PeriodKey, DueDate: r.DueDate,
				OwedCents: r.Owed, AgeDays: r.AgeDays})
		}
		out = append(out, u)
	}
	return out
}

type debtsOutput struct {
	Body struct {
		GraceDays  int        `json:"graceDays"`
		TotalCents int64      `json:"totalCents"`
		Units      []UnitDebt `json:"units" doc:"The units in debt, the oldest debt first"`
	}
}

type myDebtsOutput struct {
	Body struct {
		Units []UnitDebt `json:"units" doc:"The caller's own units in debt; nobody else's"`
	}
}

// Certificate is a certificate of a unit's debts (art. 9.1.e) or of the liquidation of its debt (art. 21).
type Certificate struct {
	ID            string           `json:"id"`
	Kind          string           `json:"kind" enum:"debt,liquidation"`
	UnitID        string           `json:"unitId"`
	UnitLabel     string           `json:"unitLabel"`
	OwnerName     string           `json:"ownerName"`
	RequestedOn   string           `json:"requestedOn"`
	DueOn         string           `json:"dueOn" doc:"The request plus 7 días naturales: the law's limit to issue it"`
	JuntaDate     *string          `json:"juntaDate" doc:"Liquidation: the junta that approved it"`
	IssuedOn      *string          `json:"issuedOn" doc:"Null while requested"`
	OwedCents     int64            `json:"owedCents"`
	Detail        []OverdueReceipt `json:"detail" doc:"The receipts owed when issued (ageDays is 0)"`
	PresidentName string           `json:"presidentName"`
	SecretaryName string           `json:"secretaryName"`
	Code          *string          `json:"code" doc:"The verification code, once issued"`
}

func certificateOf(c *domain.Certificate) Certificate {
	out := Certificate{ID: c.ID, Kind: string(c.Kind), UnitID: c.UnitID, UnitLabel: c.UnitLabel, OwnerName: c.OwnerName,
		RequestedOn: c.RequestedOn, DueOn: c.DueOn, JuntaDate: c.JuntaDate, IssuedOn: c.IssuedOn, OwedCents: c.Owed,
		Detail: []OverdueReceipt{}, PresidentName: c.PresidentName, SecretaryName: c.SecretaryName, Code: c.Code}
	for _, r := range c.Detail {
		out.Detail = append(out.Detail, OverdueReceipt{ReceiptID: r.ReceiptID, Code: r.Code, PeriodKey: r.PeriodKey, DueDate: r.DueDate, OwedCents: r.Owed})
	}
	return out
}

type certificateOutput struct{ Body Certificate }

type certificatesOutput struct {
	Body struct {
		Items []Certificate `json:"items"`
	}
}

type requestCertificateInput struct {
	Body struct {
		Kind        string `json:"kind" maxLength:"20" doc:"debt or liquidation"`
		UnitID      string `json:"unitId" maxLength:"64"`
		RequestedOn string `json:"requestedOn" maxLength:"10" doc:"YYYY-MM-DD: the 7 days run from it"`
		JuntaDate   string `json:"juntaDate,omitempty" maxLength:"10" doc:"Liquidation: the junta that approved it"`
	}
}

type issueCertificateInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		PresidentName string `json:"presidentName" maxLength:"80" doc:"Who gives the visto bueno as president"`
	}
}

type verifyCertificateInput struct {
	Code string `path:"code" maxLength:"20"`
}

// VerifiedCertificate is what anyone holding a certificate's code may check: what it states.
type VerifiedCertificate struct {
	Community   string  `json:"community"`
	Kind        string  `json:"kind" enum:"debt,liquidation"`
	UnitLabel   string  `json:"unitLabel"`
	IssuedOn    string  `json:"issuedOn"`
	JuntaDate   *string `json:"juntaDate"`
	OwedCents   int64   `json:"owedCents" doc:"0: up to date"`
	Code        string  `json:"code"`
	President   string  `json:"presidentName"`
	Secretary   string  `json:"secretaryName"`
	RequestedOn string  `json:"requestedOn"`
}

type verifiedCertificateOutput struct{ Body VerifiedCertificate }

type receiptIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type pdfOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

func pdfOf(b []byte, name string) *pdfOutput {
	return &pdfOutput{ContentType: "application/pdf", ContentDisposition: mime.FormatMediaType("attachment", map[string]string{"filename": name}),
		Body: b}
}

// Dweller is someone who lives in a unit, and whether its owner lets them see its receipts.
type Dweller struct {
	UserID   string `json:"userId"`
	FullName string `json:"fullName"`
	Granted  bool   `json:"granted"`
}

type sharingOutput struct {
	Body struct {
		Items []Dweller `json:"items"`
	}
}

func sharingOf(ds []money.Dweller) *sharingOutput {
	out := &sharingOutput{}
	out.Body.Items = make([]Dweller, 0, len(ds))
	for _, d := range ds {
		out.Body.Items = append(out.Body.Items, Dweller{UserID: d.UserID, FullName: d.FullName, Granted: d.Granted})
	}
	return out
}

type moneyUnitInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
}

type shareInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
	UserID string `path:"userId" maxLength:"64"`
	Body   struct {
		On bool `json:"on" doc:"True: they see the unit's receipts"`
	}
}

func (s *server) debtSettings(ctx context.Context, _ *struct{}) (*debtSettingsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.Money.DebtSettings(ctx, a)
	if err != nil {
		return nil, err
	}
	return &debtSettingsOutput{Body: DebtSettings{GraceDays: d.GraceDays}}, nil
}

func (s *server) saveDebtSettings(ctx context.Context, in *debtSettingsInput) (*debtSettingsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.Money.SetGraceDays(ctx, a, in.Body.GraceDays)
	if err != nil {
		return nil, err
	}
	return &debtSettingsOutput{Body: DebtSettings{GraceDays: d.GraceDays}}, nil
}

func (s *server) debtReport(ctx context.Context, _ *struct{}) (*debtsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ds, set, err := s.Money.DebtReport(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &debtsOutput{}
	out.Body.GraceDays, out.Body.Units = set.GraceDays, debtsOf(ds)
	for _, d := range ds {
		out.Body.TotalCents += d.Owed
	}
	return out, nil
}

func (s *server) myDebts(ctx context.Context, _ *struct{}) (*myDebtsOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.Money.MyDebts(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &myDebtsOutput{}
	out.Body.Units = debtsOf(ds)
	return out, nil
}

func (s *server) listCertificates(ctx context.Context, _ *struct{}) (*certificatesOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	cs, err := s.Money.Certificates(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &certificatesOutput{}
	out.Body.Items = make([]Certificate, 0, len(cs))
	for i := range cs {
		out.Body.Items = append(out.Body.Items, certificateOf(&cs[i]))
	}
	return out, nil
}

func (s *server) requestCertificate(ctx context.Context, in *requestCertificateInput) (*certificateOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	c, err := s.Money.RequestCertificate(ctx, a, money.CertificateInput{Kind: domain.CertificateKind(b.Kind), UnitID: b.UnitID,
		RequestedOn: b.RequestedOn, JuntaDate: b.JuntaDate})
	if err != nil {
		return nil, err
	}
	return &certificateOutput{Body: certificateOf(c)}, nil
}

func (s *server) issueCertificate(ctx context.Context, in *issueCertificateInput) (*certificateOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Money.IssueCertificate(ctx, a, in.ID, in.Body.PresidentName)
	if err != nil {
		return nil, err
	}
	return &certificateOutput{Body: certificateOf(c)}, nil
}

func (s *server) certificatePDF(ctx context.Context, in *moneyIDInput) (*pdfOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, name, err := s.Money.CertificatePDF(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, name), nil
}

func (s *server) verifyCertificate(ctx context.Context, in *verifyCertificateInput) (*verifiedCertificateOutput, error) {
	v, err := s.Money.VerifyCertificate(ctx, clientOf(ctx).IP, in.Code)
	if err != nil {
		return nil, err
	}
	c := v.Certificate
	return &verifiedCertificateOutput{Body: VerifiedCertificate{Community: v.CommunityName, Kind: string(c.Kind), UnitLabel: c.UnitLabel,
		IssuedOn: *c.IssuedOn, JuntaDate: c.JuntaDate, OwedCents: c.Owed, Code: *c.Code, President: c.PresidentName, Secretary: c.SecretaryName,
		RequestedOn: c.RequestedOn}}, nil
}

func (s *server) receiptPDF(ctx context.Context, in *receiptIDInput) (*pdfOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, name, err := s.Money.ReceiptPDF(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, name), nil
}

func (s *server) unitStatementPDF(ctx context.Context, in *statementInput) (*pdfOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	b, name, err := s.Money.StatementPDF(ctx, a, in.UnitID, in.From, in.To)
	if err != nil {
		return nil, err
	}
	return pdfOf(b, name), nil
}

func (s *server) receiptSharing(ctx context.Context, in *moneyUnitInput) (*sharingOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.Money.ReceiptSharing(ctx, a, in.UnitID)
	if err != nil {
		return nil, err
	}
	return sharingOf(ds), nil
}

func (s *server) shareReceipts(ctx context.Context, in *shareInput) (*sharingOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.Money.ShareReceipts(ctx, a, in.UnitID, in.UserID, in.Body.On)
	if err != nil {
		return nil, err
	}
	return sharingOf(ds), nil
}
