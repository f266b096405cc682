package test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestGeneratedCurrent runs gqlgen's generator (go run
// github.com/99designs/gqlgen generate) on a copy of the project and
// compares what it writes with the committed code: the resolvers of the
// operations' fields are gqlgen's output from the committed schema and
// resolver template, never edited by hand.
func TestGeneratedCurrent(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to run gqlgen: %v", err)
	}
	dir := t.TempDir()
	for _, f := range []string{"gqlgen.yml", "go.sum", "doc.go", "app/app.go", "graph/schema.graphqls", "graph/auth.graphqls",
		"graph/resolver.gotpl", "graph/resolver.go", "graph/schema.resolvers.go", "graph/model/doc.go"} {
		copyFile(t, filepath.Join("project", f), filepath.Join(dir, f))
	}
	// go.mod, its replace lines made absolute for the copy's place.
	project, err := filepath.Abs("project")
	if err != nil {
		t.Fatal(err)
	}
	mod := regexp.MustCompile(`=> (\.\.[^\s]*)`).ReplaceAllFunc(read(t, "project/go.mod"), func(m []byte) []byte {
		return []byte("=> " + filepath.Join(project, string(m[len("=> "):])))
	})
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "github.com/99designs/gqlgen", "generate")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gqlgen generate: %v\n%s", err, out)
	}
	for _, f := range []string{"graph/generated.go", "graph/model/models_gen.go", "graph/auth.resolvers.go", "graph/schema.resolvers.go"} {
		if !bytes.Equal(read(t, filepath.Join(dir, f)), read(t, filepath.Join("project", f))) {
			t.Errorf("project/%s is not what gqlgen generates from the committed schema: run go run github.com/99designs/gqlgen generate in project/", f)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, read(t, from), 0o644); err != nil {
		t.Fatal(err)
	}
}
