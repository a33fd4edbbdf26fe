package money

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// sepaFixture is a community of two flats at 50 % (1º A owned by owner, 2º A by nobody) with an approved
// budget of 1.000,00 € of cleaning over General and its 100,00 € reserve, quarterly, and the first
// quarter's receipts issued (due 2026-01-01), on a clock at 2026-03-02 and an audit log the test reads.
type sepaFixture struct {
	db           *store.DB
	svc          *Service
	admin, owner *domain.Actor
	flat, other  string // unit ids
	mu           sync.Mutex
	audit        []domain.AuditChange
}

var sepaNow = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

func newSepaFixture(t *testing.T, db *store.DB) *sepaFixture {
	t.Helper()
	ctx := context.Background()
	actors := storetest.Community(t, db, "Pilar Presidenta", "Óscar Propietario")
	f := &sepaFixture{db: db, admin: actors[0], owner: actors[1], flat: domain.NewID(), other: domain.NewID()}
	f.svc = New(db, Options{Now: func() time.Time { return sepaNow }, Audit: func(_ context.Context, _ *domain.Actor, c domain.AuditChange) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.audit = append(f.audit, c)
	}})
	for _, u := range []struct{ id, name string }{{f.flat, "1º A"}, {f.other, "2º A"}} {
		storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ($1, $2, $3, 0, 0)",
			u.id, f.admin.CommunityID, u.name)
		storetest.Exec(t, db, "UPDATE units SET coefficient = 500000 WHERE id = $1", u.id)
	}
	storetest.Exec(t, db, "UPDATE units SET owner_id = $1 WHERE id = $2", f.owner.UserID, f.flat)
	b, err := f.svc.CreateBudget(ctx, f.admin, 2026)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SaveBudget(ctx, f.admin, b.ID, BudgetInput{Lines: []domain.BudgetLine{{Concept: "Limpieza", GroupID: domain.GeneralGroupID,
		Amount: 100000}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ApproveBudget(ctx, f.admin, b.ID, "2026-01-10"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.GenerateReceipts(ctx, f.admin, 2026, 1, ""); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *sepaFixture) actions() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, len(f.audit))
	for i, c := range f.audit {
		out[i] = c.Action
	}
	return out
}

func (f *sepaFixture) settings(t *testing.T, change func(*domain.SepaSettings)) {
	t.Helper()
	st := domain.DefaultSepaSettings()
	st.CreditorID, st.CreditorIBAN = "ES77000B85626240", "ES91 2100 0418 4502 0005 1332"
	if change != nil {
		change(&st)
	}
	if _, err := f.svc.SaveSepaSettings(context.Background(), f.admin, st); err != nil {
		t.Fatal(err)
	}
}

func (f *sepaFixture) receipt(t *testing.T, unitID string) domain.Receipt {
	t.Helper()
	rs, err := f.db.Receipts(context.Background(), f.admin.CommunityID, domain.ReceiptFilter{UnitIDs: []string{unitID}})
	if err != nil || len(rs) != 1 {
		t.Fatalf("receipts of %s: %v, %v", unitID, rs, err)
	}
	return rs[0]
}

func (f *sepaFixture) balance(t *testing.T, unitID string) domain.Cents {
	t.Helper()
	b, err := f.db.LedgerBalance(context.Background(), f.admin.CommunityID, unitID, "2099-01-01")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wantError requires err to be the domain error with that Spanish message.
func wantError(t *testing.T, err error, code domain.Code, message string) {
	t.Helper()
	if err == nil || domain.ErrorCode(err) != code || domain.ErrorMessage(err) != message {
		t.Fatalf("error %v (%s), want %s %q", err, domain.ErrorCode(err), code, message)
	}
}

const validIBAN = "ES7921000813610123456789"

// TestSepaSettingsAreChecked: a wrong creditor identifier or IBAN, and settings out of range, are refused
// with nothing saved; good ones are saved in their electronic form and audited with before and after.
func TestSepaSettingsAreChecked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		good := domain.DefaultSepaSettings()
		good.CreditorID, good.CreditorIBAN = "es77 000 b85626240", "ES91 2100 0418 4502 0005 1332"
		for _, c := range []struct {
			change  func(*domain.SepaSettings)
			message string
		}{
			{func(s *domain.SepaSettings) { s.CreditorID = "ES78000B85626240" },
				"El identificador de acreedor no es válido: son ES, dos dígitos de control, un sufijo de tres caracteres y el NIF de la comunidad, como ES77000B85626240"},
			{func(s *domain.SepaSettings) { s.CreditorIBAN = "ES9121000418450200051333" }, "El IBAN no es válido: revisa que esté completo y sus dígitos de control"},
			{func(s *domain.SepaSettings) { s.PrenoticeDays = 15 }, "El preaviso debe estar entre 1 y 14 días"},
			{func(s *domain.SepaSettings) { s.ReturnsToPause = 0 }, "Las devoluciones antes de pausar una orden deben estar entre 1 y 12"},
			{func(s *domain.SepaSettings) { s.SequencePolicy = "ooff" }, "El tipo de secuencia debe ser FRST y después RCUR, o siempre RCUR"},
			{func(s *domain.SepaSettings) { s.CreditorBIC = "CAIXESBB1" }, "El BIC no es válido: debe tener 8 u 11 letras y números"},
			{func(s *domain.SepaSettings) { s.FileVersion = "pain.008.001.09" }, "La versión del fichero SEPA debe ser pain.008.001.02 o pain.008.001.08"},
		} {
			in := good
			c.change(&in)
			_, err := f.svc.SaveSepaSettings(ctx, f.admin, in)
			wantError(t, err, domain.CodeInvalid, c.message)
		}
		if st, _ := f.svc.SepaSettings(ctx, f.admin); st != domain.DefaultSepaSettings() {
			t.Fatalf("a refused change was saved: %+v", st)
		}
		good.PrenoticeDays, good.CreditorBIC, good.FileVersion = 5, "caixesbbxxx", domain.Pain008V08
		if _, err := f.svc.SaveSepaSettings(ctx, f.admin, good); err != nil {
			t.Fatal(err)
		}
		st, _ := f.svc.SepaSettings(ctx, f.admin)
		if st.CreditorID != "ES77000B85626240" || st.CreditorIBAN != "ES9121000418450200051332" || st.CreditorBIC != "CAIXESBBXXX" ||
			st.PrenoticeDays != 5 || !st.ChargeToOwner || st.SequencePolicy != domain.FirstThenRecurrent || st.FileVersion != domain.Pain008V08 {
			t.Fatalf("saved %+v", st)
		}
		last := f.audit[len(f.audit)-1]
		if a := f.actions(); a[len(a)-1] != AuditSepaSettingsEdited || last.Before.(domain.SepaSettings).FileVersion != domain.Pain008V02 ||
			last.After.(domain.SepaSettings).FileVersion != domain.Pain008V08 {
			t.Errorf("audit %v: %+v", a, last)
		}
	})
}

