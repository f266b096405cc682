package test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authhttp"
)

// TestOpenAPIServerFromBaseURL: links built from request data. The
// document's server is the configured base URL, whatever Host or
// X-Forwarded-Host a request claims, so a client generated from a fetched
// document never points at an attacker's host.
func TestOpenAPIServerFromBaseURL(t *testing.T) {
	h := authhttp.OpenAPIHandler(everything(t))
	r := httptest.NewRequest(http.MethodGet, "http://evil.example/openapi.json", nil)
	r.Header.Set("X-Forwarded-Host", "evil.example")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var doc struct {
		Servers []struct{ URL string } `json:"servers"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "https://sesame.test/auth" {
		t.Errorf("servers = %+v, want only https://sesame.test/auth", doc.Servers)
	}
	if bytes.Contains(w.Body.Bytes(), []byte("evil.example")) {
		t.Error("the document holds the request's host")
	}
}

// TestOpenAPIDescribesRoutes checks the document against the instance:
// every routed operation and no server operation, each with its closed
// set of codes, its session requirement's security, and the API key
// header only where a key is accepted.
func TestOpenAPIDescribesRoutes(t *testing.T) {
	a := everything(t)
	data, err := authhttp.OpenAPI(a)
	if err != nil {
		t.Fatal(err)
	}
	type operation struct {
		OperationID string                    `json:"operationId"`
		Security    []map[string][]string     `json:"security"`
		Responses   map[string]map[string]any `json:"responses"`
	}
	var doc struct {
		Paths      map[string]map[string]operation `json:"paths"`
		Components struct {
			Responses       map[string]json.RawMessage `json:"responses"`
			SecuritySchemes map[string]struct {
				Type, In, Name string
			} `json:"securitySchemes"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if s := doc.Components.SecuritySchemes["sessionCookie"]; s.In != "cookie" || s.Name != authhttp.CookieName(a) {
		t.Errorf("sessionCookie = %+v, want the cookie %s", s, authhttp.CookieName(a))
	}
	if s := doc.Components.SecuritySchemes["header-X-Api-Key"]; s.In != "header" || s.Name != "X-Api-Key" {
		t.Errorf("the API key's scheme = %+v, want the header X-Api-Key", s)
	}
	seen := 0
	for _, op := range a.Operations() {
		info := op.Info()
		got, ok := doc.Paths[info.Path][strings.ToLower(info.Method)]
		if info.ServerOnly() {
			if ok {
				t.Errorf("server operation %s has a route in the document", info.Name)
			}
			continue
		}
		seen++
		if !ok || got.OperationID != info.Name {
			t.Errorf("%s %s = %q, want operation %s", info.Method, info.Path, got.OperationID, info.Name)
			continue
		}
		codes := documentedCodes(t, doc.Components.Responses, got.Responses)
		for _, e := range slices.Concat(info.Codes, a.ErrorCodes()) {
			if !slices.Contains(codes, e.Code) {
				t.Errorf("%s: code %s is not documented", info.Name, e.Code)
			}
		}
		keys := slices.ContainsFunc(got.Security, func(s map[string][]string) bool { _, ok := s["header-X-Api-Key"]; return ok })
		anonymous := slices.ContainsFunc(got.Security, func(s map[string][]string) bool { return len(s) == 0 })
		switch {
		case info.Session == auth.SessionNone && got.Security != nil:
			t.Errorf("%s needs no session but lists security %v", info.Name, got.Security)
		case info.Session == auth.SessionOptional && !anonymous:
			t.Errorf("%s takes anonymous callers but its security %v does not say so", info.Name, got.Security)
		case info.Session >= auth.SessionUser && (anonymous || len(got.Security) < 2):
			t.Errorf("%s needs a session: security %v", info.Name, got.Security)
		case keys != (info.AcceptsKeys && info.Session == auth.SessionUser):
			t.Errorf("%s: API key in security = %v, want %v", info.Name, keys, info.AcceptsKeys)
		}
	}
	if seen < 50 {
		t.Errorf("only %d routed operations: the instance lacks plugins", seen)
	}
}

// documentedCodes returns the codes of an operation's error answers.
func documentedCodes(t *testing.T, shared map[string]json.RawMessage, responses map[string]map[string]any) []string {
	t.Helper()
	var codes []string
	for status, r := range responses {
		if status == "200" {
			continue
		}
		raw, _ := json.Marshal(r)
		if ref, ok := r["$ref"].(string); ok {
			raw = shared[strings.TrimPrefix(ref, "#/components/responses/")]
		}
		var body struct {
			Content map[string]struct {
				Schema struct {
					Properties struct {
						Error struct {
							Properties struct {
								Code struct{ Enum []string } `json:"code"`
							} `json:"properties"`
						} `json:"error"`
					} `json:"properties"`
				} `json:"schema"`
			} `json:"content"`
		}
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Fatal(err)
		}
		codes = append(codes, body.Content["application/json"].Schema.Properties.Error.Properties.Code.Enum...)
	}
	return codes
}

