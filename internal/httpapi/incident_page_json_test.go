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

// A page of 20 incidents as the list case of the load command reads them: huma's encoder against the
// hand-written one (`go test -run XXX -bench IncidentPageJSON ./internal/httpapi`).
func BenchmarkIncidentPageJSON(b *testing.B) {
	str := func(s string) *string { return &s }
	at := time.Date(2026, 11, 29, 5, 14, 57, 123_000_000, time.UTC)
	p := httpapi.IncidentPage{NextCursor: str("MTc2NDM5MzI5NzEyMzowMWEy")}
	for i := range 20 {
		p.Items = append(p.Items, httpapi.Incident{ID: "01a225bf-fa16-7373-85b5-4eb2c2c6cd2a", Title: "Puerta del garaje atascada #19982",
			Description: "Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo revise el conserje o una " +
				"empresa de mantenimiento cuanto antes, por favor. Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo rev",
			Priority: "medium", Status: "open", CreatedBy: str("01a225bf-fa16-7373-85b5-4eb2c2c6cd2b"), CreatedByName: "Miembro 12",
			AssignedTo: str("01a225bf-fa16-7373-85b5-4eb2c2c6cd2c"), AssignedToName: "Miembro 13", CreatedAt: at.Add(time.Duration(i) * time.Second), UpdatedAt: at})
	}
	b.Run("encoding_json", func(b *testing.B) {
		type plain httpapi.IncidentPage
		for b.Loop() {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(plain(p)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("hand_written", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