// TestMandates: only the unit's owner signs, with a valid IBAN, once the community has its creditor
// identifier; the unit's owed receipts then go by direct debit; a new mandate replaces the one in force;
// revoking sends the receipts back to transfer; the PDF carries the rulebook's text.
func TestMandates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		in := MandateInput{DebtorName: "  Óscar   Propietario ", IBAN: "es79 2100 0813 6101 2345 6789"}
		_, err := f.svc.SignMandate(ctx, f.owner, f.flat, in)
		wantError(t, err, domain.CodeConflict, "La comunidad aún no tiene su identificador de acreedor SEPA: pide a un administrador que lo configure en Cuentas")
		f.settings(t, nil)
		_, err = f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: "ES7921000813610123456788"})
		wantError(t, err, domain.CodeInvalid, "El IBAN no es válido: revisa que esté completo y sus dígitos de control")
		// Right MOD 97 but wrong Spanish control digits (the CCC's 9th and 10th digits).
		_, err = f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: "ES0321000813000123456789"})
		wantError(t, err, domain.CodeInvalid, "El IBAN no es válido: revisa que esté completo y sus dígitos de control")
		_, err = f.svc.SignMandate(ctx, f.owner, f.other, in)
		wantError(t, err, domain.CodeForbidden, "Solo el propietario de la vivienda puede firmar su orden de domiciliación")
		_, err = f.svc.SignMandate(ctx, f.admin, f.flat, in)
		wantError(t, err, domain.CodeForbidden, "Solo el propietario de la vivienda puede firmar su orden de domiciliación")

		m, err := f.svc.SignMandate(ctx, f.owner, f.flat, in)
		if err != nil {
			t.Fatal(err)
		}
		if m.Reference != "VEC-000001" || m.IBAN != validIBAN || m.DebtorName != "Óscar Propietario" || m.SignedOn != "2026-03-02" ||
			m.Status != domain.MandateActive {
			t.Fatalf("mandate %+v", m)
		}
		if r := f.receipt(t, f.flat); r.Method != domain.PayByDirectDebit {
			t.Errorf("the owed receipt is paid by %s", r.Method)
		}
		if r := f.receipt(t, f.other); r.Method != domain.PayByTransfer {
			t.Errorf("the other unit's receipt is paid by %s", r.Method)
		}
		pdf, name, err := f.svc.MandatePDF(ctx, f.owner, m.ID)
		if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) || name != "orden-domiciliacion-VEC-000001.pdf" {
			t.Fatalf("PDF %q %d bytes, %v", name, len(pdf), err)
		}
		second, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: "ES9121000418450200051332"})
		if err != nil || second.Reference != "VEC-000002" {
			t.Fatalf("second mandate %+v, %v", second, err)
		}
		mine, err := f.svc.MyMandates(ctx, f.owner)
		if err != nil || len(mine.Mandates) != 2 || mine.Mandates[0].ID != second.ID || mine.Mandates[1].Status != domain.MandateRevoked ||
			len(mine.Units) != 1 || mine.CreditorID != "ES77000B85626240" {
			t.Fatalf("my mandates %+v, %v", mine, err)
		}
		// Another member (the admin owns nothing) cannot see it unless an admin; the admin revokes it.
		if _, err := f.svc.RevokeMandate(ctx, f.admin, second.ID, "Escrito del propietario"); err != nil {
			t.Fatal(err)
		}
		if r := f.receipt(t, f.flat); r.Method != domain.PayByTransfer {
			t.Errorf("after the revocation the receipt is paid by %s", r.Method)
		}
		_, err = f.svc.RevokeMandate(ctx, f.owner, second.ID, "")
		wantError(t, err, domain.CodeConflict, "La orden de domiciliación VEC-000002 ya está revocada")
		_, err = f.svc.RevokeMandate(ctx, f.owner, "nope", "")
		wantError(t, err, domain.CodeNotFound, "La orden de domiciliación no existe")
		got := strings.Join(f.actions(), " ")
		if strings.Count(got, AuditMandateSigned) != 2 || !strings.Contains(got, AuditMandateRevoked) {
			t.Errorf("audit %s", got)
		}
	})
}

