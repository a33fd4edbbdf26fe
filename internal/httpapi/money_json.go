package httpapi

import "strconv"

// The hand-written encodings of an owner's most read money answers, the statement and 'Mis cuotas': they
// write what huma's encoder (encoding/json without HTML escaping, a final newline) writes from the
// fields, byte for byte, without reflection: ~30–40% less CPU for the encoding of a 5-year statement
// (BenchmarkMoneyJSON; issue #36, docs/adr/0035). TestMoneyAnswersEncodeAsReflection compares the two.

// encodedOutput is an answer already encoded; its route documents the schema (returnsJSON).
type encodedOutput struct {
	ContentType string `header:"Content-Type"`
	Body        []byte
}

func (st *StatementOutputBody) appendJSON(b []byte) []byte {
	if b == nil {
		b = make([]byte, 0, 256+len(st.Entries)*260)
	}
	b = st.Unit.appendJSON(append(b, `{"unit":`...))
	b = appendJSONText(append(b, `,"from":`...), st.From)
	b = appendJSONText(append(b, `,"to":`...), st.To)
	b = strconv.AppendInt(append(b, `,"openingCents":`...), st.OpeningCents, 10)
	b = append(b, `,"entries":`...)
	b = appendJSONArray(b, st.Entries, (*LedgerEntry).appendJSON)
	b = strconv.AppendInt(append(b, `,"closingCents":`...), st.ClosingCents, 10)
	return append(b, "}\n"...)
}

func (u *MoneyUnit) appendJSON(b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), u.ID)
	b = appendJSONText(append(b, `,"label":`...), u.Label)
	b = appendJSONStringPtr(append(b, `,"coefficient":`...), u.Coefficient)
	b = appendJSONText(append(b, `,"ownerName":`...), u.OwnerName)
	return append(b, '}')
}

func (e *LedgerEntry) appendJSON(b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), e.ID)
	b = appendJSONText(append(b, `,"date":`...), e.Date)
	b = appendJSONText(append(b, `,"kind":`...), e.Kind)
	b = strconv.AppendInt(append(b, `,"amountCents":`...), e.AmountCents, 10)
	b = appendJSONStringPtr(append(b, `,"receiptId":`...), e.ReceiptID)
	b = appendJSONText(append(b, `,"receiptCode":`...), e.ReceiptCode)
	b = appendJSONText(append(b, `,"method":`...), e.Method)
	b = appendJSONText(append(b, `,"reference":`...), e.Reference)
	b = appendJSONText(append(b, `,"note":`...), e.Note)
	b = strconv.AppendInt(append(b, `,"balanceCents":`...), e.BalanceCents, 10)
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
