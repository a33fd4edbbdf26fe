package mail

import (
	"reflect"
	"testing"
)

func TestLinks(t *testing.T) {
	tests := []struct {
		text string
		want []TextPart
	}{
		{"", nil},
		{"sin enlaces", []TextPart{{Text: "sin enlaces"}}},
		{
			"Entra en https://vecinos.example/confirmar?token=a-b_c.\nO en http://localhost:8080/x (copia).",
			[]TextPart{
				{Text: "Entra en "}, {Text: "https://vecinos.example/confirmar?token=a-b_c", Link: true},
				{Text: ".\nO en "}, {Text: "http://localhost:8080/x", Link: true}, {Text: " (copia)."},
			},
		},
		{"http://a.example/b", []TextPart{{Text: "http://a.example/b", Link: true}}},
	}
	for _, tt := range tests {
		if got := SplitLinks(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitLinks(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}