// remittanceDoc is what the parse-back reads of a pain.008 file.
type remittanceDoc struct {
	GrpHdr struct {
		NbOfTxs int    `xml:"NbOfTxs"`
		CtrlSum string `xml:"CtrlSum"`
	} `xml:"CstmrDrctDbtInitn>GrpHdr"`
	PmtInf []struct {
		SeqTp string `xml:"PmtTpInf>SeqTp"`
		Date  string `xml:"ReqdColltnDt"`
		IBAN  string `xml:"CdtrAcct>Id>IBAN"`
		Tx    []struct {
			EndToEnd string `xml:"PmtId>EndToEndId"`
			Amount   string `xml:"InstdAmt"`
			Mandate  string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
			Signed   string `xml:"DrctDbtTx>MndtRltdInf>DtOfSgntr"`
			Name     string `xml:"Dbtr>Nm"`
			IBAN     string `xml:"DbtrAcct>Id>IBAN"`
		} `xml:"DrctDbtTxInf"`
	} `xml:"CstmrDrctDbtInitn>PmtInf"`
}

// TestRemittanceAndReturns runs the cycle: the pre-notification and an empty remittance are refused, the
// remittance collects the owed receipt of the unit with a mandate (FRST), its file validates and reads
// back, the receipt is remitted once; the bank returns it with a charge, the receipt is owed again with
// the charge in the ledger, and the mandate is paused after the community's number of returns.
func TestRemittanceAndReturns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		_, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
		wantError(t, err, domain.CodeConflict, "Configura el identificador de acreedor y el IBAN de la comunidad antes de preparar una remesa")
		f.settings(t, func(s *domain.SepaSettings) { s.ReturnsToPause = 1 })
		_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
		wantError(t, err, domain.CodeConflict,
			"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el 2026-03-20")
		m, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "José Muñoz Ibáñez", IBAN: validIBAN})
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-15"})
		wantError(t, err, domain.CodeInvalid,
			"La fecha de cobro está dentro del plazo de preaviso de 14 días a los propietarios: la primera fecha posible es el 2026-03-16")
		_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20", DueUpTo: "2025-12-31"})
		wantError(t, err, domain.CodeConflict,
			"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el 2025-12-31")

		owed := f.receipt(t, f.flat)
		rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-16"})
		if err != nil {
			t.Fatal(err)
		}
		if rem.Number != 1 || rem.Debits != 1 || rem.Total != owed.Amount || len(rem.Receipts) != 1 {
			t.Fatalf("remittance %+v", rem)
		}
		r := f.receipt(t, f.flat)
		if r.Status != domain.ReceiptPaid || r.Paid != r.Amount || r.Debit == nil || r.Debit.RemittanceID != rem.ID || r.Debit.SequenceType != "FRST" ||
			r.Debit.CollectionDate != "2026-03-16" {
			t.Fatalf("remitted receipt %+v %+v", r, r.Debit)
		}
		if b := f.balance(t, f.flat); b != 0 {
			t.Errorf("balance after the remittance %d", b)
		}
		// Never in a second remittance.
		_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-31"})
		wantError(t, err, domain.CodeConflict,
			"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el 2026-03-31")

		file, name, err := f.svc.RemittanceFile(ctx, f.admin, rem.ID)
		if err != nil || name != "remesa-0001-2026-03-16.xml" {
			t.Fatalf("file %q, %v", name, err)
		}
		validateWithSchema(t, domain.Pain008V02, file)
		var doc remittanceDoc
		if err := xml.Unmarshal(file, &doc); err != nil {
			t.Fatal(err)
		}
		want := decimal(owed.Amount)
		if doc.GrpHdr.NbOfTxs != 1 || doc.GrpHdr.CtrlSum != want || len(doc.PmtInf) != 1 || doc.PmtInf[0].SeqTp != "FRST" ||
			doc.PmtInf[0].Date != "2026-03-16" || doc.PmtInf[0].IBAN != "ES9121000418450200051332" || len(doc.PmtInf[0].Tx) != 1 {
			t.Fatalf("file %+v\n%s", doc, file)
		}
		if tx := doc.PmtInf[0].Tx[0]; tx.EndToEnd != owed.Code() || tx.Amount != want || tx.Mandate != m.Reference || tx.Signed != "2026-03-02" ||
			tx.IBAN != validIBAN || tx.Name != "Jose Munoz Ibanez" {
			t.Errorf("transaction %+v", tx)
		}

		// The other unit's receipt was never collected: it cannot be returned.
		other := f.receipt(t, f.other)
		_, err = f.svc.ReturnDebit(ctx, f.admin, other.ID, ReturnInput{Reason: "MS02"})
		wantError(t, err, domain.CodeConflict, "El recibo "+other.Code()+" no se ha cobrado por domiciliación: no se puede devolver")
		_, err = f.svc.ReturnDebit(ctx, f.admin, r.ID, ReturnInput{Reason: "MS2"})
		wantError(t, err, domain.CodeInvalid, "El motivo de la devolución es un código de cuatro caracteres, como MS02 o AM04")

		back, err := f.svc.ReturnDebit(ctx, f.admin, r.ID, ReturnInput{Reason: "ms02", Charge: 350})
		if err != nil {
			t.Fatal(err)
		}
		if back.Status != domain.ReceiptPending || back.Paid != 0 || back.Method != domain.PayByTransfer || back.Debit.ReturnReason != "MS02" {
			t.Fatalf("returned receipt %+v %+v", back, back.Debit)
		}
		if b := f.balance(t, f.flat); b != owed.Amount+350 {
			t.Errorf("balance after the return %d, want %d", b, owed.Amount+350)
		}
		mine, _ := f.svc.MyMandates(ctx, f.owner)
		if mine.Mandates[0].Status != domain.MandatePaused || mine.Mandates[0].Returns != 1 {
			t.Errorf("mandate after a return %+v", mine.Mandates[0])
		}
		_, err = f.svc.ReturnDebit(ctx, f.admin, r.ID, ReturnInput{Reason: "MS02"})
		wantError(t, err, domain.CodeConflict, "El recibo "+r.Code()+" ya está devuelto")
		// Owed again, it is paid by transfer.
		if _, err := f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: owed.Amount, Method: domain.PayByTransfer, Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(f.actions(), " ")
		for _, a := range []string{AuditRemittanceCreated, AuditDebitReturned, AuditMandatePaused} {
			if !strings.Contains(got, a) {
				t.Errorf("audit %s lacks %s", got, a)
			}
		}
	})
}

