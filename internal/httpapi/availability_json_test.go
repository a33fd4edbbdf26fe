package httpapi_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"vecinos/internal/httpapi"
)

// The hand-written encoding of a month's calendar writes what encoding/json writes from the fields.
func TestAvailabilityMonthEncodesAsReflection(t *testing.T) {
	days := []httpapi.AvailabilityDay{
		{Date: "2026-03-29", Slots: []httpapi.DaySlot{{Start: "10:00", End: "11:00", Free: 2, Mine: true}, {Start: "23:00", End: "24:00", Past: true}}},
		{Date: "2026-03-30", Closed: true, ClosedReason: `Pintura "anual" <sala> & jardín, día 1\n`, Slots: []httpapi.DaySlot{}},
		{Date: "2026-03-31", Closed: true},
	}
	for _, m := range []httpapi.AvailabilityMonth{
		{FacilityID: "01a2", Month: "2026-03", TimeZone: "Europe/Madrid", Days: days},
		{FacilityID: "01a3", Month: "2026-04", TimeZone: "Atlantic/Canary", Days: []httpapi.AvailabilityDay{}},
		{},
	} {
		type plain httpapi.AvailabilityMonth // the same fields, without the method
		want, err := json.Marshal(plain(m))
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("MarshalJSON:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}
