package lookup

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRepoRules enforces the house rules on this module's own files: only
// the standard library and this module are imported, production code does
// not import testing (package lookuptest may, for testing.TB, as
// net/http/httptest does), and each package has one package doc, in doc.go.
func TestRepoRules(t *testing.T) {
	if mod, err := os.ReadFile("go.mod"); err != nil || strings.Contains(string(mod), "require") {
		t.Errorf("go.mod requires modules (%v), want the standard library only", err)
	}
	docs := map[string][]string{} // directory → files with a package doc
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == "testdata" {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		if f.Doc != nil {
			docs[dir] = append(docs[dir], filepath.Base(path))
		} else if _, ok := docs[dir]; !ok {
			docs[dir] = nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			if strings.Contains(first, ".") && !strings.HasPrefix(p, "github.com/sesame-go/sesame/lookup") {
				t.Errorf("%s imports %s, outside the standard library", path, p)
			}
			if p == "testing" && dir != "lookuptest" {
				t.Errorf("%s imports testing in production code", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, files := range docs {
		if len(files) != 1 || files[0] != "doc.go" {
			t.Errorf("package %s has its package doc in %q, want doc.go only", dir, files)
		}
	}
}
