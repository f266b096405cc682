package openapi

import (
	"encoding/json"
	"testing"

	"github.com/sesame-go/sesame/internal/apimodel"
)

// TestSchema writes each shape of the model in JSON Schema 2020-12.
func TestSchema(t *testing.T) {
	str := &apimodel.Schema{Type: "string"}
	tests := []struct {
		name string
		in   *apimodel.Schema
		want string
	}{
		{"reference", &apimodel.Schema{Ref: "User"}, `{"$ref":"#/components/schemas/User"}`},
		{"nullable reference", &apimodel.Schema{Ref: "User", Nullable: true},
			`{"anyOf":[{"$ref":"#/components/schemas/User"},{"type":"null"}]}`},
		{"nullable string", &apimodel.Schema{Type: "string", Format: "date-time", Nullable: true},
			`{"format":"date-time","type":["string","null"]}`},
		{"any", &apimodel.Schema{Description: "raw"}, `{"description":"raw"}`},
		{"array", &apimodel.Schema{Type: "array", Items: str}, `{"items":{"type":"string"},"type":"array"}`},
		{"map", &apimodel.Schema{Type: "object", Values: str}, `{"additionalProperties":{"type":"string"},"type":"object"}`},
		{"object", &apimodel.Schema{Type: "object", Properties: []apimodel.Property{
			{Name: "a", Schema: str}, {Name: "b", Schema: str, Optional: true}}},
			`{"properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"type":"object"}`},
		{"open object", &apimodel.Schema{Type: "object", Open: true, Properties: []apimodel.Property{{Name: "id", Schema: str}}},
			`{"additionalProperties":true,"properties":{"id":{"type":"string"}},"required":["id"],"type":"object"}`},
		{"empty object", &apimodel.Schema{Type: "object", Properties: []apimodel.Property{}}, `{"properties":{},"type":"object"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(schema(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("schema(%+v) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}
