package test

import (
	"bytes"
	"database/sql"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/gqlauth"
	"github.com/sesame-go/sesame/gqlauth/test/project/app"
	"github.com/sesame-go/sesame/sqlb"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

var update = flag.Bool("update", false, "rewrite project/graph/auth.graphqls and project/graph/resolver.gotpl from the instance")

// TestSchemaCurrent holds the schema and the resolver template that auth
// graphql writes for package app's instance: the committed files are what
// the generator writes (-update rewrites them; then run gqlgen's
// generator), and gqlauth.Schema gives the same schema.
func TestSchemaCurrent(t *testing.T) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://gql.test/auth"),
		auth.WithPlugins(app.Plugins(&authtest.Mailbox{}, cheapHasher(t))...))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	schema, tmpl := filepath.Join(dir, "auth.graphqls"), filepath.Join(dir, "resolver.gotpl")
	var stderr bytes.Buffer
	args := []string{"graphql", "--out", schema, "--resolver-template", tmpl}
	if code := authcli.Run(t.Context(), a, args, authcli.WithOutput(io.Discard, &stderr)); code != authcli.ExitOK {
		t.Fatalf("Run(%q) = %d, want %d; stderr: %s", args, code, authcli.ExitOK, stderr.String())
	}
	got, err := gqlauth.Schema(a)
	if err != nil {
		t.Fatal(err)
	}
	if written := read(t, schema); string(written) != got {
		t.Error("auth graphql and gqlauth.Schema give different schemas")
	}
	for _, f := range []struct{ generated, committed string }{
		{schema, "project/graph/auth.graphqls"}, {tmpl, "project/graph/resolver.gotpl"},
	} {
		data := read(t, f.generated)
		if *update {
			if err := os.WriteFile(f.committed, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(data, read(t, f.committed)) {
			t.Errorf("%s is not what auth graphql writes: go test -run TestSchemaCurrent -update, then go run github.com/99designs/gqlgen generate in project/", f.committed)
		}
	}
}

func read(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEveryPluginSchemaIsValid loads the schema of the instance with every
// plugin that authcli/test holds as a golden file with gqlgen's parser and
// validator: every operation of every plugin makes valid GraphQL.
func TestEveryPluginSchemaIsValid(t *testing.T) {
	golden := string(read(t, "../../authcli/test/testdata/schema.graphqls"))
	host := &ast.Source{Name: "host.graphqls", Input: "type Query { me: String }\ntype Mutation { note: String }\n"}
	s, err := gqlparser.LoadSchema(host, &ast.Source{Name: "auth.graphqls", Input: golden})
	if err != nil {
		t.Fatalf("the every-plugin schema does not load: %v", err)
	}
	if n := len(s.Mutation.Fields) + len(s.Query.Fields); n < 90 {
		t.Errorf("the every-plugin schema has %d fields, want one per routed operation (90 or more)", n)
	}
}