// TestRemittanceFileVersion: a community that chose pain.008.001.08 gets its remittance in that message,
// valid against its schema, under the same file name.
func TestRemittanceFileVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, func(s *domain.SepaSettings) { s.FileVersion, s.CreditorBIC = domain.Pain008V08, "CAIXESBBXXX" })
		if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: validIBAN, BIC: "CAIXESBBXXX"}); err != nil {
			t.Fatal(err)
		}
		rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
		if err != nil {
			t.Fatal(err)
		}
		file, name, err := f.svc.RemittanceFile(ctx, f.admin, rem.ID)
		if err != nil || name != "remesa-0001-2026-03-20.xml" {
			t.Fatalf("file %q, %v", name, err)
		}
		validateWithSchema(t, domain.Pain008V08, file)
		var doc struct {
			XMLName xml.Name
			remittanceDoc
		}
		if err := xml.Unmarshal(file, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.XMLName.Space != "urn:iso:std:iso:20022:tech:xsd:pain.008.001.08" || doc.GrpHdr.NbOfTxs != 1 ||
			len(doc.PmtInf) != 1 || len(doc.PmtInf[0].Tx) != 1 || doc.PmtInf[0].Tx[0].IBAN != validIBAN {
			t.Fatalf("file %+v\n%s", doc, file)
		}
	})
}

