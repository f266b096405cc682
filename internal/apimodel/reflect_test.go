package apimodel

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
)

type inner struct {
	Shared string `json:"shared"`
	Deep   int    `json:"deep"`
}

type sample struct {
	inner
	Name     string            `json:"name"`
	Shared   bool              `json:"shared"`
	Nick     string            `json:"nick,omitempty"`
	Count    int64             `json:"count,string"`
	Hidden   string            `json:"-"`
	Dash     string            `json:"-,"`
	When     time.Time         `json:"when"`
	Maybe    *time.Time        `json:"maybe"`
	Opt      *time.Time        `json:"opt,omitempty"`
	Tags     []string          `json:"tags"`
	Some     []string          `json:"some,omitempty"`
	Labels   map[string]int    `json:"labels"`
	Raw      json.RawMessage   `json:"raw"`
	Blob     []byte            `json:"blob"`
	Key      auth.Secret       `json:"key"`
	Shown    auth.Shown        `json:"shown"`
	User     *auth.User        `json:"user"`
	Any      any               `json:"any"`
	Untagged float64           // no tag: the Go name is the JSON name
	Fixed    [2]bool           `json:"fixed"`
	Nested   struct{ A int }   `json:"nested"`
	private  string            // unexported: never written
	Byte     map[string][]byte `json:"byte"`
}

type shaped struct{ secret string }

func (shaped) MarshalJSON() ([]byte, error) { return []byte(`{"visible":"x"}`), nil }
func (shaped) JSONShape() any {
	return struct {
		Visible string `json:"visible"`
	}{}
}

type unshaped struct{}

func (unshaped) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

// TestFields derives a struct's schema as encoding/json writes it.
func TestFields(t *testing.T) {
	b := newBuilder()
	ref, err := b.top(reflect.TypeFor[*sample](), output)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Ref != "Apimodelsample" || ref.Nullable {
		t.Fatalf("top(*sample) = %+v, want a non-null reference to Apimodelsample", ref)
	}
	got := map[string]string{}
	var order []string
	for _, p := range b.types["Apimodelsample"].Properties {
		got[p.Name] = describeSchema(p.Schema, p.Optional)
		order = append(order, p.Name)
	}
	want := map[string]string{
		"deep": "integer", "name": "string", "shared": "boolean", "nick": "string?", "count": "string",
		"-": "string", "when": "string/date-time", "maybe": "string/date-time|null", "opt": "string/date-time?",
		"tags": "array|null", "some": "array?", "labels": "object|null", "raw": "any", "blob": "string/byte|null",
		"key": "string", "shown": "string", "user": "ref User|null", "any": "any", "Untagged": "number",
		"fixed": "array", "nested": "object", "byte": "object|null",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("properties = %v,\nwant %v", got, want)
	}
	// encoding/json's order: the embedded struct's fields where it is,
	// its "shared" hidden by the outer one.
	const wantOrder = "deep,name,shared,nick,count,-,when,maybe,opt,tags,some,labels,raw,blob,key,shown,user,any,Untagged,fixed,nested,byte"
	if got := strings.Join(order, ","); got != wantOrder {
		t.Errorf("order = %s, want %s", got, wantOrder)
	}
	// The output is what encoding/json writes: every key of the schema,
	// and no other, appears in a marshaled value.
	data, err := json.Marshal(sample{Nick: "n", Opt: &time.Time{}, Some: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	var written map[string]any
	if err := json.Unmarshal(data, &written); err != nil {
		t.Fatal(err)
	}
	for k := range written {
		if _, ok := want[k]; !ok {
			t.Errorf("encoding/json writes %q, which the schema lacks", k)
		}
	}
	for k := range want {
		if _, ok := written[k]; !ok {
			t.Errorf("the schema has %q, which encoding/json does not write", k)
		}
	}
	if u := b.types["User"]; u == nil || !u.Open || len(u.Properties) != 5 {
		t.Errorf("User = %+v, want the core fields, open to plugin fields", u)
	}
}

// TestInputOptional makes every input field optional: an absent one
// decodes to its zero value, and the operation checks what it needs.
func TestInputOptional(t *testing.T) {
	b := newBuilder()
	if _, err := b.top(reflect.TypeFor[inner](), output); err != nil {
		t.Fatal(err)
	}
	in, err := b.top(reflect.TypeFor[inner](), input)
	if err != nil {
		t.Fatal(err)
	}
	if in.Ref != "ApimodelinnerInput" {
		t.Fatalf("the input use of an output type is named %q, want ApimodelinnerInput", in.Ref)
	}
	for _, p := range b.types["ApimodelinnerInput"].Properties {
		if !p.Optional {
			t.Errorf("input field %s is required, want optional", p.Name)
		}
	}
	for _, p := range b.types["Apimodelinner"].Properties {
		if p.Optional {
			t.Errorf("output field %s is optional, want required", p.Name)
		}
	}
}

// TestCustomJSON describes a type with JSON of its own by its shape, and
// refuses one that gives none rather than guess.
func TestCustomJSON(t *testing.T) {
	b := newBuilder()
	s, err := b.top(reflect.TypeFor[shaped](), output)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.types[s.Ref]; got == nil || len(got.Properties) != 1 || got.Properties[0].Name != "visible" {
		t.Errorf("shaped = %+v, want its shape's one field, visible", got)
	}
	if _, err := b.top(reflect.TypeFor[unshaped](), output); err == nil || !strings.Contains(err.Error(), "JSONShaper") {
		t.Errorf("top(unshaped) = %v, want an error naming auth.JSONShaper", err)
	}
	if _, err := b.top(reflect.TypeFor[map[bool]int](), output); err == nil {
		t.Error("top(map[bool]int) succeeded, want an error: encoding/json cannot write it")
	}
	if _, err := b.top(reflect.TypeFor[chan int](), output); err == nil {
		t.Error("top(chan int) succeeded, want an error")
	}
}

// describeSchema is a short form of s for comparisons.
func describeSchema(s *Schema, optional bool) string {
	var out string
	switch {
	case s.Ref != "":
		out = "ref " + s.Ref
	case s.Type == "":
		out = "any"
	default:
		out = s.Type
		if s.Format != "" {
			out += "/" + s.Format
		}
	}
	if s.Nullable {
		out += "|null"
	}
	if optional {
		out += "?"
	}
	return out
}
