package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"vecinos/internal/domain"
)

// Each feature registers the audit actions it records (domain.RegisterAuditActions, from init) and the
// web labels them in that feature's folder (web/src/features/<name>/audit-actions.ts); app links every
// feature, so the merged lists are checked here (docs/adr/0039-feature-catalogues.md).

// TestEveryAuditConstantIsRegistered: each Audit… string constant of internal/ is a registered action,
// registered by the package that declares it, so the audit's filter accepts every action recorded.
func TestEveryAuditConstantIsRegistered(t *testing.T) {
	_, owners := domain.AuditActions()
	declared := map[string]bool{}
	root := filepath.Join("..", "..", "internal")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		pkg := file.Name.Name
		ast.Inspect(file, func(n ast.Node) bool {
			v, ok := n.(*ast.ValueSpec)
			if !ok || len(v.Names) != 1 || len(v.Values) != 1 || !strings.HasPrefix(v.Names[0].Name, "Audit") {
				return true
			}
			lit, ok := v.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			action, _ := strconv.Unquote(lit.Value)
			declared[action] = true
			if owner, ok := owners[action]; !ok {
				t.Errorf("%s: %s (%q) is not registered: domain.RegisterAuditActions in the package's init", path, v.Names[0].Name, action)
			} else if owner != pkg {
				t.Errorf("%s: %q is registered by %s, not by %s, which declares it", path, action, owner, pkg)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for action, owner := range owners {
		if !declared[action] {
			t.Errorf("%s registers %q, which no Audit… constant of internal/ declares", owner, action)
		}
	}
}

// TestWebLabelsEveryAuditAction: the web's features declare, with a label, exactly the actions the
// server registers, so the filter offers every one and the screen names every record (the web's tests
// check that each label exists in es, ca and en).
func TestWebLabelsEveryAuditAction(t *testing.T) {
	actions, _ := domain.AuditActions()
	files, err := filepath.Glob(filepath.Join("..", "..", "web", "src", "features", "*", "audit-actions.ts"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no web/src/features/*/audit-actions.ts (%v)", err)
	}
	entry := regexp.MustCompile(`(?m)^\s*'([^']+)':\s*'[^']+',?\s*$`)
	web := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range entry.FindAllStringSubmatch(string(src), -1) {
			if other, ok := web[m[1]]; ok {
				t.Errorf("%q is declared in both %s and %s", m[1], other, f)
			}
			web[m[1]] = f
		}
	}
	for _, a := range actions {
		if _, ok := web[a]; !ok {
			t.Errorf("the server records %q, which no web/src/features/*/audit-actions.ts labels", a)
		}
	}
	for a, f := range web {
		if !slices.Contains(actions, a) {
			t.Errorf("%s labels %q, which no server package registers", f, a)
		}
	}
}
