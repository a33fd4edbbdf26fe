package money

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/language"

	"vecinos/internal/domain"
)

// SEPA Core direct debits wired to the community (issue #36): the creditor settings, the owners'
// mandates, the remittances and the returns. The parsers and the pain.008 writer are sepa.go and
// pain008.go.

// Audit actions of direct debits.
const (
	AuditSepaSettingsEdited = "money.sepa_settings.edited"
	AuditMandateSigned      = "money.mandate.signed"
	AuditMandateRevoked     = "money.mandate.revoked"
	AuditMandatePaused      = "money.mandate.paused"
	AuditMandateExpired     = "money.mandate.expired"
	AuditRemittanceCreated  = "money.remittance.created"
	AuditDebitReturned      = "money.debit.returned"
)

// sepaStore is what direct debits need from the database, beside the rest of Store.
type sepaStore interface {
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)

	SepaSettings(ctx context.Context, communityID string) (domain.SepaSettings, error)
	LockSepaSettings(ctx context.Context, communityID string, at time.Time) (domain.SepaSettings, error)
	SaveSepaSettings(ctx context.Context, communityID string, s domain.SepaSettings, at time.Time) error
	TakeSepaNumber(ctx context.Context, communityID, what string) (int, error) // "mandates" or "remittances"

	Mandates(ctx context.Context, communityID string, unitIDs []string) ([]domain.Mandate, error)
	MandateForUpdate(ctx context.Context, communityID, id string) (*domain.Mandate, error)            // nil: none
	MandateInForceForUpdate(ctx context.Context, communityID, unitID string) (*domain.Mandate, error) // nil: none
	InsertMandate(ctx context.Context, m *domain.Mandate, at time.Time) error
	SaveMandate(ctx context.Context, m *domain.Mandate, by *string, at time.Time) error
	ActiveMandateUnits(ctx context.Context, communityID string) (map[string]string, error) // unit → the day last used or signed
	SwitchOpenReceipts(ctx context.Context, communityID, unitID string, from, to domain.PaymentMethod, at time.Time) (int, error)

	CollectableReceipts(ctx context.Context, communityID, dueUpTo string) ([]domain.Receipt, error)
	ReceiptIDByNumber(ctx context.Context, communityID string, year, number int) (string, error) // "": none
	SaveReceiptState(ctx context.Context, r *domain.Receipt, at time.Time) error
	InsertRemittance(ctx context.Context, communityID string, r *domain.RemittanceSummary, xml []byte, receipts []domain.Receipt, by string,
		at time.Time) error
	Remittances(ctx context.Context, communityID string) ([]domain.RemittanceSummary, error)
	Remittance(ctx context.Context, communityID, id string) (*domain.RemittanceSummary, []byte, error) // nil: none
	SaveReceiptReturn(ctx context.Context, receiptID string, d *domain.ReceiptDebit, by string, at time.Time) error
}

var (
	errMandateGone     = domain.Errorf(domain.CodeNotFound, "La orden de domiciliación no existe")
	errNotYourMandate  = domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda y los administradores pueden ver o revocar su orden de domiciliación")
	errBadIBAN         = domain.Errorf(domain.CodeInvalid, "El IBAN no es válido: revisa que esté completo y sus dígitos de control")
	errBadBIC          = domain.Errorf(domain.CodeInvalid, "El BIC no es válido: debe tener 8 u 11 letras y números")
	errNoCreditor      = domain.Errorf(domain.CodeConflict, "La comunidad aún no tiene su identificador de acreedor SEPA: pide a un administrador que lo configure en Cuentas")
	errCreditorMissing = domain.Errorf(domain.CodeConflict, "Configura el identificador de acreedor y el IBAN de la comunidad antes de preparar una remesa")
)

const (
	maxDebtorName = 70 // Dbtr/Nm of pain.008
	maxPrenotice  = 14 // the rulebook's pre-notification, unless the creditor agreed a shorter one
	maxReturns    = 12
)

var bicRE = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)

// parseBIC returns a BIC in capitals ("" stays ""), or errBadBIC.
func parseBIC(s string) (string, error) {
	b := compact(s)
	if b != "" && !bicRE.MatchString(b) {
		return "", errBadBIC
	}
	return b, nil
}

// MaskIBAN shows an IBAN's country, check digits and last four characters: what an audit record or a
// list needs to tell accounts apart.
func MaskIBAN(iban string) string {
	if len(iban) < 8 {
		return iban
	}
	return iban[:4] + " **** " + iban[len(iban)-4:]
}

// SepaSettings returns the community's direct-debit settings; admins only.
func (s *Service) SepaSettings(ctx context.Context, a *domain.Actor) (domain.SepaSettings, error) {
	return s.store.SepaSettings(ctx, a.CommunityID)
}

