package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"vecinos/internal/domain"
)

// The catalogues of every feature are registered by the packages app imports, so the tests that hold
// them against the sources run here, over the merged catalogue (docs/adr/0039-feature-catalogues.md).

// TestEveryErrorHasItsTranslations reads the Go sources of the server and requires a translation of the
// format of every Errorf in some feature's catalogue, and a use of every translation.
func TestEveryErrorHasItsTranslations(t *testing.T) {
	translations, owners := domain.Messages()
	used := map[string]bool{}
	for format, at := range errorfFormats(t) {
		used[format] = true
		if _, ok := translations[format]; !ok {
			t.Errorf("%s: %q has no translation in a catalogue (translations.go of the feature)", at, format)
		}
	}
	for format := range translations {
		if !used[format] {
			t.Errorf("%s/translations.go: %q is no longer the format of an Errorf", owners[format], format)
		}
	}
}

// TestTranslationsKeepTheVerbs requires each translation to take the same arguments in the same order.
func TestTranslationsKeepTheVerbs(t *testing.T) {
	translations, owners := domain.Messages()
	for es, tr := range translations {
		for lang, f := range map[domain.Language]string{domain.Catalan: tr.Ca, domain.English: tr.En} {
			if strings.TrimSpace(f) == "" {
				t.Errorf("%s: %q has no %s translation", owners[es], es, lang)
			} else if !slices.Equal(verbs(f), verbs(es)) {
				t.Errorf("%s: %q: its %s translation %q has the verbs %v instead of %v", owners[es], es, lang, f, verbs(f), verbs(es))
			}
		}
	}
}

func TestErrorIn(t *testing.T) {
	e := domain.Errorf(domain.CodeConflict, "Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para abrir una votación de junta",
		domain.CoefficientText(995000))
	for lang, want := range map[domain.Language]string{
		domain.Spanish: "Los coeficientes de las viviendas suman 99,5 %: deben sumar 100 % para abrir una votación de junta",
		domain.Catalan: "Els coeficients dels habitatges sumen 99,5 %: han de sumar 100 % per obrir una votació de junta",
		domain.English: "The units' shares add up to 99.5%: they must add up to 100% to open an owners' meeting vote",
	} {
		if got := e.In(lang); got != want {
			t.Errorf("In(%s) = %q, want %q", lang, got, want)
		}
	}
	if e.Message != e.In(domain.Spanish) {
		t.Errorf("Message %q differs from In(Spanish) %q", e.Message, e.In(domain.Spanish))
	}
	hand := &domain.Error{Code: domain.CodeInvalid, Message: "Sin formato"}
	if got := hand.In(domain.English); got != "Sin formato" {
		t.Errorf("an Error without a format in English = %q, want its Message", got)
	}
	if got := domain.ErrorMessageIn(fs.ErrNotExist, domain.Catalan); got != "S'ha produït un error inesperat" {
		t.Errorf("ErrorMessageIn(not a domain error, ca) = %q", got)
	}
}

var verbRE = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?(\*|\d+)?(\.(\*|\d+))?[a-zA-Z%]`)

// verbs are the verbs of format, %% included (a translation keeps a literal percent sign too).
func verbs(format string) []string { return verbRE.FindAllString(format, -1) }

// errorfFormats finds every call of Errorf in the non-test Go files of internal/ and cmd/, by format,
// with where one is. A format must be a string constant written in the call; a Spanish message passed
// as an argument ("%s") could not be translated, nor could an Error written as a literal.
func errorfFormats(t *testing.T) map[string]string {
	root := filepath.Join("..", "..")
	domainDir, err := filepath.Abs(filepath.Join(root, "internal", "domain"))
	if err != nil {
		t.Fatal(err)
	}
	formats := map[string]string{}
	fset := token.NewFileSet()
	for _, dir := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			abs, err := filepath.Abs(filepath.Dir(path))
			if err != nil {
				return err
			}
			inDomain := abs == domainDir
			pkg := domainImportName(f)
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					if isDomainName(n.Type, "Error", inDomain, pkg) && !(inDomain && filepath.Base(path) == "errors.go") {
						t.Errorf("%s: a domain.Error literal has no translations: build it with Errorf", fset.Position(n.Pos()))
					}
				case *ast.CallExpr:
					if !isDomainName(n.Fun, "Errorf", inDomain, pkg) || len(n.Args) < 2 {
						return true
					}
					at := fset.Position(n.Args[1].Pos()).String()
					format, ok := constantString(n.Args[1])
					switch {
					case !ok:
						t.Errorf("%s: the format of Errorf is not a string constant: it cannot be translated", at)
					case !strings.ContainsFunc(verbRE.ReplaceAllString(format, ""), unicode.IsLetter):
						t.Errorf("%s: the format %q has no words to translate: give the message its own Errorf", at, format)
					default:
						formats[format] = at
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(formats) < 100 {
		t.Fatalf("found only %d formats of Errorf: is the walk reading the sources?", len(formats))
	}
	return formats
}

// domainImportName is the name the file gives the domain package, or "" when it does not import it.
func domainImportName(f *ast.File) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "vecinos/internal/domain" {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return "domain"
		}
	}
	return ""
}

// isDomainName reports whether e names the domain package's name: bare inside the package, qualified
// outside.
func isDomainName(e ast.Expr, name string, inDomain bool, pkg string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return inDomain && e.Name == name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && pkg != "" && x.Name == pkg && e.Sel.Name == name
	}
	return false
}

// constantString is the value of a string literal, or of literals joined with +.
func constantString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.ParenExpr:
		return constantString(e.X)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, okX := constantString(e.X)
		y, okY := constantString(e.Y)
		return x + y, okX && okY
	}
	return "", false
}
