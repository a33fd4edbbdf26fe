package money

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// The community's books (issue #37, docs/adr/0044-money-books.md): its accounts (at a bank, or the cash
// box) and the expenses it pays, with their invoices filed in Documentos under 'Facturas' and their
// payments, whole or in parts, from one of the accounts. Admins only.

// Audit actions of the books.
const (
	AuditAccountCreated = "money.account.created"
	AuditAccountEdited  = "money.account.edited"
	AuditExpenseCreated = "money.expense.created"
	AuditExpenseInvoice = "money.expense.invoice"
	AuditExpensePayment = "money.expense.payment"
	// AuditExpenseFromReserve is an expense charged to the reserve fund, recorded instead of AuditExpenseCreated.
	AuditExpenseFromReserve = "money.expense.reserve"
)

const (
	maxRate         = 10000 // 100 % in hundredths of a percent
	maxProviderName = 120
)

// BooksStore is what the books need from the database. Insert and Save methods run inside InTx.
type BooksStore interface {
	BankAccounts(ctx context.Context, communityID string) ([]domain.BankAccount, error)
	BankAccount(ctx context.Context, communityID, id string) (*domain.BankAccount, error)                // nil: none
	BankAccountForUpdate(ctx context.Context, communityID, id string) (*domain.BankAccount, error)       // nil: none
	InsertBankAccount(ctx context.Context, a *domain.BankAccount, by string, at time.Time) (bool, error) // false: IBAN taken
	SaveBankAccount(ctx context.Context, a *domain.BankAccount, at time.Time) (bool, error)              // false: IBAN taken
	Expenses(ctx context.Context, communityID string, f domain.ExpenseFilter) ([]domain.Expense, error)
	ExpenseForUpdate(ctx context.Context, communityID, id string) (*domain.Expense, error) // nil: none
	InsertExpense(ctx context.Context, e *domain.Expense, by string, at time.Time) error   // after LockMoneySettings
	SaveExpenseInvoice(ctx context.Context, e *domain.Expense, at time.Time) error
	InsertExpensePayment(ctx context.Context, communityID string, p *domain.ExpensePayment, by string) error
	IncidentOf(ctx context.Context, communityID, id string) (bool, error)
	TaskOf(ctx context.Context, communityID, id string) (bool, error)
	ProviderOf(ctx context.Context, communityID, id string) (bool, error)
	IncidentCost(ctx context.Context, communityID, incidentID string) (domain.IncidentCost, error)
}

// Archive is what the books use of Documentos: filing an invoice under 'Facturas'.
type Archive interface {
	Categories(ctx context.Context, a *domain.Actor) ([]domain.DocumentCategory, error)
	Create(ctx context.Context, a *domain.Actor, in documents.UploadInput, data []byte) (*documents.Created, error)
}

var (
	errAccountGone   = domain.Errorf(domain.CodeNotFound, "La cuenta no existe")
	errExpenseGone   = domain.Errorf(domain.CodeNotFound, "El gasto no existe")
	errIBANTaken     = domain.Errorf(domain.CodeConflict, "La comunidad ya tiene una cuenta con ese IBAN")
	errNotAnInvoice  = domain.Errorf(domain.CodeInvalid, "La factura debe ser un PDF o una imagen (JPG, PNG o WEBP)")
	errNoArchive     = domain.Errorf(domain.CodeConflict, "La comunidad no tiene la categoría «Facturas» en Documentos")
	errInvoiceFiled  = domain.Errorf(domain.CodeConflict, "El gasto ya tiene su factura")
	errNoAccountName = domain.Errorf(domain.CodeInvalid, "Indica el nombre de la cuenta")
)

// AccountView is an account with its balance in the books.
type AccountView struct {
	domain.BankAccount
	Balance domain.Cents // the opening balance less what was paid from it
}

