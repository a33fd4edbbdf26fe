package domain

import "testing"

func TestValidNIF(t *testing.T) {
	for s, want := range map[string]bool{
		"B12345674": true, "A58818501": true, "B1234567J": false, "12345678Z": true, "12345678A": false,
		"X1234567L": true, "Y1234567X": true, "Q2826000H": true, "B1234567": false, "": false, "Z12345678": false,
	} {
		if got := ValidNIF(NormalizeNIF(s)); got != want {
			t.Errorf("ValidNIF(%q) = %v, want %v", s, got, want)
		}
	}
	if NormalizeNIF(" b-12.345 674") != "B12345674" {
		t.Error("NormalizeNIF")
	}
}
