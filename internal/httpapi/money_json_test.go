package httpapi

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
)

// The hand-written encodings of the statement and 'Mis cuotas' write what huma's encoder (encoding/json
// without HTML escaping, a final newline) writes from the fields, byte for byte, whatever the texts hold.
func TestMoneyAnswersEncodeAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	texts := jsonTestTexts
	text := func(i int) string { return texts[i%len(texts)] }
	var entries []LedgerEntry
	var receipts []Receipt
	for i := range len(texts) * 2 {
		e := LedgerEntry{ID: "e" + text(i), Date: "2025-01-0" + text(i+1), Kind: "payment", AmountCents: int64(-1000 * i), ReceiptCode: text(i + 2),
			Method: text(i + 3), Reference: text(i + 4), Note: text(i + 5), BalanceCents: int64(500*i - 3000)}
		if i%2 == 0 {
			e.ReceiptID = str(text(i + 6))
		}
		entries = append(entries, e)
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
	for _, st := range []StatementOutputBody{
		{Unit: unit, From: "2021-01-01", To: texts[3], OpeningCents: -5, Entries: entries, ClosingCents: 12345},
		{Unit: MoneyUnit{}, Entries: []LedgerEntry{}},
		{},
	} {
		if got, want := st.appendJSON(nil), encode(st); !bytes.Equal(got, want) {
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
	st := StatementOutputBody{Unit: MoneyUnit{ID: id, Label: "Piso 1", OwnerName: "Miembro 1"}, From: "2021-01-01", To: "2026-11-29"}
	m := MyMoneyOutputBody{Year: 2026, Periodicity: "monthly", Cuotas: []UnitCuota{}}
	for i := range 60 {
		code := "2025/" + strconv.Itoa(i+1)
		st.Entries = append(st.Entries,
			LedgerEntry{ID: id, Date: "2025-01-01", Kind: "receipt", AmountCents: 40290, ReceiptID: &id, ReceiptCode: code, BalanceCents: 40290},
			LedgerEntry{ID: id, Date: "2025-01-05", Kind: "payment", AmountCents: -40290, ReceiptID: &id, ReceiptCode: code, Method: "transfer"})
		m.Receipts = append(m.Receipts, Receipt{ID: id, Code: code, Year: 2025, Number: i + 1, PeriodKey: "2025-01", UnitID: id, UnitLabel: "Piso 1",
			OwnerName: "Miembro 1", AmountCents: 40290, PaidCents: 40290, DueDate: "2025-01-05", Method: "transfer", Status: "paid",
			Lines: []ReceiptLine{{Concept: "Limpieza", AmountCents: 30000}, {Concept: "Ascensor", AmountCents: 10290}}})
	}
	for name, v := range map[string]interface{ appendJSON([]byte) []byte }{"statement": &st, "my_money": &m} {
		b.Run(name+"/encoding_json", func(b *testing.B) {
			for b.Loop() {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/by_hand", func(b *testing.B) {
			for b.Loop() {
				_ = v.appendJSON(nil)
			}
		})
	}
}
