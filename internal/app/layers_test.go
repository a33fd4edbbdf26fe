package app

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImportsPointOneWay holds the layers of docs/ARCHITECTURE.md: cmd → app → httpapi → services →
// domain, with the store reached only through each service's Store interface (ADR 0047). A package that
// imports past its layer fails here with the file that does it.
func TestImportsPointOneWay(t *testing.T) {
	// Who may import each guarded package (non-test code). The store is one type, *store.DB, which only
	// the wiring and the tools that build a database by hand (backup, demo, loadseed) name; a service
	// declares the methods it uses as its own Store interface.
	allowed := map[string][]string{
		"vecinos/internal/store":   {"cmd/vecinos", "cmd/vecinos-loadtest", "internal/app", "internal/backup", "internal/demo", "internal/loadseed", "internal/store/storetest"},
		"vecinos/internal/httpapi": {"cmd/vecinos", "internal/app"},
		"vecinos/internal/app":     {"cmd/vecinos"},
	}
	imports := moduleImports(t)
	for dir, imps := range imports {
		for _, imp := range imps {
			if who, guarded := allowed[imp.path]; guarded && !slices.Contains(who, dir) {
				t.Errorf("%s imports %s: only %v may (docs/ARCHITECTURE.md)", imp.file, imp.path, who)
			}
			if dir == "internal/domain" && strings.HasPrefix(imp.path, "vecinos/") {
				t.Errorf("%s imports %s: the domain imports no other package of Vecinos", imp.file, imp.path)
			}
			if dir == "internal/store" && strings.HasPrefix(imp.path, "vecinos/") && !slices.Contains(storeMayImport, imp.path) {
				t.Errorf("%s imports %s: the store knows only the domain (and %v)", imp.file, imp.path, storeMayImport[1:])
			}
			if slices.Contains(storeMayImport[1:], "vecinos/"+dir) && strings.HasPrefix(imp.path, "vecinos/") {
				t.Errorf("%s imports %s: a library the store uses imports no package of Vecinos", imp.file, imp.path)
			}
		}
	}
	if len(imports["internal/money"]) == 0 || len(imports["internal/store"]) == 0 {
		t.Fatalf("read %d packages and no imports of money or store: is the walk reading the sources?", len(imports))
	}
}

// storeMayImport are the packages of Vecinos the store imports: the domain, and libraries that import no
// package of Vecinos themselves (groupcommit batches the store's grouped incident reports and a service's
// bookings alike, ADR 0058).
var storeMayImport = []string{"vecinos/internal/domain", "vecinos/internal/groupcommit"}

type importOf struct{ file, path string }

// moduleImports reads the imports of every non-test Go file under cmd/ and internal/, by directory.
func moduleImports(t *testing.T) map[string][]importOf {
	t.Helper()
	root := filepath.Join("..", "..")
	out := map[string][]importOf{}
	fset := token.NewFileSet()
	for _, top := range []string{"cmd", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			dir := filepath.ToSlash(filepath.Dir(rel))
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				out[dir] = append(out[dir], importOf{filepath.ToSlash(rel), p})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