// TestCommands runs the commands' usage errors and outputs.
func TestCommands(t *testing.T) {
	a := everything(t)
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		args []string
		code int
		out  string // in stdout, or stderr on failure
	}{
		{"openapi to stdout", []string{"openapi"}, authcli.ExitOK, `"openapi": "3.1.0"`},
		{"openapi with a prefix", []string{"openapi", "--prefix", "/api/auth"}, authcli.ExitOK, `"url": "https://sesame.test/api/auth"`},
		{"openapi help", []string{"openapi", "-h"}, authcli.ExitOK, "usage: auth openapi"},
		{"openapi argument", []string{"openapi", "extra"}, authcli.ExitUsage, "unexpected argument"},
		{"openapi to a missing directory", []string{"openapi", "--out", filepath.Join(dir, "no", "such", "dir", "x.json")}, authcli.ExitError, "auth openapi:"},
		{"client without a language", []string{"client"}, authcli.ExitUsage, "name the language"},
		{"client in another language", []string{"client", "py", "--out", dir}, authcli.ExitUsage, "name the language"},
		{"client without --out", []string{"client", "ts"}, authcli.ExitUsage, "--out DIR is required"},
		{"client with an argument", []string{"client", "ts", "--out", dir, "extra"}, authcli.ExitUsage, "--out DIR is required"},
		{"client help", []string{"client", "ts", "-h"}, authcli.ExitOK, "usage: auth client ts"},
		{"usage lists both", []string{"help"}, authcli.ExitOK, "client    write the TypeScript client"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := authcli.Run(t.Context(), a, tt.args, authcli.WithOutput(&stdout, &stderr))
			out := stdout.String()
			if code != authcli.ExitOK {
				out = stderr.String()
			}
			if code != tt.code || !strings.Contains(out, tt.out) {
				t.Errorf("Run(%q) = %d, %q; want %d and %q", tt.args, code, out, tt.code, tt.out)
			}
		})
	}
	// A client written over an old one replaces its files and keeps others.
	keep := filepath.Join(dir, "client", "README.md")
	if err := os.MkdirAll(filepath.Dir(keep), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(keep, []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, "client", "index.ts"), []byte("stale"), 0o644)
	if code := authcli.Run(t.Context(), a, []string{"client", "ts", "--out", filepath.Join(dir, "client")}, authcli.WithOutput(io.Discard, io.Discard)); code != authcli.ExitOK {
		t.Fatalf("client ts = %d", code)
	}
	if got := read(t, filepath.Join(dir, "client", "index.ts")); !bytes.Equal(got, read(t, "testdata/client/index.ts")) {
		t.Error("index.ts was not replaced by the generated client")
	}
	if got := read(t, keep); string(got) != "mine" {
		t.Error("a file of the host's in the directory was changed")
	}
}