// Accounts lists the community's accounts with their balances; admins only (the route says so).
func (s *Service) Accounts(ctx context.Context, a *domain.Actor) ([]AccountView, error) {
	as, err := s.store.BankAccounts(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out := make([]AccountView, len(as))
	for i, acc := range as {
		out[i] = AccountView{BankAccount: acc, Balance: acc.Opening - acc.Paid}
	}
	return out, nil
}

// AccountInput is the account form. Kind cannot change once the account exists.
type AccountInput struct {
	Name        string
	Kind        domain.BankAccountKind
	IBAN        string
	Bank        string
	OpeningDate string
	Opening     domain.Cents
}

func checkAccount(in AccountInput) (*domain.BankAccount, error) {
	acc := &domain.BankAccount{Name: strings.TrimSpace(in.Name), Kind: in.Kind, Bank: strings.TrimSpace(in.Bank),
		OpeningDate: in.OpeningDate, Opening: in.Opening}
	switch {
	case acc.Name == "":
		return nil, errNoAccountName
	case utf8.RuneCountInString(acc.Name) > maxName || utf8.RuneCountInString(acc.Bank) > maxName:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre de la cuenta y el del banco no pueden superar los %d caracteres", maxName)
	case acc.Kind != domain.BankAccountBank && acc.Kind != domain.BankAccountCash:
		return nil, domain.Errorf(domain.CodeInvalid, "Una cuenta es de un banco o la caja")
	case !validDate(acc.OpeningDate):
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha del saldo inicial")
	case acc.Opening > maxAmount || acc.Opening < -maxAmount:
		return nil, domain.Errorf(domain.CodeInvalid, "El saldo inicial no es válido")
	}
	if acc.Kind == domain.BankAccountBank {
		iban, ok := ParseIBAN(in.IBAN)
		if !ok {
			return nil, errBadIBAN
		}
		acc.IBAN = iban
	} else {
		acc.Bank = ""
	}
	return acc, nil
}

// CreateAccount adds an account; a bank account's IBAN is checked and unique in the community.
func (s *Service) CreateAccount(ctx context.Context, a *domain.Actor, in AccountInput) (*domain.BankAccount, error) {
	acc, err := checkAccount(in)
	if err != nil {
		return nil, err
	}
	acc.ID, acc.CommunityID = domain.NewID(), a.CommunityID
	at := s.stamp()
	acc.CreatedAt = at.UnixMilli()
	err = s.write(ctx, a, func(ctx context.Context) error {
		ok, err := s.store.InsertBankAccount(ctx, acc, a.UserID, at)
		if err != nil {
			return err
		}
		if !ok {
			return errIBANTaken
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditAccountCreated, TargetKind: "money_account", TargetID: acc.ID,
			TargetLabel: acc.Name, After: acc})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return acc, nil
}

// UpdateAccount changes an account's name, IBAN, bank and opening balance.
func (s *Service) UpdateAccount(ctx context.Context, a *domain.Actor, id string, in AccountInput) (*domain.BankAccount, error) {
	var acc *domain.BankAccount
	at := s.stamp()
	err := s.write(ctx, a, func(ctx context.Context) error {
		old, err := s.store.BankAccountForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errAccountGone
		}
		in.Kind = old.Kind
		if acc, err = checkAccount(in); err != nil {
			return err
		}
		acc.ID, acc.CommunityID, acc.CreatedAt, acc.Paid = old.ID, old.CommunityID, old.CreatedAt, old.Paid
		ok, err := s.store.SaveBankAccount(ctx, acc, at)
		if err != nil {
			return err
		}
		if !ok {
			return errIBANTaken
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditAccountEdited, TargetKind: "money_account", TargetID: acc.ID,
			TargetLabel: acc.Name, Before: old, After: acc})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return acc, nil
}

// ExpenseInput is the expense form. Rates are in hundredths of a percent (2100 is 21 %).
type ExpenseInput struct {
	Date         string
	ProviderID   string
	ProviderName string
	NIF          string
	Concept      string
	GroupID      string
	Base         domain.Cents
	VATRate      int
	IRPFRate     int
	DueDate      string
	IncidentID   string
	TaskID       string
	// The date of the junta that agreed to charge the expense to the reserve fund (LPH art. 9.1.f:
	// conservation works); "" for an ordinary expense.
	ReserveJuntaDate string
}

// Expenses lists the year's expenses (0: all), newest first; admins only.
func (s *Service) Expenses(ctx context.Context, a *domain.Actor, year int) ([]domain.Expense, error) {
	if year != 0 && (year < minYear || year > maxYear) {
		return nil, domain.Errorf(domain.CodeInvalid, "El año no es válido")
	}
	return s.store.Expenses(ctx, a.CommunityID, domain.ExpenseFilter{Year: year})
}

// normalNIF upper-cases a NIF and drops its spaces, dots and dashes; ok is false when what is left is not
// 8 or 9 letters and digits (a NIF, NIE or CIF).
func normalNIF(s string) (string, bool) {
	n := strings.ToUpper(strings.NewReplacer(" ", "", "-", "", ".", "").Replace(strings.TrimSpace(s)))
	if n == "" {
		return "", true
	}
	if len(n) < 8 || len(n) > 9 {
		return "", false
	}
	for _, r := range n {
		if (r < '0' || r > '9') && (r < 'A' || r > 'Z') {
			return "", false
		}
	}
	return n, true
}

func (s *Service) checkExpense(ctx context.Context, a *domain.Actor, in ExpenseInput) (*domain.Expense, error) {
	e := &domain.Expense{CommunityID: a.CommunityID, Date: in.Date, ProviderID: strings.TrimSpace(in.ProviderID),
		ProviderName: strings.TrimSpace(in.ProviderName), Concept: strings.TrimSpace(in.Concept), GroupID: in.GroupID, Base: in.Base,
		VATRate: in.VATRate, IRPFRate: in.IRPFRate, DueDate: in.DueDate, IncidentID: strings.TrimSpace(in.IncidentID),
		TaskID: strings.TrimSpace(in.TaskID), ReserveJuntaDate: strings.TrimSpace(in.ReserveJuntaDate)}
	nif, ok := normalNIF(in.NIF)
	switch {
	case !validDate(e.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha de la factura")
	case e.Date[:4] < "2000" || e.Date > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la factura no puede ser futura")
	case e.ProviderName == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Indica el proveedor")
	case utf8.RuneCountInString(e.ProviderName) > maxProviderName:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del proveedor no puede superar los %d caracteres", maxProviderName)
	case !ok:
		return nil, domain.ErrInvalidNIF
	case e.Concept == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Indica el concepto del gasto")
	case utf8.RuneCountInString(e.Concept) > maxConcept:
		return nil, domain.Errorf(domain.CodeInvalid, "El concepto no puede superar los %d caracteres", maxConcept)
	case e.Base <= 0 || e.Base > maxAmount:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe del gasto debe ser mayor que cero")
	case e.VATRate < 0 || e.VATRate > maxRate || e.IRPFRate < 0 || e.IRPFRate > maxRate:
		return nil, domain.Errorf(domain.CodeInvalid, "El IVA y la retención deben estar entre 0 y 100 %%")
	case e.DueDate != "" && (!validDate(e.DueDate) || e.DueDate < e.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "El vencimiento debe ser una fecha igual o posterior a la de la factura")
	case e.ReserveJuntaDate != "" && !validDate(e.ReserveJuntaDate):
		return nil, domain.Errorf(domain.CodeInvalid, "Ese gasto se carga al fondo de reserva: indica la fecha de la junta que acordó las obras")
	case e.ReserveJuntaDate > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La junta que acordó cargar el gasto al fondo de reserva no puede ser futura")
	}
	e.NIF = nif
	e.VAT = domain.RoundDiv(e.Base*int64(e.VATRate), maxRate)
	e.IRPF = domain.RoundDiv(e.Base*int64(e.IRPFRate), maxRate)
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	groups, _, err := s.groups(ctx, a.CommunityID, units)
	if err != nil {
		return nil, err
	}
	if groups[e.GroupID] == nil {
		return nil, errGroupMissing
	}
	for _, link := range []struct {
		id    string
		of    func(context.Context, string, string) (bool, error)
		wrong error
	}{
		{e.ProviderID, s.store.ProviderOf, domain.Errorf(domain.CodeNotFound, "El proveedor no está en el directorio de la comunidad")},
		{e.IncidentID, s.store.IncidentOf, domain.Errorf(domain.CodeNotFound, "La incidencia no existe")},
		{e.TaskID, s.store.TaskOf, domain.Errorf(domain.CodeNotFound, "La tarea no existe")},
	} {
		if link.id == "" {
			continue
		}
		if ok, err := link.of(ctx, a.CommunityID, link.id); err != nil {
			return nil, err
		} else if !ok {
			return nil, link.wrong
		}
	}
	return e, nil
}

// CreateExpense records an expense, numbered on in the community; its invoice is attached with
// AttachInvoice and its payments with PayExpense.
func (s *Service) CreateExpense(ctx context.Context, a *domain.Actor, in ExpenseInput) (*domain.Expense, error) {
	e, err := s.checkExpense(ctx, a, in)
	if err != nil {
		return nil, err
	}
	e.ID = domain.NewID()
	at := s.stamp()
	e.CreatedAt = at.UnixMilli()
	err = s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		if err := s.store.InsertExpense(ctx, e, a.UserID, at); err != nil { // a closed year's is refused here
			return err
		}
		action := AuditExpenseCreated
		if e.FromReserve() {
			// Under the settings' lock, so that two expenses never both take what the fund holds.
			if err := s.checkReserve(ctx, a.CommunityID, e); err != nil {
				return err
			}
			action = AuditExpenseFromReserve
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: action, TargetKind: "money_expense", TargetID: e.ID,
			TargetLabel: e.Concept, After: e})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// CheckInvoice refuses, before its file is read, an invoice for an expense that is not a's community's
// or already has one.
func (s *Service) CheckInvoice(ctx context.Context, a *domain.Actor, id string) error {
	return s.store.InTx(ctx, func(ctx context.Context) error {
		e, err := s.store.ExpenseForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if e == nil {
			return errExpenseGone
		}
		if e.DocumentID != "" {
			return errInvoiceFiled
		}
		return nil
	})
}

// InvoiceType returns errNotAnInvoice unless data is a PDF or an image.
func InvoiceType(data []byte) error {
	t, _, err := files.Archive.Detect(data)
	if err != nil || t != "application/pdf" && !strings.HasPrefix(t, "image/") {
		return errNotAnInvoice
	}
	return nil
}

// AttachInvoice files an expense's invoice (a PDF or an image) in Documentos under 'Facturas', visible to
// the administration only, and links it to the expense.
func (s *Service) AttachInvoice(ctx context.Context, a *domain.Actor, id, fileName string, data []byte) (*domain.Expense, error) {
	if err := InvoiceType(data); err != nil {
		return nil, err
	}
	if s.archive == nil {
		return nil, errNoArchive
	}
	if err := s.CheckInvoice(ctx, a, id); err != nil {
		return nil, err
	}
	cats, err := s.archive.Categories(ctx, a)
	if err != nil {
		return nil, err
	}
	catID := ""
	for _, c := range cats {
		if c.Kind == domain.CategoryFacturas {
			catID = c.ID
		}
	}
	if catID == "" {
		return nil, errNoArchive
	}
	es, err := s.store.Expenses(ctx, a.CommunityID, domain.ExpenseFilter{})
	if err != nil {
		return nil, err
	}
	var e *domain.Expense
	for i := range es {
		if es[i].ID == id {
			e = &es[i]
		}
	}
	if e == nil {
		return nil, errExpenseGone
	}
	created, err := s.archive.Create(ctx, a, documents.UploadInput{CategoryID: catID, Title: invoiceTitle(e), Date: e.Date,
		Visibility: domain.DocumentForAdmins, FileName: fileName, Description: e.NIF}, data)
	if err != nil {
		return nil, err
	}
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		locked, err := s.store.ExpenseForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if locked == nil {
			return errExpenseGone
		}
		if locked.DocumentID != "" {
			return errInvoiceFiled
		}
		e = locked
		e.DocumentID = created.Document.ID
		if err := s.store.SaveExpenseInvoice(ctx, e, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditExpenseInvoice, TargetKind: "money_expense", TargetID: e.ID,
			TargetLabel: e.Concept, After: map[string]any{"documentId": e.DocumentID}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

func invoiceTitle(e *domain.Expense) string {
	t := "Factura " + e.ProviderName + " · " + e.Concept
	if r := []rune(t); len(r) > 200 {
		t = string(r[:200])
	}
	return t
}

// ExpensePaymentInput is a payment of an expense.
type ExpensePaymentInput struct {
	AccountID string
	Date      string
	Amount    domain.Cents
}

// PayExpense records a payment, whole or in part, of an expense from one of the community's accounts. It
// refuses more than what is left to pay.
func (s *Service) PayExpense(ctx context.Context, a *domain.Actor, id string, in ExpensePaymentInput) (*domain.Expense, error) {
	switch {
	case !validDate(in.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha del pago")
	case in.Amount <= 0:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe del pago debe ser mayor que cero")
	}
	at := s.stamp()
	var e *domain.Expense
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		e, err = s.payExpense(ctx, a, id, in, at)
		return err
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// payExpense is PayExpense's transaction (InTx), its input checked.
func (s *Service) payExpense(ctx context.Context, a *domain.Actor, id string, in ExpensePaymentInput, at time.Time) (*domain.Expense, error) {
	var e *domain.Expense
	err := func() error {
		var err error
		if e, err = s.store.ExpenseForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if e == nil {
			return errExpenseGone
		}
		acc, err := s.store.BankAccount(ctx, a.CommunityID, in.AccountID)
		if err != nil {
			return err
		}
		if acc == nil {
			return errAccountGone
		}
		if in.Date < acc.OpeningDate {
			return domain.Errorf(domain.CodeInvalid, "El pago no puede ser anterior al saldo inicial de la cuenta (%s)", acc.OpeningDate)
		}
		if left := e.Payable() - e.PaidSum(); in.Amount > left {
			return domain.Errorf(domain.CodeConflict, "El pago supera lo que queda por pagar del gasto (%s)", domain.EurosText(left))
		}
		p := domain.ExpensePayment{ID: domain.NewID(), ExpenseID: e.ID, AccountID: acc.ID, Date: in.Date, Amount: in.Amount,
			CreatedAt: at.UnixMilli()}
		if err := s.store.InsertExpensePayment(ctx, a.CommunityID, &p, a.UserID); err != nil {
			return err
		}
		e.Payments = append(e.Payments, p)
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditExpensePayment, TargetKind: "money_expense", TargetID: e.ID,
			TargetLabel: e.Concept, After: map[string]any{"accountId": acc.ID, "date": p.Date, "amountCents": p.Amount,
				"status": e.Status()}})
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return e, nil
}

// IncidentCost is what the expenses linked to an incident cost: the admins and the owners see it (the
// tenants do not read the community's accounts).
func (s *Service) IncidentCost(ctx context.Context, a *domain.Actor, incidentID string) (*domain.IncidentCost, error) {
	ok, err := s.store.IncidentOf(ctx, a.CommunityID, incidentID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.Errorf(domain.CodeNotFound, "La incidencia no existe")
	}
	if !a.IsAdmin() {
		owner, err := s.ownsAUnit(ctx, a)
		if err != nil {
			return nil, err
		}
		if !owner {
			return nil, domain.Errorf(domain.CodeForbidden, "Solo los propietarios y los administradores ven lo que costó una incidencia")
		}
	}
	c, err := s.store.IncidentCost(ctx, a.CommunityID, incidentID)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// ownsAUnit reports whether a is the owner of a unit of their community.
func (s *Service) ownsAUnit(ctx context.Context, a *domain.Actor) (bool, error) {
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return false, err
	}
	for _, u := range units {
		if u.OwnerID != nil && *u.OwnerID == a.UserID {
			return true, nil
		}
	}
	return false, nil
}
