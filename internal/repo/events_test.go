package repo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEventsAreDocumented: every security event type a package declares
// (a string constant named Event..., or an account-security event, of
// type AccountEvent) is named in docs/security-events.md, and no event is
// raised under a type written as a string literal (Call.Emit's second
// argument, Call.EmitCommitted's first), so that the page lists them all.
func TestEventsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "security-events.md"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i >= len(n.Values) || !isEventConst(name.Name, n.Type) {
						continue
					}
					lit, ok := n.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, _ := strconv.Unquote(lit.Value)
					found++
					if !strings.Contains(string(doc), "`"+v+"`") {
						t.Errorf("%s: event %s (%q) is not in docs/security-events.md", rel, name.Name, v)
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				arg := -1
				switch sel.Sel.Name {
				case "Emit":
					arg = 1
				case "EmitCommitted":
					arg = 0
				}
				if arg >= 0 && arg < len(n.Args) {
					if lit, ok := n.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						t.Errorf("%s: an event raised as %s: declare it as a constant and document it", rel, lit.Value)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 20 {
		t.Fatalf("found %d event constants: the walk is broken", found)
	}
}

// isEventConst reports whether a constant declares an event type: named
// Event..., or of type AccountEvent (auth.AccountEvent).
func isEventConst(name string, typ ast.Expr) bool {
	switch t := typ.(type) {
	case *ast.Ident:
		return t.Name == "AccountEvent"
	case *ast.SelectorExpr:
		return t.Sel.Name == "AccountEvent"
	}
	return strings.HasPrefix(name, "Event") && typ == nil
}
