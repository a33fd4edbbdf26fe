package httpapi

import (
	"net/http"
	"strconv"
	"sync"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// The hand-written encodings of an owner's most read money answers, the statement and 'Mis cuotas': they
// write what huma's encoder (encoding/json without HTML escaping, a final newline) writes from the
// fields, byte for byte, without reflection: ~30–40% less CPU for the encoding of a 5-year statement
// (BenchmarkMoneyJSON; issue #36, docs/adr/0035). TestMoneyAnswersEncodeAsReflection compares the two.

// appendStatementJSON writes the statement as StatementOutputBody, from the service's entries (shared
// with its ledger cache) without copying them into the answer's types first.
func appendStatementJSON(b []byte, st *money.Statement) []byte {
	unit := moneyUnitOf(st.Unit)
	b = unit.appendJSON(append(b, `{"unit":`...))
	b = appendJSONText(append(b, `,"from":`...), st.From)
	b = appendJSONText(append(b, `,"to":`...), st.To)
	b = strconv.AppendInt(append(b, `,"openingCents":`...), st.Opening, 10)
	b = append(b, `,"entries":[`...)
	for i := range st.Entries {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendLedgerEntryJSON(b, &st.Entries[i], st.Balances[i])
	}
	b = strconv.AppendInt(append(b, `],"closingCents":`...), st.Closing, 10)
	return append(b, "}\n"...)
}

// pooledJSON is an answer encoded as it is written, into a buffer that the next answer reuses: a 5-year
// statement's ~30 KB are then no garbage per request (docs/adr/0044, the statement's allocations). It is
// sent with its length, not chunked. Its route documents the schema (returnsJSON).
type pooledJSON struct {
	ContentType string `header:"Content-Type"`
	Body        func(huma.Context)
}

var jsonBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledJSON bounds the buffers kept: a rare huge answer is left to the GC, not held by the pool.
const maxPooledJSON = 1 << 20

// pooledAnswer answers 200 with what encode appends to an empty buffer (encode cannot fail).
func pooledAnswer(encode func([]byte) []byte) *pooledJSON {
	return &pooledJSON{ContentType: "application/json", Body: func(ctx huma.Context) {
		p := jsonBuffers.Get().(*[]byte)
		b := encode((*p)[:0])
		ctx.SetHeader("Content-Length", strconv.Itoa(len(b)))
		ctx.SetStatus(http.StatusOK)
		_, _ = ctx.BodyWriter().Write(b) // a client gone is nothing to report
		if cap(b) <= maxPooledJSON {
			*p = b
			jsonBuffers.Put(p)
		}
	}}
}

func (u *MoneyUnit) appendJSON(b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), u.ID)
	b = appendJSONText(append(b, `,"label":`...), u.Label)
	b = appendJSONStringPtr(append(b, `,"coefficient":`...), u.Coefficient)
	b = appendJSONText(append(b, `,"ownerName":`...), u.OwnerName)
	return append(b, '}')
}

// appendLedgerEntryJSON writes e as LedgerEntry, with the balance after it.
func appendLedgerEntryJSON(b []byte, e *domain.LedgerEntry, balance domain.Cents) []byte {
	b = appendJSONText(append(b, `{"id":`...), e.ID)
	b = appendJSONText(append(b, `,"date":`...), e.Date)
	b = appendJSONText(append(b, `,"kind":`...), string(e.Kind))
	b = strconv.AppendInt(append(b, `,"amountCents":`...), e.Amount, 10)
	b = appendJSONStringPtr(append(b, `,"receiptId":`...), e.ReceiptID)
	b = appendJSONText(append(b, `,"receiptCode":`...), e.ReceiptCode)
	b = appendJSONText(append(b, `,"method":`...), e.Method)
	b = appendJSONText(append(b, `,"reference":`...), e.Reference)
	b = appendJSONText(append(b, `,"note":`...), e.Note)
	b = strconv.AppendInt(append(b, `,"balanceCents":`...), balance, 10)
	return append(b, '}')
}

func (m *MyMoneyOutputBody) appendJSON(b []byte) []byte {
	if b == nil {
		b = make([]byte, 0, 1024+len(m.Receipts)*480)
	}
	b = strconv.AppendInt(append(b, `{"year":`...), int64(m.Year), 10)
	b = appendJSONText(append(b, `,"periodicity":`...), m.Periodicity)
	// The cuotas (one per unit the caller owns, a few at most) through encoding/json.
	b = appendJSONValue(append(b, `,"cuotas":`...), m.Cuotas)
	b = append(b, `,"receipts":`...)
	b = appendJSONArray(b, m.Receipts, (*Receipt).appendJSON)
	return append(b, "}\n"...)
}

func (r *Receipt) appendJSON(b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), r.ID)
	b = appendJSONText(append(b, `,"code":`...), r.Code)
	b = strconv.AppendInt(append(b, `,"year":`...), int64(r.Year), 10)
	b = strconv.AppendInt(append(b, `,"number":`...), int64(r.Number), 10)
	b = appendJSONText(append(b, `,"periodKey":`...), r.PeriodKey)
	b = appendJSONText(append(b, `,"unitId":`...), r.UnitID)
	b = appendJSONText(append(b, `,"unitLabel":`...), r.UnitLabel)
	b = appendJSONText(append(b, `,"ownerName":`...), r.OwnerName)
	b = strconv.AppendInt(append(b, `,"amountCents":`...), r.AmountCents, 10)
	b = strconv.AppendInt(append(b, `,"paidCents":`...), r.PaidCents, 10)
	b = strconv.AppendInt(append(b, `,"compensatedCents":`...), r.CompensatedCents, 10)
	b = appendJSONText(append(b, `,"dueDate":`...), r.DueDate)
	b = appendJSONText(append(b, `,"method":`...), r.Method)
	b = appendJSONText(append(b, `,"status":`...), r.Status)
	b = append(b, `,"lines":`...)
	b = appendJSONArray(b, r.Lines, func(l *ReceiptLine, b []byte) []byte {
		b = appendJSONText(append(b, `{"concept":`...), l.Concept)
		return append(strconv.AppendInt(append(b, `,"amountCents":`...), l.AmountCents, 10), '}')
	})
	if d := r.Debit; d != nil {
		b = appendJSONText(append(b, `,"debit":{"remittanceId":`...), d.RemittanceID)
		b = appendJSONText(append(b, `,"sequenceType":`...), d.SequenceType)
		b = strconv.AppendInt(append(b, `,"collectedCents":`...), d.CollectedCents, 10)
		b = appendJSONText(append(b, `,"collectionDate":`...), d.CollectionDate)
		b = appendJSONStringPtr(append(b, `,"returnedOn":`...), d.ReturnedOn)
		b = appendJSONText(append(b, `,"returnReason":`...), d.ReturnReason)
		b = append(strconv.AppendInt(append(b, `,"returnChargeCents":`...), d.ReturnChargeCents, 10), '}')
	}
	return append(b, '}')
}
