package repo

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestStarterReadmesDropEveryReplace: the "Make it yours" steps of each
// starter's README drop every replace line its go.mod has, so that the
// app made from it requires Sesame's released modules only. A plugin the
// starters gain adds a replace line, and the README must name it too
// (proxytest runs the steps, but only after the whole make test).
func TestStarterReadmesDropEveryReplace(t *testing.T) {
	drop := regexp.MustCompile(`-dropreplace=(\S+)`)
	for _, s := range []string{"gin", "echo", "fiber"} {
		dir := filepath.Join(root, "starters", s)
		readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		var dropped []string
		for _, m := range drop.FindAllSubmatch(readme, -1) {
			dropped = append(dropped, string(m[1]))
		}
		slices.Sort(dropped)
		replaced := slices.Sorted(maps.Keys(readGoMod(t, filepath.Join("starters", s)).replaces))
		if !slices.Equal(dropped, replaced) {
			t.Errorf("starters/%s: README.md drops the replaces of %v, go.mod replaces %v", s, dropped, replaced)
		}
	}
}