// SaveSepaSettings checks and saves the direct-debit settings: the creditor identifier and the
// community's IBAN are validated by their check digits (either may stay empty until the community sets
// up direct debits).
func (s *Service) SaveSepaSettings(ctx context.Context, a *domain.Actor, in domain.SepaSettings) (domain.SepaSettings, error) {
	var ok bool
	if in.CreditorID = compact(in.CreditorID); in.CreditorID != "" {
		if in.CreditorID, ok = ParseCreditorID(in.CreditorID); !ok {
			return in, domain.Errorf(domain.CodeInvalid,
				"El identificador de acreedor no es válido: son ES, dos dígitos de control, un sufijo de tres caracteres y el NIF de la comunidad, como ES77000B85626240")
		}
	}
	if in.CreditorIBAN = compact(in.CreditorIBAN); in.CreditorIBAN != "" {
		if in.CreditorIBAN, ok = ParseIBAN(in.CreditorIBAN); !ok {
			return in, errBadIBAN
		}
	}
	var err error
	if in.CreditorBIC, err = parseBIC(in.CreditorBIC); err != nil {
		return in, err
	}
	switch {
	case in.SequencePolicy != domain.FirstThenRecurrent && in.SequencePolicy != domain.RecurrentOnly:
		return in, domain.Errorf(domain.CodeInvalid, "El tipo de secuencia debe ser FRST y después RCUR, o siempre RCUR")
	case in.PrenoticeDays < 1 || in.PrenoticeDays > maxPrenotice:
		return in, domain.Errorf(domain.CodeInvalid, "El preaviso debe estar entre 1 y %d días", maxPrenotice)
	case in.ReturnsToPause < 1 || in.ReturnsToPause > maxReturns:
		return in, domain.Errorf(domain.CodeInvalid, "Las devoluciones antes de pausar una orden deben estar entre 1 y %d", maxReturns)
	case in.FileVersion != domain.Pain008V02 && in.FileVersion != domain.Pain008V08:
		return in, domain.Errorf(domain.CodeInvalid, "La versión del fichero SEPA debe ser pain.008.001.02 o pain.008.001.08")
	}
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		old, err := s.store.LockSepaSettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if err := s.store.SaveSepaSettings(ctx, a.CommunityID, in, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditSepaSettingsEdited, TargetKind: "money_settings", TargetLabel: "Domiciliaciones SEPA",
			Before: old, After: in})
		return nil
	})
	return in, err
}

// MandateInput is what an owner fills in to sign a mandate.
type MandateInput struct {
	DebtorName    string
	IBAN          string
	BIC           string
	DebtorAddress domain.PostalAddress // required for an IBAN of a non-EEA SEPA country
}

// The lengths of a pain.008 address: StrtNm and an AdrLine 70, PstCd 16, TwnNm 35.
const (
	maxStreet   = 70
	maxPostCode = 16
	maxTown     = 35
)

// checkDebtorAddress tidies the account holder's address and checks it against the mandate's IBAN: none,
// or at least the street and number, the town and the country (a valid ISO 3166 code); required when the
// IBAN's bank is in a non-EEA SEPA country, which the rulebook asks the file to carry.
func checkDebtorAddress(a domain.PostalAddress, iban string) (domain.PostalAddress, error) {
	tidy := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	a = domain.PostalAddress{Street: tidy(a.Street), PostCode: tidy(a.PostCode), Town: tidy(a.Town), Country: strings.ToUpper(tidy(a.Country))}
	if a.IsZero() {
		if NeedsDebtorAddress(iban) {
			return a, domain.Errorf(domain.CodeInvalid,
				"El banco de esta cuenta está en un país SEPA fuera del Espacio Económico Europeo (%s): la orden necesita la dirección del titular (calle y número, población y país)",
				iban[:2])
		}
		return a, nil
	}
	switch {
	case a.Street == "" || a.Town == "" || a.Country == "":
		return a, domain.Errorf(domain.CodeInvalid, "Completa la dirección del titular: calle y número, población y país (y el código postal, si lo tiene)")
	case utf8.RuneCountInString(a.Street) > maxStreet:
		return a, domain.Errorf(domain.CodeInvalid, "La calle y el número no pueden superar los %d caracteres", maxStreet)
	case utf8.RuneCountInString(a.PostCode) > maxPostCode:
		return a, domain.Errorf(domain.CodeInvalid, "El código postal no puede superar los %d caracteres", maxPostCode)
	case utf8.RuneCountInString(a.Town) > maxTown:
		return a, domain.Errorf(domain.CodeInvalid, "La población no puede superar los %d caracteres", maxTown)
	}
	// ParseRegion takes three-letter and deprecated codes too (GBR, UK): the code must be the current
	// two-letter one.
	if r, err := language.ParseRegion(a.Country); err != nil || !r.IsCountry() || r.Canonicalize().String() != a.Country {
		return a, domain.Errorf(domain.CodeInvalid, "El país de la dirección es su código de dos letras, como ES, GB o CH")
	}
	return a, nil
}

