package gqlschema

import (
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/apimodel"
)

func str() *apimodel.Schema { return &apimodel.Schema{Type: "string"} }

// api is a model with a reading and a writing operation.
func api(props ...apimodel.Property) *apimodel.API {
	return &apimodel.API{
		Types: map[string]*apimodel.Schema{
			"In":  {Type: "object", Properties: props},
			"Out": {Type: "object", Properties: []apimodel.Property{{Name: "id", Schema: str()}, {Name: "note", Schema: str(), Optional: true}}},
		},
		Common: []apimodel.Code{{Code: "internal", Status: 500}},
		Operations: []apimodel.Operation{
			{Name: "demo.read", Method: "GET", Path: "/demo", Input: &apimodel.Schema{Type: "object"}, Output: &apimodel.Schema{Ref: "Out"},
				Session: auth.SessionUser, Codes: []apimodel.Code{{Code: "internal"}}},
			{Name: "demo.write", Method: "POST", Path: "/demo", Input: &apimodel.Schema{Ref: "In"}, Output: &apimodel.Schema{Type: "object"},
				Writes: true, Codes: []apimodel.Code{{Code: "demo_refused"}, {Code: "internal"}}},
		},
	}
}

// TestSchema maps reads to Query and writes to Mutation, inputs to input
// types whose fields are all optional, an empty output to Boolean!, and
// lists only an operation's own codes beside the common ones.
func TestSchema(t *testing.T) {
	got, err := Schema(api(apimodel.Property{Name: "when", Schema: &apimodel.Schema{Type: "string", Format: "date-time"}},
		apimodel.Property{Name: "tags", Schema: &apimodel.Schema{Type: "array", Items: str(), Nullable: true}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"extend type Query {\n", `  demoRead: Out! @sesame(op: "demo.read")`,
		"extend type Mutation {\n", `  demoWrite(input: In!): Boolean! @sesame(op: "demo.write")`,
		"input In {\n  when: Time\n  tags: [String!]\n}", "type Out {\n  id: String!\n  note: String\n}",
		"scalar Time", "Its own error codes (extensions.code): demo_refused.", "# internal.",
		"Needs a signed-in user.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Schema() lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "demoRead(") {
		t.Error("an operation with no input field has an argument")
	}
}

// TestSchemaRefusesBadNames refuses a JSON name that is no GraphQL name
// rather than write a schema gqlgen rejects.
func TestSchemaRefusesBadNames(t *testing.T) {
	for _, name := range []string{"created-at", "__typename", "1st"} {
		if _, err := Schema(api(apimodel.Property{Name: name, Schema: str()})); err == nil || !strings.Contains(err.Error(), "GraphQL name") {
			t.Errorf("Schema with a field %q = %v, want an error naming a GraphQL name", name, err)
		}
	}
}

func TestFieldName(t *testing.T) {
	for op, want := range map[string]string{"password.signIn": "passwordSignIn", "core.session": "coreSession", "solo": "solo"} {
		if got := FieldName(op); got != want {
			t.Errorf("FieldName(%q) = %q, want %q", op, got, want)
		}
	}
}
