package httpapi

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// The hand-written encodings of the statement and 'Mis cuotas' write what huma's encoder (encoding/json
// without HTML escaping, a final newline) writes from the fields, byte for byte, whatever the texts hold.
func TestMoneyAnswersEncodeAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	texts := jsonTestTexts
	text := func(i int) string { return texts[i%len(texts)] }
	var entries []domain.LedgerEntry
	var balances []int64
	var receipts []Receipt
	for i := range len(texts) * 2 {
		e := domain.LedgerEntry{ID: "e" + text(i), Date: "2025-01-0" + text(i+1), Kind: domain.LedgerKind(text(i + 7)), Amount: int64(-1000 * i),
			ReceiptCode: text(i + 2), Method: text(i + 3), Reference: text(i + 4), Note: text(i + 5)}
		if i%2 == 0 {
			e.ReceiptID = str(text(i + 6))
		}
		entries, balances = append(entries, e), append(balances, int64(500*i-3000))
		r := Receipt{ID: "r" + text(i), Code: "2025/" + text(i), Year: 2025, Number: i + 1, PeriodKey: "2025-0" + text(i+1), UnitID: text(i + 2),
			UnitLabel: text(i + 3), OwnerName: text(i + 4), AmountCents: 4029, PaidCents: int64(i), CompensatedCents: int64(i / 2), DueDate: text(i + 5),
			Method: "transfer", Status: "partial"}
		switch i % 3 {
		case 0:
			r.Lines = []ReceiptLine{{Concept: text(i), AmountCents: 3000}, {Concept: text(i + 7), AmountCents: -1}}
		case 1:
			r.Lines = []ReceiptLine{}
		}
		if i%4 == 1 {
			r.Debit = &ReceiptDebit{RemittanceID: text(i), SequenceType: "RCUR", CollectedCents: 4029, CollectionDate: text(i + 1), ReturnReason: text(i + 2),
				ReturnChargeCents: 350}
			if i%8 == 1 {
				r.Debit.ReturnedOn = str(text(i + 3))
			}
		}
		receipts = append(receipts, r)
	}
	unit := MoneyUnit{ID: "u1", Label: texts[2], Coefficient: str("12,5000"), OwnerName: texts[6]}
	cuotas := []UnitCuota{{Unit: unit, AnnualCents: 120000, Periods: []int64{10000, 10000}, Lines: []CuotaLine{{Concept: texts[3], GroupName: texts[5],
		Weight: 125000, GroupSum: 1000000, LineCents: 960000, AnnualCents: 120000, Periods: []int64{10000}}}}, {Unit: MoneyUnit{ID: "u2"}}}
	encode := func(v any) []byte { return reflectionJSON(t, v) }
	coefficient := int64(125000)
	for _, st := range []money.Statement{
		{Unit: domain.MoneyUnit{ID: "u1", Label: texts[2], Coefficient: &coefficient, OwnerName: texts[6]}, From: "2021-01-01", To: texts[3],
			Opening: -5, Entries: entries, Balances: balances, Closing: 12345},
		{Entries: []domain.LedgerEntry{}},
	} {
		if got, want := appendStatementJSON(nil, &st), encode(statementBody(&st)); !bytes.Equal(got, want) {
			t.Errorf("statement:\n%s\nencoding/json:\n%s", got, want)
		}
	}
	for _, m := range []MyMoneyOutputBody{
		{Year: 2025, Periodicity: "monthly", Cuotas: cuotas, Receipts: receipts},
		{Year: 2026, Periodicity: texts[7], Cuotas: []UnitCuota{}, Receipts: []Receipt{}},
		{},
	} {
		if got, want := m.appendJSON(nil), encode(m); !bytes.Equal(got, want) {
			t.Errorf("my money:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}

// The statement of the load command (5 years of monthly receipts, each paid: 120 entries) and 'Mis cuotas'
// with its 60 receipts: huma's encoder against the hand-written one (`go test -run XXX -bench MoneyJSON
// ./internal/httpapi`).
func BenchmarkMoneyJSON(b *testing.B) {
	id := "01a225bf-fa16-7373-85b5-4eb2c2c6cd2a"
	st := money.Statement{Unit: domain.MoneyUnit{ID: id, Label: "Piso 1", OwnerName: "Miembro 1"}, From: "2021-01-01", To: "2026-11-29"}
	m := MyMoneyOutputBody{Year: 2026, Periodicity: "monthly", Cuotas: []UnitCuota{}}
	for i := range 60 {
		code := "2025/" + strconv.Itoa(i+1)
		st.Entries = append(st.Entries,
			domain.LedgerEntry{ID: id, Date: "2025-01-01", Kind: domain.LedgerReceipt, Amount: 40290, ReceiptID: &id, ReceiptCode: code},
			domain.LedgerEntry{ID: id, Date: "2025-01-05", Kind: domain.LedgerPayment, Amount: -40290, ReceiptID: &id, ReceiptCode: code, Method: "transfer"})
		st.Balances = append(st.Balances, 40290, 0)
		m.Receipts = append(m.Receipts, Receipt{ID: id, Code: code, Year: 2025, Number: i + 1, PeriodKey: "2025-01", UnitID: id, UnitLabel: "Piso 1",
			OwnerName: "Miembro 1", AmountCents: 40290, PaidCents: 40290, DueDate: "2025-01-05", Method: "transfer", Status: "paid",
			Lines: []ReceiptLine{{Concept: "Limpieza", AmountCents: 30000}, {Concept: "Ascensor", AmountCents: 10290}}})
	}
	for _, c := range []struct {
		name   string
		body   any
		byHand func([]byte) []byte
	}{
		{"statement", statementBody(&st), func(b []byte) []byte { return appendStatementJSON(b, &st) }},
		{"my_money", &m, m.appendJSON},
	} {
		b.Run(c.name+"/encoding_json", func(b *testing.B) {
			for b.Loop() {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(c.body); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/by_hand", func(b *testing.B) {
			var buf []byte // reused, as the answers' pooled buffers are
			for b.Loop() {
				buf = c.byHand(buf[:0])
			}
		})
	}
}

// statementBody is the statement in the answer's types, for encoding/json.
func statementBody(st *money.Statement) StatementOutputBody {
	body := StatementOutputBody{Unit: moneyUnitOf(st.Unit), From: st.From, To: st.To, OpeningCents: st.Opening, ClosingCents: st.Closing,
		Entries: make([]LedgerEntry, 0, len(st.Entries))}
	for i := range st.Entries {
		body.Entries = append(body.Entries, entryOf(&st.Entries[i], st.Balances[i]))
	}
	return body
}