// TestImportReturns: a CSV of receipt numbers returns each, all or none, and the charge stays with the
// community when the setting says so.
func TestImportReturns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, func(s *domain.SepaSettings) { s.ChargeToOwner, s.SequencePolicy = false, domain.RecurrentOnly })
		if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: validIBAN}); err != nil {
			t.Fatal(err)
		}
		rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-04-01"})
		if err != nil {
			t.Fatal(err)
		}
		if rem.Receipts[0].Debit.SequenceType != "RCUR" {
			t.Errorf("sequence %s with RCUR only", rem.Receipts[0].Debit.SequenceType)
		}
		code := (&rem.Receipts[0]).Code()
		_, err = f.svc.ImportReturns(ctx, f.admin, "recibo;motivo;gastos\n"+code+";AM04;2,50\n2026/999999;MS02;\n")
		wantError(t, err, domain.CodeInvalid, "Línea 3: el recibo 2026/999999 no existe")
		if r := f.receipt(t, f.flat); r.Debit.ReturnedOn != nil {
			t.Fatal("a refused import returned a receipt")
		}
		_, err = f.svc.ImportReturns(ctx, f.admin, code+";AM04;-1\n")
		wantError(t, err, domain.CodeInvalid, "Línea 1: los gastos «-1» no son un importe en euros")
		_, err = f.svc.ImportReturns(ctx, f.admin, "recibo\n"+code+"\nAM04\n")
		wantError(t, err, domain.CodeInvalid, "Línea 3: «AM04» no es un número de recibo como 2027/000012")
		out, err := f.svc.ImportReturns(ctx, f.admin, "recibo;motivo;gastos\n"+code+";AM04;2,50\n")
		if err != nil || len(out) != 1 || out[0].Debit.ReturnCharge != 250 {
			t.Fatalf("import %+v, %v", out, err)
		}
		if b := f.balance(t, f.flat); b != rem.Total {
			t.Errorf("balance %d: the charge went to the owner, want %d", b, rem.Total)
		}
		mine, _ := f.svc.MyMandates(ctx, f.owner)
		if mine.Mandates[0].Status != domain.MandateActive {
			t.Errorf("one return of two paused the mandate: %+v", mine.Mandates[0])
		}
	})
}

