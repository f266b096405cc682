package test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authtest"
)

// TestCommand runs auth import as an operator does: a dry run, the run
// with its progress line, the report, and usage errors.
func TestCommand(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	f := newFixture(t, e, setup{})
	m := makeBetterAuth(t, e, people[:2])
	var path string
	if err := e.DB.QueryRow("SELECT file FROM pragma_database_list WHERE name = 'main'").Scan(&path); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string, string) {
		var out, errs strings.Builder
		code := authcli.Run(context.Background(), f.a, args, authcli.WithOutput(&out, &errs))
		return code, out.String(), errs.String()
	}
	code, out, errs := run("import", "better-auth", "--source-driver", "sqlite", "--source", path, "--dry-run")
	if code != authcli.ExitOK || !strings.Contains(out, "dry run") || !strings.Contains(out, "users:     2 to import") ||
		!strings.Contains(errs, "import better-auth: 2 read") {
		t.Fatalf("auth import --dry-run = %d\n%s\n%s", code, out, errs)
	}
	if f.imported(t, "better-auth", m.Users[0].ID) != "" {
		t.Fatal("the dry run imported")
	}
	code, out, _ = run("import", "better-auth", "--source-driver", "sqlite", "--source", path)
	if code != authcli.ExitOK || !strings.Contains(out, "users:     2 imported") || f.imported(t, "better-auth", m.Users[0].ID) == "" {
		t.Fatalf("auth import = %d\n%s", code, out)
	}

	file := filepath.Join(t.TempDir(), "users.jsonl")
	if err := os.WriteFile(file, []byte(`{"id":"9","email":"nine@example.com"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := run("import", "jsonl", "--name", "legacy", file); code != authcli.ExitOK || !strings.Contains(out, "users:     1 imported") {
		t.Fatalf("auth import jsonl = %d\n%s\n%s", code, out, errs)
	}
	if f.imported(t, "legacy", "9") == "" {
		t.Fatal("auth import jsonl --name legacy imported nothing under legacy")
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import"}, authcli.ExitUsage, "usage:"},
		{[]string{"import", "-h"}, authcli.ExitOK, "usage:"},
		{[]string{"import", "nope"}, authcli.ExitUsage, `unknown source "nope"`},
		{[]string{"import", "better-auth"}, authcli.ExitUsage, "needs --source-driver"},
		{[]string{"import", "better-auth", "--source-driver", "odbc", "--source", "x"}, authcli.ExitUsage, "--source-dialect"},
		{[]string{"import", "csv"}, authcli.ExitUsage, "needs one file"},
		{[]string{"import", "csv", "/nonexistent/file.csv"}, authcli.ExitError, "no such file"},
		{[]string{"import", "jsonl", "--bogus", file}, authcli.ExitUsage, "bogus"},
	} {
		code, out, errs := run(c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("auth %s = %d\n%s%s\nwant %d and %q", strings.Join(c.args, " "), code, out, errs, c.code, c.want)
		}
	}
}
