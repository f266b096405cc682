package tsclient

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/internal/apimodel"
)

// TestType writes each shape of the model as a TypeScript type.
func TestType(t *testing.T) {
	str := &apimodel.Schema{Type: "string"}
	tests := []struct {
		name string
		in   *apimodel.Schema
		want string
	}{
		{"reference", &apimodel.Schema{Ref: "User", Nullable: true}, "User | null"},
		{"time", &apimodel.Schema{Type: "string", Format: "date-time"}, "string"},
		{"integer", &apimodel.Schema{Type: "integer", Format: "int64"}, "number"},
		{"any", &apimodel.Schema{}, "unknown"},
		{"array", &apimodel.Schema{Type: "array", Items: &apimodel.Schema{Ref: "Session", Nullable: true}, Nullable: true},
			"Array<Session | null> | null"},
		{"map", &apimodel.Schema{Type: "object", Values: &apimodel.Schema{Type: "boolean"}}, "Record<string, boolean>"},
		{"empty object", &apimodel.Schema{Type: "object"}, "Record<string, never>"},
		{"object", &apimodel.Schema{Type: "object", Open: true, Properties: []apimodel.Property{
			{Name: "id", Schema: str},
			{Name: "created-at", Schema: &apimodel.Schema{Type: "string", Format: "date-time"}, Optional: true},
		}}, "{\n  id: string;\n  /** an ISO 8601 time */\n  \"created-at\"?: string;\n  [field: string]: unknown;\n}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tsType(tt.in, ""); got != tt.want {
				t.Errorf("tsType(%+v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestIndexRefuses names that cannot be TypeScript exports or methods,
// rather than write a client that does not compile.
func TestIndexRefuses(t *testing.T) {
	empty := &apimodel.Schema{Type: "object"}
	core := apimodel.Operation{Name: "core.session", Plugin: "core", Method: "GET", Path: "/session", Input: empty, Output: empty}
	for _, tt := range []struct{ name, plugin, op string }{
		{"reserved word", "delete", "delete.run"},
		{"runtime name", "createAuthClient", "createAuthClient.run"},
		{"not an identifier", "my-plugin", "my-plugin.run"},
		{"method not an identifier", "good", "good.do-it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			api := &apimodel.API{Types: map[string]*apimodel.Schema{}, Operations: []apimodel.Operation{core,
				{Name: tt.op, Plugin: tt.plugin, Method: "POST", Path: "/x", Input: empty, Output: empty}}}
			if _, err := Index(api); err == nil || !strings.Contains(err.Error(), tt.plugin) && !strings.Contains(err.Error(), tt.op) {
				t.Errorf("Index(plugin %q, operation %q) = %v, want an error naming it", tt.plugin, tt.op, err)
			}
		})
	}
}

// TestIndexRefusesTypeNames refuses a type named as one of the client's
// own, which would shadow it.
func TestIndexRefusesTypeNames(t *testing.T) {
	empty := &apimodel.Schema{Type: "object"}
	api := &apimodel.API{Types: map[string]*apimodel.Schema{"Result": empty}, Operations: []apimodel.Operation{
		{Name: "core.session", Plugin: "core", Method: "GET", Path: "/session", Input: empty, Output: &apimodel.Schema{Ref: "Result"}}}}
	if _, err := Index(api); err == nil || !strings.Contains(err.Error(), "Result") {
		t.Errorf("Index(a type named Result) = %v, want an error naming it", err)
	}
}
