package money

import (
	"context"
	"crypto/rand"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/ratelimit"
)

// Certificates of debt (issue #36). The secretary (an admin) issues, with the president's visto bueno,
// the certificate a seller needs (LPH art. 9.1.e: within 7 días naturales of the request; it says the
// unit is up to date or what it owes) and the liquidation of a debt that a junta approved, which the
// monitorio of art. 21 needs. Issued, a certificate keeps its figures and a code that anyone can check
// at a public address.

const (
	AuditCertificateRequested = "money.certificate.requested"
	AuditCertificateIssued    = "money.certificate.issued"
)

var (
	errCertificateGone = domain.Errorf(domain.CodeNotFound, "El certificado no existe")
	errBadCode         = domain.Errorf(domain.CodeNotFound, "No hay ningún certificado con ese código")
)

// verifyRule bounds the public checks per client address, as the other public look-ups.
var verifyRule = ratelimit.Rule{Max: 60, Window: 5 * time.Minute}

// CertificateInput is a request of a certificate.
type CertificateInput struct {
	Kind        domain.CertificateKind
	UnitID      string
	RequestedOn string // DateLayout: the 7 days run from it
	JuntaDate   string // liquidation: the junta that approved it
}

// RequestCertificate records the request of a certificate for a unit; the 7 days run from its date.
func (s *Service) RequestCertificate(ctx context.Context, a *domain.Actor, in CertificateInput) (*domain.Certificate, error) {
	today := s.today()
	switch {
	case in.Kind != domain.CertificateDebt && in.Kind != domain.CertificateLiquidation:
		return nil, domain.Errorf(domain.CodeInvalid, "El certificado debe ser de deudas o de liquidación de la deuda")
	case !validDate(in.RequestedOn):
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la solicitud no es válida")
	case in.RequestedOn > today:
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la solicitud no puede ser futura")
	}
	c := &domain.Certificate{ID: domain.NewID(), CommunityID: a.CommunityID, Kind: in.Kind, RequestedOn: in.RequestedOn, RequestedBy: &a.UserID}
	if in.Kind == domain.CertificateLiquidation {
		if !validDate(in.JuntaDate) || in.JuntaDate > today {
			return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha de la junta que aprobó la liquidación")
		}
		c.JuntaDate = &in.JuntaDate
	}
	due, _ := time.Parse(domain.DateLayout, in.RequestedOn)
	c.DueOn = due.AddDate(0, 0, domain.CertificateDays).Format(domain.DateLayout)
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	u, ok := unitMap(units)[in.UnitID]
	if !ok {
		return nil, errUnitGone
	}
	c.UnitID, c.UnitLabel, c.OwnerName = u.ID, u.Label, u.OwnerName
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		if err := s.store.InsertCertificate(ctx, c, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCertificateRequested, TargetKind: "money_certificate", TargetID: c.ID,
			TargetLabel: c.UnitLabel, After: map[string]any{"kind": c.Kind, "requestedOn": c.RequestedOn, "dueOn": c.DueOn, "juntaDate": c.JuntaDate}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Certificates lists the community's certificates, the latest requested first; admins only.
func (s *Service) Certificates(ctx context.Context, a *domain.Actor) ([]domain.Certificate, error) {
	return s.store.Certificates(ctx, a.CommunityID)
}

// IssueCertificate issues a requested certificate: what the unit owes today (every receipt due and not
// fully paid, whatever the days of grace: the law asks for the debts due), the president who approves
// it and a verification code. It is issued once.
func (s *Service) IssueCertificate(ctx context.Context, a *domain.Actor, id, president string) (*domain.Certificate, error) {
	president = strings.TrimSpace(president)
	switch {
	case president == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Indica quién da el visto bueno como presidente")
	case utf8.RuneCountInString(president) > maxName:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del presidente no puede superar los %d caracteres", maxName)
	}
	today := s.today()
	at := s.stamp()
	var c *domain.Certificate
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		if c, err = s.store.CertificateForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if c == nil {
			return errCertificateGone
		}
		if c.IssuedOn != nil {
			return domain.Errorf(domain.CodeConflict, "El certificado ya está emitido")
		}
		open, err := s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{UnitIDs: []string{c.UnitID}, Open: true})
		if err != nil {
			return err
		}
		c.Detail, c.Owed = []domain.OwedReceipt{}, 0
		for i := len(open) - 1; i >= 0; i-- { // the store lists the newest first; a certificate reads oldest first
			if r := &open[i]; r.DueDate <= today {
				c.Detail = append(c.Detail, owedOf(r))
				c.Owed += r.Amount - r.Paid
			}
		}
		if c.Kind == domain.CertificateLiquidation && c.Owed == 0 {
			return domain.Errorf(domain.CodeConflict, "«%s» no debe nada: no hay deuda que liquidar", c.UnitLabel)
		}
		units, err := s.store.MoneyUnits(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if u, ok := unitMap(units)[c.UnitID]; ok {
			c.OwnerName = u.OwnerName
		}
		code := verificationCode()
		c.IssuedOn, c.Code, c.IssuedBy = &today, &code, &a.UserID
		c.PresidentName, c.SecretaryName = president, a.FullName
		if err := s.store.SaveCertificateIssued(ctx, c, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCertificateIssued, TargetKind: "money_certificate", TargetID: c.ID,
			TargetLabel: c.UnitLabel, After: map[string]any{"kind": c.Kind, "issuedOn": today, "owedCents": c.Owed, "president": president,
				"late": today > c.DueOn}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// codeAlphabet leaves out the letters and digits people confuse (0/O, 1/I/L).
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// verificationCode is 12 random characters of codeAlphabet (about 59 bits) in groups of four: too many
// to guess at the public address's rate limit, few enough to type from paper.
func verificationCode() string {
	b := make([]byte, 12)
	rand.Read(b)
	var out strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			out.WriteByte('-')
		}
		out.WriteByte(codeAlphabet[int(c)%len(codeAlphabet)])
	}
	return out.String()
}

// Verified is what the public address tells of a certificate: what it states, and whose community.
type Verified struct {
	Certificate   *domain.Certificate
	CommunityName string
}

// VerifyCertificate looks up an issued certificate by its code, for anyone holding it (a buyer, a
// notary, a court). Checks are rate-limited per client address.
func (s *Service) VerifyCertificate(ctx context.Context, clientIP, code string) (*Verified, error) {
	if s.limiter != nil {
		ok, wait, err := ratelimit.Allow(ctx, s.limiter, "certificate-verify:"+clientIP, verifyRule)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, domain.Errorf(domain.CodeRateLimited, "Demasiados intentos. Inténtalo de nuevo en %d segundos.",
				max(int(wait.Round(time.Second)/time.Second), 1))
		}
	}
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return nil, errBadCode
	}
	c, err := s.store.CertificateByCode(ctx, code)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errBadCode
	}
	com, err := s.store.CommunityByID(ctx, c.CommunityID)
	if err != nil {
		return nil, err
	}
	return &Verified{Certificate: c, CommunityName: com.Name}, nil
}

// CertificatePDF renders an issued certificate; admins only.
func (s *Service) CertificatePDF(ctx context.Context, a *domain.Actor, id string) ([]byte, string, error) {
	c, err := s.store.Certificate(ctx, a.CommunityID, id)
	if err != nil {
		return nil, "", err
	}
	if c == nil {
		return nil, "", errCertificateGone
	}
	if c.IssuedOn == nil {
		return nil, "", domain.Errorf(domain.CodeConflict, "El certificado aún no está emitido")
	}
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	b, err := renderCertificate(com, c, s.publicURL)
	return b, "certificado-" + safeName(c.UnitLabel) + "-" + *c.IssuedOn + ".pdf", err
}
