package test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenAPIValid has swagger-parser, an independent validator from npm,
// validate the document of every plugin against the OpenAPI 3.1 schema,
// every $ref resolved; and refuse a broken one, which proves it checks.
func TestOpenAPIValid(t *testing.T) {
	tools(t)
	doc, _ := generate(t)
	validate, err := filepath.Abs("npm/validate.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := run(t, ".", nil, "node", validate, doc); !ok || !strings.HasPrefix(out, "valid: OpenAPI 3.1.0") {
		t.Fatalf("swagger-parser refused the document:\n%s", out)
	}
	for _, tt := range []struct{ name, from, to string }{
		{"dangling reference", `"#/components/schemas/User"`, `"#/components/schemas/Nobody"`},
		{"wrong version", `"openapi": "3.1.0"`, `"openapi": "3.1"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "openapi.json")
			if err := os.WriteFile(bad, []byte(strings.Replace(string(read(t, doc)), tt.from, tt.to, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, ok := run(t, ".", nil, "node", validate, bad); ok {
				t.Errorf("swagger-parser accepted a document with a %s:\n%s", tt.name, out)
			}
		})
	}
}

// tsc is the compiler's command line for a single file, with the options
// of ts/tsconfig.json.
var tsc = []string{"node_modules/typescript/bin/tsc", "--noEmit", "--strict", "--target", "ES2022",
	"--module", "NodeNext", "--moduleResolution", "NodeNext", "--lib", "ES2022,DOM", "--types", "node"}

// TestClientCompiles compiles the client of every plugin with tsc --strict.
func TestClientCompiles(t *testing.T) {
	dir := workspace(t, everything(t))
	if out, ok := run(t, dir, nil, "node", append(tsc, "every/index.ts")...); !ok {
		t.Fatalf("tsc --strict every/index.ts failed:\n%s", out)
	}
}

// TestClientRefuses compiles files that must not compile, each failing
// for its reason: a misspelt error code, a method of a plugin not passed
// to the client.
func TestClientRefuses(t *testing.T) {
	dir := workspace(t, everything(t))
	for _, tt := range []struct{ file, want string }{
		{"fail/misspelt_code.ts", `error TS2678: Type '"invalid_credential"' is not comparable`},
		{"fail/absent_plugin.ts", `error TS2339: Property 'magiclink' does not exist`},
	} {
		t.Run(tt.file, func(t *testing.T) {
			out, ok := run(t, dir, nil, "node", append(tsc, tt.file)...)
			if ok {
				t.Fatalf("tsc compiled %s, which must fail", tt.file)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("tsc %s failed otherwise than with %q:\n%s", tt.file, tt.want, out)
			}
			if n := strings.Count(out, "error TS"); n != 1 {
				t.Errorf("tsc %s gave %d errors, want only the one:\n%s", tt.file, n, out)
			}
		})
	}
}
