package money

import (
	"context"
	"os"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func pain002Sample(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/pain.002.001.03-sample.xml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pain002With is a status report of one transaction per code, each with that status.
func pain002With(namespace string, txs ...[2]string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Document xmlns="` + namespace + `"><CstmrPmtStsRpt>`)
	b.WriteString(`<GrpHdr><MsgId>X</MsgId><CreDtTm>2026-03-20T09:00:00</CreDtTm></GrpHdr>`)
	b.WriteString(`<OrgnlGrpInfAndSts><OrgnlMsgId>VEC-REM-000001-20260302</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>`)
	b.WriteString(`<OrgnlPmtInfAndSts><OrgnlPmtInfId>P</OrgnlPmtInfId>`)
	for _, tx := range txs {
		b.WriteString(`<TxInfAndSts><OrgnlEndToEndId>` + tx[0] + `</OrgnlEndToEndId><TxSts>` + tx[1] +
			`</TxSts><StsRsnInf><Rsn><Cd>MS02</Cd></Rsn></StsRsnInf></TxInfAndSts>`)
	}
	b.WriteString(`</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`)
	return b.String()
}

// TestParsePain002 reads the sample report: the rejected debit with its reason and charge, the settled
// one skipped; wrong files get their Spanish error.
func TestParsePain002(t *testing.T) {
	rows, err := ParsePain002(pain002Sample(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].code != "2026/000001" || rows[0].in.Reason != "AM04" || rows[0].in.Charge != 250 || rows[0].op != 1 {
		t.Fatalf("rows %+v", rows)
	}
	// The 2023 rulebook's version (001.10) and the latest (001.14) read the same; 001.02 is refused by name.
	for _, version := range []string{"pain.002.001.10", "pain.002.001.14"} {
		later, err := ParsePain002(strings.Replace(pain002Sample(t), "pain.002.001.03", version, 1))
		if err != nil || len(later) != 1 || later[0] != rows[0] {
			t.Errorf("%s: rows %+v, err %v", version, later, err)
		}
	}
	for _, c := range []struct{ file, message string }{
		{pain002With("urn:iso:std:iso:20022:tech:xsd:pain.002.001.02", [2]string{"2026/000001", "RJCT"}),
			"El informe es un pain.002.001.02, una versión antigua: pide al banco el informe de estado pain.002.001.03 o posterior"},
		{"<html><body>hola</body></html>", "El archivo no es un informe de estado pain.002 del banco ni un CSV de números de recibo"},
		{"<Document", "El archivo no es un informe de estado pain.002 del banco ni un CSV de números de recibo"},
		{pain002With(Pain002Namespace, [2]string{"2026/000001", "RJCT"}) + "<más/>",
			"El archivo no es un informe de estado pain.002 del banco ni un CSV de números de recibo"},
		{pain002With("urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"),
			"El archivo es un pain.008.001.02: importa el informe de estado pain.002 que envía el banco"},
		{pain002With(Pain002Namespace, [2]string{"2026/000001", "ACSC"}), "El informe del banco no trae ningún recibo devuelto o rechazado"},
		{pain002With(Pain002Namespace, [2]string{"2026/000001", "ACSC"}, [2]string{"NOTPROVIDED", "RJCT"}),
			"Operación 2 del informe: «NOTPROVIDED» no es un número de recibo de esta comunidad, como 2027/000012"},
		{strings.Replace(pain002Sample(t), ">2.50<", ">2,50<", 1), "Operación 1 del informe: los gastos «2,50» no son un importe en euros"},
		{strings.Replace(pain002Sample(t), ">2.50<", ">250.00<", 1), "Operación 1 del informe: Los gastos de la devolución no pueden superar 100,00 €"},
	} {
		_, err := ParsePain002(c.file)
		wantError(t, err, domain.CodeInvalid, c.message)
	}
}

// TestImportPain002: the bank's status report returns the receipts it rejects through the import's
// all-or-nothing path: a report naming a receipt that does not exist returns none; the good one posts
// the return and the charge and pauses the mandate.
func TestImportPain002(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, func(s *domain.SepaSettings) { s.ReturnsToPause = 1 })
		if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: validIBAN}); err != nil {
			t.Fatal(err)
		}
		rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-04-01"})
		if err != nil {
			t.Fatal(err)
		}
		code := (&rem.Receipts[0]).Code()
		file, _, err := f.svc.RemittanceFile(ctx, f.admin, rem.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.ImportReturns(ctx, f.admin, string(file))
		wantError(t, err, domain.CodeInvalid, "El archivo es un pain.008.001.02: importa el informe de estado pain.002 que envía el banco")
		_, err = f.svc.ImportReturns(ctx, f.admin, pain002With(Pain002Namespace, [2]string{code, "RJCT"}, [2]string{"2026/999999", "RJCT"}))
		wantError(t, err, domain.CodeInvalid, "Operación 2 del informe: el recibo 2026/999999 no existe")
		if r := f.receipt(t, f.flat); r.Debit.ReturnedOn != nil {
			t.Fatal("a refused report returned a receipt")
		}
		other := f.receipt(t, f.other)
		_, err = f.svc.ImportReturns(ctx, f.admin, pain002With(Pain002Namespace, [2]string{other.Code(), "RJCT"}))
		wantError(t, err, domain.CodeConflict, "Operación 1 del informe: El recibo "+other.Code()+" no se ha cobrado por domiciliación: no se puede devolver")

		out, err := f.svc.ImportReturns(ctx, f.admin, strings.Replace(pain002Sample(t), ">2026/000001<", ">"+code+"<", 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(out) != 1 || out[0].ID != rem.Receipts[0].ID || out[0].Debit.ReturnReason != "AM04" || out[0].Debit.ReturnCharge != 250 ||
			out[0].Status != domain.ReceiptPending {
			t.Fatalf("import %+v", out)
		}
		if b := f.balance(t, f.flat); b != rem.Total+250 {
			t.Errorf("balance %d, want %d", b, rem.Total+250)
		}
		mine, _ := f.svc.MyMandates(ctx, f.owner)
		if mine.Mandates[0].Status != domain.MandatePaused {
			t.Errorf("mandate %+v after its return", mine.Mandates[0])
		}
		// The same report again: the receipt is already returned, and nothing changes.
		_, err = f.svc.ImportReturns(ctx, f.admin, strings.Replace(pain002Sample(t), ">2026/000001<", ">"+code+"<", 1))
		wantError(t, err, domain.CodeConflict, "Operación 1 del informe: El recibo "+code+" ya está devuelto")
	})
}

// FuzzParsePain002: any text either is refused with a Spanish error of the import, or gives returns whose
// codes are receipt numbers and whose reason and charge pass the same checks as a return typed in.
func FuzzParsePain002(f *testing.F) {
	f.Add(pain002Sample(f))
	f.Add(pain002With(Pain002Namespace, [2]string{"2026/000001", "RJCT"}, [2]string{"2026/000002", "ACCP"}))
	f.Add(pain002With("urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"))
	f.Add(`<?xml version="1.0" encoding="ISO-8859-1"?><Document xmlns="` + Pain002Namespace + `"/>`)
	f.Add("<Document")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := ParsePain002(text)
		if err != nil {
			if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) == "" {
				t.Fatalf("error %v", err)
			}
			return
		}
		if len(rows) == 0 {
			t.Fatal("no rows and no error")
		}
		for _, r := range rows {
			in := r.in
			if !receiptCodeRE.MatchString(r.code) || in.check() != nil || in != r.in || r.op < 1 {
				t.Fatalf("row %+v", r)
			}
		}
	})
}

// TestMandatePausedNotifiesTheOwner: the return that pauses a mandate queues, in its transaction, one
// email (in the owner's language) and one push to the unit's owner; a refused import queues nothing.
func TestMandatePausedNotifiesTheOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		storetest.Exec(t, db, "UPDATE users SET language = 'ca' WHERE id = $1", f.owner.UserID)
		storetest.Exec(t, db, `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
			VALUES ($1, $2, 'https://push.example/1', 'k', 'a', 0)`, domain.NewID(), f.owner.UserID)
		f.settings(t, func(s *domain.SepaSettings) { s.ReturnsToPause = 1 })
		if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar", IBAN: validIBAN}); err != nil {
			t.Fatal(err)
		}
		rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-04-01"})
		if err != nil {
			t.Fatal(err)
		}
		code := (&rem.Receipts[0]).Code()
		queued := func() (mails, pushes []string) {
			for _, r := range storetest.Rows(t, db, `SELECT kind, subject, text_body FROM mail_outbox WHERE subject NOT LIKE 'Nuevo recibo%'
				ORDER BY created_at, id`) {
				if r[0] == "push" {
					pushes = append(pushes, r[1]+" "+r[2])
				} else {
					mails = append(mails, r[1]+"\n"+r[2])
				}
			}
			return mails, pushes
		}
		_, err = f.svc.ImportReturns(ctx, f.admin, pain002With(Pain002Namespace, [2]string{code, "RJCT"}, [2]string{"2026/999999", "RJCT"}))
		wantError(t, err, domain.CodeInvalid, "Operación 2 del informe: el recibo 2026/999999 no existe")
		if mails, pushes := queued(); len(mails)+len(pushes) != 0 {
			t.Fatalf("a refused import queued %q %q", mails, pushes)
		}
		if _, err := f.svc.ImportReturns(ctx, f.admin, pain002With(Pain002Namespace, [2]string{code, "RJCT"})); err != nil {
			t.Fatal(err)
		}
		mails, pushes := queued()
		if len(mails) != 1 || !strings.HasPrefix(mails[0], "La teva domiciliació de 1º A està en pausa\n") ||
			!strings.Contains(mails[0], "VEC-000001") || !strings.Contains(mails[0], "02/03/2026") {
			t.Errorf("mails %q", mails)
		}
		if len(pushes) != 1 || !strings.Contains(pushes[0], "Domiciliació en pausa") || !strings.Contains(pushes[0], "/my-fees") {
			t.Errorf("pushes %q", pushes)
		}
	})
}
