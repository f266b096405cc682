package repo

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// goMod is what a go.mod file says about other modules.
type goMod struct {
	requires map[string]string // module path: version
	replaces map[string]string // module path: what replaces it
}

// readGoMod reads the require and replace directives of the module in dir.
func readGoMod(t *testing.T, dir string) goMod {
	t.Helper()
	g := goMod{requires: map[string]string{}, replaces: map[string]string{}}
	add := func(directive string, f []string) {
		switch directive {
		case "require":
			if len(f) >= 2 {
				g.requires[f[0]] = f[1]
			}
		case "replace":
			if i := slices.Index(f, "=>"); i > 0 && i+1 < len(f) {
				g.replaces[f[0]] = f[i+1]
			}
		}
	}
	block := ""
	for _, l := range readLines(t, filepath.Join(root, dir, "go.mod")) {
		l, _, _ = strings.Cut(l, "//")
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case block != "" && f[0] == ")":
			block = ""
		case block != "":
			add(block, f)
		case len(f) == 2 && f[1] == "(":
			block = f[0]
		default:
			add(f[0], f[1:])
		}
	}
	return g
}

// sibling returns the directory of a module of this repository, or false
// for any other module.
func sibling(p string) (string, bool) {
	if p == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(p, module+"/")
	return rel, ok
}

// releaseVersion matches a version of this repository's modules.
var releaseVersion = regexp.MustCompile(`^v[01]\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

// TestSiblingVersions: every module requires its siblings at one version,
// the current release, which scripts/release.sh sets; never at a
// placeholder such as v0.0.0, which no proxy serves, so that a program
// requiring one module gets working requirements on the others. Each
// sibling requirement has a replace line to the sibling's directory, for
// development, which the go command ignores in dependencies.
func TestSiblingVersions(t *testing.T) {
	dirs := map[string]bool{}
	for _, m := range moduleDirs(t) {
		dirs[m] = true
	}
	users := map[string][]string{} // version: the requirements at it
	for _, m := range moduleDirs(t) {
		g := readGoMod(t, m)
		for p, v := range g.requires {
			dir, ok := sibling(p)
			if !ok {
				continue
			}
			users[v] = append(users[v], m+"/go.mod requires "+p+" "+v)
			if !releaseVersion.MatchString(v) || v == "v0.0.0" {
				t.Errorf("%s/go.mod requires %s %s, want a release version such as v0.1.0, never the v0.0.0 placeholder", m, p, v)
			}
			if !dirs[dir] {
				t.Errorf("%s/go.mod requires %s, which no directory of the repository holds", m, p)
				continue
			}
			want, _ := filepath.Rel(m, dir)
			got, ok := g.replaces[p]
			if !ok || path.Clean(filepath.ToSlash(got)) != filepath.ToSlash(want) {
				t.Errorf("%s/go.mod replaces %s with %q, want %q", m, p, got, want)
			}
		}
	}
	if len(users) > 1 {
		var lines []string
		for v, u := range users {
			slices.Sort(u)
			lines = append(lines, fmt.Sprintf("%s: %d requirements, such as %s", v, len(u), u[0]))
		}
		slices.Sort(lines)
		t.Errorf("the modules require their siblings at %d versions, want one:\n%s", len(users), strings.Join(lines, "\n"))
	}
}

// TestAuthtestInTestModulesOnly: a module that requires authtest holds
// tests only (and the package comments of its directories). authtest
// requires every database driver, and a module's go.mod lists what its
// tests need: a program requiring a module whose go.mod lists authtest
// finds pgx and the MySQL driver in its module graph though it imports
// neither, and go mod tidy downloads them. Tests that need authtest live
// in a test module beside the module they test, such as ginauth/test.
func TestAuthtestInTestModulesOnly(t *testing.T) {
	requirers := map[string]bool{}
	for _, m := range moduleDirs(t) {
		if _, ok := readGoMod(t, m).requires[module+"/authtest"]; ok {
			requirers[m] = true
		}
	}
	for _, f := range scan(t) {
		if requirers[f.module] && !f.test && path.Base(f.path) != "doc.go" {
			t.Errorf("%s: module %s requires authtest, so it may hold only tests and doc.go files", f.path, f.module)
		}
	}
}
