package httpapi_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"vecinos/internal/httpapi"
)

// The hand-written encoding of a page of incidents writes what huma's encoder (encoding/json without HTML
// escaping, a final newline) writes from the fields, byte for byte.
func TestIncidentPageEncodesAsReflection(t *testing.T) {
	str := func(s string) *string { return &s }
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	deleted := at.Add(90 * time.Minute)
	texts := []string{
		"", "Fuga de agua #12", "Los vecinos del tercero avisan de que el problema se repite desde hace días",
		`Pintura "anual" <sala> & jardín, día 1\n`, "tab\there\nnew line\r\x00\x1f\x7f", "back\\slash / slash",
		"emoji 💧 and ñ, ü, €", "line\u2028separator\u2029paragraph", "invalid \xff\xfe utf-8 \xc3", "\u00a0nbsp",
	}
	var items []httpapi.Incident
	for i, s := range texts {
		in := httpapi.Incident{ID: "01a2" + s, Title: s, Description: texts[(i+1)%len(texts)], Priority: "low", Status: "open",
			CreatedByName: s, AssignedToName: "Ana", CreatedAt: at.Add(time.Duration(i) * time.Second), UpdatedAt: at, CanEdit: i%2 == 0}
		if i%3 == 0 {
			in.Location, in.CreatedBy, in.AssignedTo, in.ImageURL = str(s), str("u1"), str("u2"), str("/api/v1/files/x?a=1&b=<2>")
		}
		if i%4 == 1 {
			in.DeletedAt = &deleted
			in.UpdatedAt = time.Date(2026, 3, 29, 2, 30, 0, 1, time.FixedZone("CEST", 7200))
		}
		items = append(items, in)
	}
	for _, p := range []httpapi.IncidentPage{
		{Items: items, NextCursor: str("MTc2NDM5MzI5NzEyMzowMWEy")},
		{Items: items[:1]},
		{Items: []httpapi.Incident{}},
		{},
	} {
		type plain httpapi.IncidentPage // the same fields, without the method
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(plain(p)); err != nil {
			t.Fatal(err)
		}
		got, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("MarshalJSON:\n%s\nencoding/json:\n%s", got, want.Bytes())
		}
	}
}
