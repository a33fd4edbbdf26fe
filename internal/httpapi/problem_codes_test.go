package httpapi

import (
	"testing"

	"vecinos/internal/domain"
)

// Every code of the Go list has its HTTP status (else a problem would go out with status 0), and the
// OpenAPI enum the web app's translation test reads is that list.
func TestEveryProblemCodeHasAStatusAndIsEnumerated(t *testing.T) {
	enum := map[any]bool{}
	for _, c := range problemCodes() {
		enum[c] = true
	}
	for _, code := range domain.Codes {
		if statusOf[code] == 0 {
			t.Errorf("code %q has no status in statusOf", code)
		}
		if !enum[string(code)] {
			t.Errorf("code %q is not in the OpenAPI enum", code)
		}
	}
	if len(enum) != len(domain.Codes)+1 || !enum[string(codeMethodNotAllowed)] {
		t.Errorf("enum %v: want the domain codes and %s", enum, codeMethodNotAllowed)
	}
}
