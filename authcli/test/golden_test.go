package test

import (
	"bytes"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authhttp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// generate runs auth openapi, auth client ts and auth graphql for a with
// every plugin, and returns where they wrote: the document's file and the
// client's directory; the GraphQL schema is schema.graphqls beside the
// document.
func generate(t testing.TB) (doc, client string) {
	t.Helper()
	dir := t.TempDir()
	doc, client = filepath.Join(dir, "openapi.json"), filepath.Join(dir, "client")
	a := everything(t)
	var stderr bytes.Buffer
	for _, args := range [][]string{{"openapi", "--out", doc}, {"client", "ts", "--out", client},
		{"graphql", "--out", filepath.Join(dir, "schema.graphqls")}} {
		if code := authcli.Run(t.Context(), a, args, authcli.WithOutput(io.Discard, &stderr)); code != authcli.ExitOK {
			t.Fatalf("Run(%q) = %d, want %d; stderr: %s", args, code, authcli.ExitOK, stderr.String())
		}
	}
	return doc, client
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the generated file (%d bytes, want %d): regenerate with go test -update and review the diff", path, len(got), len(want))
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

// TestGolden holds the OpenAPI document and the client of an instance
// with every plugin: generation is deterministic, and a change to any
// operation shows in review.
func TestGolden(t *testing.T) {
	doc, client := generate(t)
	golden(t, "openapi.json", read(t, doc))
	golden(t, "client/index.ts", read(t, filepath.Join(client, "index.ts")))
	golden(t, "client/package.json", read(t, filepath.Join(client, "package.json")))
	golden(t, "schema.graphqls", read(t, filepath.Join(filepath.Dir(doc), "schema.graphqls")))

	// A second instance writes the same bytes: nothing depends on map
	// order or on the run.
	doc2, client2 := generate(t)
	if !bytes.Equal(read(t, doc), read(t, doc2)) {
		t.Error("two runs of auth openapi wrote different documents")
	}
	if !bytes.Equal(read(t, filepath.Join(client, "index.ts")), read(t, filepath.Join(client2, "index.ts"))) {
		t.Error("two runs of auth client ts wrote different clients")
	}
	if !bytes.Equal(read(t, filepath.Join(filepath.Dir(doc), "schema.graphqls")), read(t, filepath.Join(filepath.Dir(doc2), "schema.graphqls"))) {
		t.Error("two runs of auth graphql wrote different schemas")
	}
}

// TestOpenAPIHandler serves the document auth openapi writes.
func TestOpenAPIHandler(t *testing.T) {
	a := everything(t)
	doc, _ := generate(t)
	srv := httptest.NewServer(authhttp.OpenAPIHandler(a))
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("GET = %d %q, want 200 application/json", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if !bytes.Equal(body, read(t, doc)) {
		t.Error("OpenAPIHandler served another document than auth openapi wrote")
	}
	res, err = http.Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST = %d Allow %q, want 405 Allow %q", res.StatusCode, res.Header.Get("Allow"), "GET, HEAD")
	}
}