// validateWithSchema runs xmllint --schema of version v on a file the service wrote (as
// TestPain008ValidatesAgainstTheSchema), in a subtest: without the schema or xmllint here, only that
// subtest is skipped.
func validateWithSchema(t *testing.T, v domain.SepaFileVersion, file []byte) {
	t.Helper()
	t.Run("xmllint", func(t *testing.T) { runXmllint(t, v, file) })
}

// TestConcurrentRemittancesCollectOnce: two admins build a remittance at the same moment; one collects
// the receipt, the other finds nothing left to collect, and the receipt is in one remittance only.
func TestConcurrentRemittancesCollectOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, nil)
		if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: validIBAN}); err != nil {
			t.Fatal(err)
		}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case domain.ErrorCode(err) != domain.CodeConflict:
				t.Errorf("unexpected %v", err)
			}
		}
		rs, err := f.svc.Remittances(ctx, f.admin)
		if won != 1 || err != nil || len(rs) != 1 || rs[0].Debits != 1 {
			t.Fatalf("%d won, remittances %+v, %v", won, rs, err)
		}
		if b := f.balance(t, f.flat); b != 0 {
			t.Errorf("balance %d: the receipt was paid twice", b)
		}
	})
}

// TestMandatesForAdmins: the admins' list has the active mandates, the paused, then the revoked, each in
// the registry's order of their units (not the order they were signed in), with when each stopped being
// active; a debit returned after its mandate was revoked counts on the mandate and keeps the day it ended.
// Another community's admin lists none of them.
func TestMandatesForAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, func(s *domain.SepaSettings) { s.ReturnsToPause = 1 })
		door := domain.NewID() // 1º B, with no receipts
		storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, owner_id, created_at, updated_at) VALUES ($1, $2, '1º B', $3, 0, 0)",
			door, f.admin.CommunityID, f.owner.UserID)
		storetest.Exec(t, db, "UPDATE units SET owner_id = $1 WHERE id = $2", f.owner.UserID, f.other)
		sign := func(svc *Service, unitID string) *domain.Mandate {
			t.Helper()
			m, err := svc.SignMandate(ctx, f.owner, unitID, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		sign(f.svc, door)              // VEC-000001
		sign(f.svc, f.other)           // VEC-000002
		revoked := sign(f.svc, f.flat) // VEC-000003
		if _, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-16"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ReturnDebit(ctx, f.admin, f.receipt(t, f.other).ID, ReturnInput{Reason: "MS02"}); err != nil {
			t.Fatal(err) // paused: the community pauses after one return
		}
		if m, err := f.svc.RevokeMandate(ctx, f.admin, revoked.ID, "El banco la dio de baja"); err != nil || m.EndedAt == nil || *m.EndedAt != sepaNow.UnixMilli() {
			t.Fatalf("revoked %+v, %v", m, err)
		}
		// A day later the bank returns the debit collected under the revoked mandate, and the owner signs anew.
		later := New(db, Options{Now: func() time.Time { return sepaNow.AddDate(0, 0, 1) }})
		if _, err := later.ReturnDebit(ctx, f.admin, f.receipt(t, f.flat).ID, ReturnInput{Reason: "MD01"}); err != nil {
			t.Fatal(err)
		}
		sign(later, f.flat) // VEC-000004

		all, err := f.svc.Mandates(ctx, f.admin)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range all {
			ended := "-"
			if m.EndedAt != nil {
				ended = time.UnixMilli(*m.EndedAt).UTC().Format("01-02")
			}
			got = append(got, fmt.Sprintf("%s %s %s %d/%d %s", m.Reference, m.UnitLabel, m.Status, m.Returns, m.Collections, ended))
		}
		want := []string{"VEC-000004 1º A active 0/0 -", "VEC-000001 1º B active 0/0 -", "VEC-000002 2º A paused 1/1 03-02",
			"VEC-000003 1º A revoked 1/1 03-02"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("the admins' mandates\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		others := storetest.Community(t, db, "Otra Presidenta")
		if ms, err := f.svc.Mandates(ctx, others[0]); err != nil || len(ms) != 0 {
			t.Errorf("another community's admin lists %+v, %v", ms, err)
		}
	})
}
