package repo

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/sesame-go/sesame"

// root is the repository's top directory.
var root = filepath.Join("..", "..")

// goFile is one Go file of the repository.
type goFile struct {
	path    string // relative to root, slash-separated
	module  string // directory of the module it belongs to, "." for the core
	pkg     string
	test    bool
	imports []string
	doc     bool
}

// scan parses every Go file outside testdata.
func scan(t *testing.T) []goFile {
	t.Helper()
	modules := moduleDirs(t)
	var files []goFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && (name == "testdata" || name == ".git" || name == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		gf := goFile{path: rel, module: owner(modules, rel), pkg: f.Name.Name,
			test: strings.HasSuffix(name, "_test.go"), doc: f.Doc != nil}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			gf.imports = append(gf.imports, p)
		}
		files = append(files, gf)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// moduleDirs lists the directories holding a go.mod, longest first.
func moduleDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if err == nil && d.Name() == "go.mod" {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) })
	return dirs
}

func owner(modules []string, path string) string {
	for _, m := range modules {
		if m == "." || strings.HasPrefix(path, m+"/") {
			return m
		}
	}
	return "."
}

// TestCoreImports: the core module imports only the standard library and
// sqlb, in its tests too.
func TestCoreImports(t *testing.T) {
	for _, f := range scan(t) {
		if f.module != "." {
			continue
		}
		for _, imp := range f.imports {
			first := strings.Split(imp, "/")[0]
			std := !strings.Contains(first, ".")
			core := imp == module || strings.HasPrefix(imp, module+"/") && !inNestedModule(t, imp)
			if !std && !core && imp != module+"/sqlb" {
				t.Errorf("%s imports %s: the core may import only the standard library and sqlb", f.path, imp)
			}
		}
	}
}

func inNestedModule(t *testing.T, imp string) bool {
	rel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
	for _, m := range moduleDirs(t) {
		if m != "." && (rel == m || strings.HasPrefix(rel, m+"/")) {
			return true
		}
	}
	return false
}

// TestNoTestingInProduction: production code never imports testing,
// except the test kits, which exist for tests: packages named *test and the
// authtest module.
func TestNoTestingInProduction(t *testing.T) {
	for _, f := range scan(t) {
		if f.test || strings.HasSuffix(f.pkg, "test") || f.module == "authtest" {
			continue
		}
		if slices.Contains(f.imports, "testing") {
			t.Errorf("%s (package %s) imports testing", f.path, f.pkg)
		}
	}
}

// TestPackageDocs: every package has exactly one package comment.
func TestPackageDocs(t *testing.T) {
	docs := map[string]int{}
	for _, f := range scan(t) {
		if f.test {
			continue
		}
		dir := filepath.Dir(f.path)
		if _, ok := docs[dir]; !ok {
			docs[dir] = 0
		}
		if f.doc {
			docs[dir]++
		}
	}
	for dir, n := range docs {
		if n != 1 {
			t.Errorf("package in %s has %d package comments, want 1", dir, n)
		}
	}
}

// TestWorkspace: go.work lists every module, each go.mod's path matches
// its directory, and the core requires only sqlb.
func TestWorkspace(t *testing.T) {
	used := map[string]bool{}
	work := readLines(t, filepath.Join(root, "go.work"))
	for _, l := range work {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, ".") {
			used[strings.TrimPrefix(strings.TrimPrefix(l, "./"), ".")] = true
		}
	}
	for _, m := range moduleDirs(t) {
		key := m
		if m == "." {
			key = ""
		}
		if !used[key] {
			t.Errorf("go.work does not list the module in %s", m)
		}
		want := module
		if m != "." {
			want += "/" + m
		}
		var got string
		for _, l := range readLines(t, filepath.Join(root, m, "go.mod")) {
			if strings.HasPrefix(l, "module ") {
				got = strings.TrimSpace(strings.TrimPrefix(l, "module "))
			}
		}
		if got != want {
			t.Errorf("%s/go.mod declares module %q, want %q", m, got, want)
		}
	}
	var requires []string
	inBlock := false
	for _, l := range readLines(t, filepath.Join(root, "go.mod")) {
		l = strings.TrimSpace(l)
		switch {
		case l == "require (":
			inBlock = true
		case inBlock && l == ")":
			inBlock = false
		case inBlock && l != "":
			requires = append(requires, strings.Fields(l)[0])
		case strings.HasPrefix(l, "require "):
			requires = append(requires, strings.Fields(l)[1])
		}
	}
	if !slices.Equal(requires, []string{module + "/sqlb"}) {
		t.Errorf("the core go.mod requires %v, want exactly %s/sqlb", requires, module)
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	return lines
}
