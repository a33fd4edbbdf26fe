package money

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"vecinos/internal/domain"
)

// TestEveryAuditActionCanBeFiltered: each Audit… constant of this package is in domain.AuditActions, the
// list the audit's filter offers, and that list has no money action this package does not record.
func TestEveryAuditActionCanBeFiltered(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if v, ok := n.(*ast.ValueSpec); ok && len(v.Names) == 1 && strings.HasPrefix(v.Names[0].Name, "Audit") && len(v.Values) == 1 {
				if lit, ok := v.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					ours[s] = true
				}
			}
			return true
		})
	}
	for a := range ours {
		if !slices.Contains(domain.AuditActions, a) {
			t.Errorf("%s is not in domain.AuditActions: the audit's filter cannot find it", a)
		}
	}
	for _, a := range domain.AuditActions {
		if strings.HasPrefix(a, "money.") && !ours[a] {
			t.Errorf("domain.AuditActions lists %s, which internal/money does not record", a)
		}
	}
}
