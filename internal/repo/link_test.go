package repo

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// linksTesting lists the packages of other projects that starters reach
// and that import testing in their production code, with the reason it
// cannot be helped.
var linksTesting = map[string]string{
	"github.com/gofiber/fiber/v2/utils": "fiber's own assertion helpers (utils.AssertEqual) take a testing.TB, and fiber imports utils everywhere",
}

// TestStartersLinkNoTesting: no starter binary links package testing (or
// a package under it) through Sesame's packages, as it did through
// schooltest, which brings testing's flags and weight into a production
// binary. TestNoTestingInProduction cannot see it, since test kits may
// import testing: what matters is which packages a command's main package
// reaches. Each starter is listed in its own module, as a clone builds it;
// a package of another project that imports testing must be listed in
// linksTesting with its reason.
func TestStartersLinkNoTesting(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	mains, err := filepath.Glob(filepath.Join(root, "starters", "*", "main.go"))
	if err != nil || len(mains) == 0 {
		t.Fatalf("no starter found under starters/: %v", err)
	}
	for _, main := range mains {
		dir := filepath.Dir(main)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cmd := exec.Command(goCmd, "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
			out, err := cmd.Output()
			if err != nil {
				msg := ""
				if ee, ok := err.(*exec.ExitError); ok {
					msg = string(ee.Stderr)
				}
				t.Fatalf("go list -deps in %s: %v\n%s", dir, err, msg)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				pkg, imports, _ := strings.Cut(line, " ")
				if strings.HasPrefix(pkg, "testing/") || pkg == "testing" {
					continue // reported at the package that imports it
				}
				for _, imp := range strings.Fields(imports) {
					if (imp == "testing" || strings.HasPrefix(imp, "testing/")) && linksTesting[pkg] == "" {
						t.Errorf("the %s starter links %s, which imports %s", filepath.Base(dir), pkg, imp)
					}
				}
			}
		})
	}
}