// MyMandates is 'my mandate' of 'Mis cuotas': the units the caller owns, their mandates (in force first)
// and whether the community can take mandates yet.
type MyMandates struct {
	Units      []domain.MoneyUnit
	Mandates   []domain.Mandate
	CreditorID string // empty: the community has not set up direct debits
}

// MyMandates returns the caller's units and their mandates.
func (s *Service) MyMandates(ctx context.Context, a *domain.Actor) (*MyMandates, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out := &MyMandates{Units: []domain.MoneyUnit{}, Mandates: []domain.Mandate{}}
	ids := []string{}
	for _, u := range units {
		if u.OwnerID != nil && *u.OwnerID == a.UserID {
			out.Units = append(out.Units, u)
			ids = append(ids, u.ID)
		}
	}
	st, err := s.store.SepaSettings(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out.CreditorID = st.CreditorID
	if len(ids) > 0 {
		if out.Mandates, err = s.store.Mandates(ctx, a.CommunityID, ids); err != nil {
			return nil, err
		}
	}
	s.markExpired(out.Mandates)
	return out, nil
}

// Mandates lists every mandate of the community; admins only.
func (s *Service) Mandates(ctx context.Context, a *domain.Actor) ([]domain.Mandate, error) {
	ms, err := s.store.Mandates(ctx, a.CommunityID, nil)
	s.markExpired(ms)
	return ms, err
}

// markExpired sets Expired on the mandates in force that have gone unused for the rulebook's 36 months
// today (domain.MandateLapseMonths): a remittance leaves their receipts out.
func (s *Service) markExpired(ms []domain.Mandate) {
	today := s.today()
	for i := range ms {
		ms[i].Expired = ms[i].ExpiredOn(today)
	}
}

// debitedUnits is the set of the community's units whose new receipts are paid by direct debit: those
// with an active mandate that has not expired today.
func (s *Service) debitedUnits(ctx context.Context, communityID string) (map[string]bool, error) {
	used, err := s.store.ActiveMandateUnits(ctx, communityID)
	if err != nil {
		return nil, err
	}
	today := s.today()
	out := make(map[string]bool, len(used))
	for unit, day := range used {
		m := domain.Mandate{SignedOn: day, Status: domain.MandateActive}
		if !m.ExpiredOn(today) {
			out[unit] = true
		}
	}
	return out, nil
}

// SignMandate records the mandate the owner of a unit signs in the app: the unit's receipts are then
// collected by direct debit, those still owed included. A mandate in force for the unit is replaced
// (revoked). The reference is unique in the community: VEC- and the community's sequence of mandates.
func (s *Service) SignMandate(ctx context.Context, a *domain.Actor, unitID string, in MandateInput) (*domain.Mandate, error) {
	u, err := s.ownedUnit(ctx, a, unitID,
		domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda puede firmar su orden de domiciliación"))
	if err != nil {
		return nil, err
	}
	m := &domain.Mandate{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: unitID, UnitLabel: u.Label, SignedBy: &a.UserID,
		DebtorName: strings.Join(strings.Fields(in.DebtorName), " "), SignedOn: s.today(), Status: domain.MandateActive}
	switch {
	case m.DebtorName == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Escribe el nombre del titular de la cuenta")
	case utf8.RuneCountInString(m.DebtorName) > maxDebtorName:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del titular no puede superar los %d caracteres", maxDebtorName)
	}
	var ok bool
	if m.IBAN, ok = ParseIBAN(in.IBAN); !ok {
		return nil, errBadIBAN
	}
	if m.BIC, err = parseBIC(in.BIC); err != nil {
		return nil, err
	}
	if m.DebtorAddress, err = checkDebtorAddress(in.DebtorAddress, m.IBAN); err != nil {
		return nil, err
	}
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		st, err := s.store.LockSepaSettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if st.CreditorID == "" {
			return errNoCreditor
		}
		old, err := s.store.MandateInForceForUpdate(ctx, a.CommunityID, unitID)
		if err != nil {
			return err
		}
		if old != nil {
			old.Status = domain.MandateRevoked
			if err := s.store.SaveMandate(ctx, old, &a.UserID, at); err != nil {
				return err
			}
		}
		n, err := s.store.TakeSepaNumber(ctx, a.CommunityID, "mandates")
		if err != nil {
			return err
		}
		m.Reference = fmt.Sprintf("VEC-%06d", n)
		if err := s.store.InsertMandate(ctx, m, at); err != nil {
			return err
		}
		switched, err := s.store.SwitchOpenReceipts(ctx, a.CommunityID, unitID, domain.PayByTransfer, domain.PayByDirectDebit, at)
		if err != nil {
			return err
		}
		var before any
		if old != nil {
			before = auditMandate(old, domain.MandateActive)
		}
		after := auditMandate(m, "")
		after["receiptsToDirectDebit"] = switched
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMandateSigned, TargetKind: "money_mandate", TargetID: m.ID,
			TargetLabel: m.Reference + " · " + m.UnitLabel, Before: before, After: after})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// auditMandate is what the audit log keeps of a mandate: the account masked. was, when set, is the
// status before this change.
func auditMandate(m *domain.Mandate, was domain.MandateStatus) map[string]any {
	status := m.Status
	if was != "" {
		status = was
	}
	out := map[string]any{"reference": m.Reference, "unit": m.UnitLabel, "debtorName": m.DebtorName, "iban": MaskIBAN(m.IBAN),
		"signedOn": m.SignedOn, "status": status, "returns": m.Returns}
	if c := m.DebtorAddress.Country; c != "" {
		out["debtorAddressCountry"] = c // the address itself stays out of the log, as the full IBAN does
	}
	return out
}

// mandateFor reads a mandate the caller may see: its unit's owner's or, for an admin, any.
func (s *Service) mandateFor(ctx context.Context, a *domain.Actor, id string, lock bool) (*domain.Mandate, error) {
	var ms []domain.Mandate
	var m *domain.Mandate
	var err error
	if lock {
		m, err = s.store.MandateForUpdate(ctx, a.CommunityID, id)
	} else if ms, err = s.store.Mandates(ctx, a.CommunityID, nil); err == nil {
		for i := range ms {
			if ms[i].ID == id {
				m = &ms[i]
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errMandateGone
	}
	if a.IsAdmin() {
		return m, nil
	}
	units, err := s.ownUnits(ctx, a)
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		if u.ID == m.UnitID {
			return m, nil
		}
	}
	return nil, errNotYourMandate
}

// maxEndReason is the length of an admin's reason for revoking a mandate: a sentence or two.
const maxEndReason = 300

// RevokeMandate ends a mandate: its owner or an admin (a revocation that reached the community on paper,
// or a bank's notice that the mandate was cancelled). Whoever revokes the mandate of a unit they do not own
// (an admin) says why in reason, which the owner and the admins then read with the date and who; the
// owner's own revocation needs none. The unit's receipts not yet in a remittance go back to payment by
// transfer, so the next remittance leaves them out; those already remitted stay in their remittance.
func (s *Service) RevokeMandate(ctx context.Context, a *domain.Actor, id, reason string) (*domain.Mandate, error) {
	reason = strings.Join(strings.Fields(reason), " ")
	at := s.stamp()
	var m *domain.Mandate
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		if m, err = s.mandateFor(ctx, a, id, true); err != nil {
			return err
		}
		if m.Status == domain.MandateRevoked {
			return domain.Errorf(domain.CodeConflict, "La orden de domiciliación %s ya está revocada", m.Reference)
		}
		if utf8.RuneCountInString(reason) > maxEndReason {
			return domain.Errorf(domain.CodeInvalid, "El motivo de la revocación no puede superar los %d caracteres", maxEndReason)
		}
		if reason == "" {
			u, err := s.store.MoneyUnit(ctx, a.CommunityID, m.UnitID)
			if err != nil {
				return err
			}
			if u == nil || u.OwnerID == nil || *u.OwnerID != a.UserID {
				return domain.Errorf(domain.CodeInvalid,
					"Escribe el motivo de la revocación (por ejemplo, el escrito del propietario o el aviso del banco): el propietario lo verá")
			}
		}
		was := m.Status
		m.Status, m.EndReason = domain.MandateRevoked, reason
		if err := s.store.SaveMandate(ctx, m, &a.UserID, at); err != nil {
			return err
		}
		switched, err := s.store.SwitchOpenReceipts(ctx, a.CommunityID, m.UnitID, domain.PayByDirectDebit, domain.PayByTransfer, at)
		if err != nil {
			return err
		}
		after := auditMandate(m, "")
		after["receiptsToTransfer"] = switched
		if reason != "" {
			after["reason"] = reason
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMandateRevoked, TargetKind: "money_mandate", TargetID: m.ID,
			TargetLabel: m.Reference + " · " + m.UnitLabel, Before: auditMandate(m, was), After: after})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// MandatePDF is the mandate as a PDF with the rulebook's text, for its owner or an admin.
func (s *Service) MandatePDF(ctx context.Context, a *domain.Actor, id string) ([]byte, string, error) {
	m, err := s.mandateFor(ctx, a, id, false)
	if err != nil {
		return nil, "", err
	}
	c, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	st, err := s.store.SepaSettings(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	b, err := RenderMandate(c, st.CreditorID, m)
	return b, "orden-domiciliacion-" + m.Reference + ".pdf", err
}
