package apimodel

import (
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/sesame-go/sesame/auth"
)

// module is the path of Sesame's modules: their types with JSON of their
// own must describe it ([auth.JSONShaper]).
const module = "github.com/sesame-go/sesame/"

// direction is which way a type travels: inputs are decoded, where any
// field may be absent (it is then its zero value, and the operation
// checks what it needs); outputs are encoded, where only omitempty and
// omitzero fields may be.
type direction uint8

const (
	output direction = iota
	input
)

type typeKey struct {
	t   reflect.Type
	dir direction
}

// builder turns Go types into schemas, naming each named struct type
// once per direction in types.
type builder struct {
	// fields are the user fields plugins add, in auth.User's schema.
	fields []auth.UserField
	types  map[string]*Schema
	names  map[typeKey]string
	owner  map[string]typeKey
}

func newBuilder() *builder {
	return &builder{types: map[string]*Schema{}, names: map[typeKey]string{}, owner: map[string]typeKey{}}
}

var (
	userType      = reflect.TypeFor[auth.User]()
	secretType    = reflect.TypeFor[auth.Secret]()
	shownType     = reflect.TypeFor[auth.Shown]()
	timeType      = reflect.TypeFor[time.Time]()
	rawType       = reflect.TypeFor[json.RawMessage]()
	shaperType    = reflect.TypeFor[auth.JSONShaper]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	unmarshalType = reflect.TypeFor[json.Unmarshaler]()
	textType      = reflect.TypeFor[encoding.TextMarshaler]()
	textInType    = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// top is the schema of an operation's whole input or output: a pointer
// is followed, since the transports never send or take a null there.
func (b *builder) top(t reflect.Type, dir direction) (*Schema, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return b.of(t, dir)
}

func (b *builder) of(t reflect.Type, dir direction) (*Schema, error) {
	if t.Kind() == reflect.Pointer {
		s, err := b.of(t.Elem(), dir)
		if err != nil {
			return nil, err
		}
		return nullable(s), nil
	}
	switch {
	case t == userType:
		return b.named(t, dir, b.userSchema)
	case t == secretType:
		return &Schema{Type: "string", Description: "a secret"}, nil
	case t == shownType:
		return &Schema{Type: "string", Description: "a secret shown once"}, nil
	case t == timeType:
		return &Schema{Type: "string", Format: "date-time"}, nil
	case t == rawType:
		return &Schema{}, nil
	case implements(t, shaperType):
		shape := reflect.New(t).Interface().(auth.JSONShaper).JSONShape()
		if shape == nil {
			return nil, fmt.Errorf("%s.JSONShape returned nil", t)
		}
		st := reflect.TypeOf(shape)
		if t.Name() == "" {
			return b.of(st, dir)
		}
		return b.named(t, dir, func() (*Schema, error) { return b.inline(st, dir) })
	case (implements(t, marshalerType) || implements(t, unmarshalType)) && !strings.HasPrefix(t.PkgPath(), module):
		// Another library's type (go-webauthn's options), whose author
		// cannot be asked for a shape: any JSON, said so.
		return &Schema{Description: "JSON as " + t.String() + " writes it"}, nil
	case implements(t, marshalerType) || implements(t, unmarshalType):
		return nil, fmt.Errorf("%s writes or reads its own JSON: implement auth.JSONShaper to describe it", t)
	case implements(t, textType) || implements(t, textInType):
		return &Schema{Type: "string"}, nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if t.Name() == "" {
			return b.inline(t, dir)
		}
		return b.named(t, dir, func() (*Schema, error) { return b.inline(t, dir) })
	}
	return b.plain(t, dir)
}

// plain is the schema of a type that is neither a pointer nor a struct.
func (b *builder) plain(t reflect.Type, dir direction) (*Schema, error) {
	switch t.Kind() {
	case reflect.String:
		return &Schema{Type: "string"}, nil
	case reflect.Bool:
		return &Schema{Type: "boolean"}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return &Schema{Type: "integer"}, nil
	case reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return &Schema{Type: "integer", Format: "int64"}, nil
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}, nil
	case reflect.Interface:
		return &Schema{}, nil
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice && !implements(t.Elem(), marshalerType) {
			return &Schema{Type: "string", Format: "byte", Nullable: true}, nil
		}
		items, err := b.of(t.Elem(), dir)
		if err != nil {
			return nil, err
		}
		return &Schema{Type: "array", Items: items, Nullable: t.Kind() == reflect.Slice}, nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String && !implements(t.Key(), textType) {
			switch t.Key().Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			default:
				return nil, fmt.Errorf("%s: encoding/json cannot write a map of %s keys", t, t.Key())
			}
		}
		values, err := b.of(t.Elem(), dir)
		if err != nil {
			return nil, err
		}
		return &Schema{Type: "object", Values: values, Nullable: true}, nil
	}
	return nil, fmt.Errorf("%s: encoding/json cannot write a %s", t, t.Kind())
}

// named returns a reference to t's schema, which make builds the first
// time t is met in that direction.
func (b *builder) named(t reflect.Type, dir direction, make func() (*Schema, error)) (*Schema, error) {
	key := typeKey{t, dir}
	if name, ok := b.names[key]; ok {
		return &Schema{Ref: name}, nil
	}
	name := typeName(t)
	if other, taken := b.owner[name]; taken {
		if other.t != t || dir != input {
			return nil, fmt.Errorf("two types are named %s: %s and %s", name, other.t, t)
		}
		name += "Input" // the same type as an output: the input's fields are all optional
		if other, taken := b.owner[name]; taken {
			return nil, fmt.Errorf("two types are named %s: %s and %s", name, other.t, t)
		}
	}
	b.names[key], b.owner[name] = name, key
	s, err := make()
	if err != nil {
		return nil, err
	}
	b.types[name] = s
	return &Schema{Ref: name}, nil
}

// typeName is t's name in the model: the package's name and the type's,
// "PasswordSignInRequest", but the core's types keep their own: "User".
func typeName(t reflect.Type) string {
	pkg := t.PkgPath()
	pkg = pkg[strings.LastIndex(pkg, "/")+1:]
	name := t.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i] // generic: one instance per package is all the model takes
	}
	if pkg == "auth" || pkg == "" {
		return name
	}
	return string(unicode.ToUpper(rune(pkg[0]))) + pkg[1:] + name
}

func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || reflect.PointerTo(t).Implements(iface)
}

// nullable returns s that also takes null, a copy: references are shared.
func nullable(s *Schema) *Schema {
	c := *s
	c.Nullable = true
	return &c
}

// userSchema is the schema of auth.User, whose MarshalJSON writes the
// core fields and, beside them, those of the instance's plugins, every
// key always, sorted; open to fields a later plugin adds.
func (b *builder) userSchema() (*Schema, error) {
	str := func() *Schema { return &Schema{Type: "string"} }
	when := func() *Schema { return &Schema{Type: "string", Format: "date-time"} }
	props := []Property{
		{Name: "createdAt", Schema: when()},
		{Name: "id", Schema: str()},
		{Name: "image", Schema: str()},
		{Name: "name", Schema: str()},
		{Name: "updatedAt", Schema: when()},
	}
	for _, f := range b.fields {
		if slices.ContainsFunc(props, func(p Property) bool { return p.Name == f.JSONName() }) {
			continue // a core key, or a name taken: the user's JSON leaves it out
		}
		s, err := b.fieldValue(f.Type())
		if err != nil {
			return nil, fmt.Errorf("user field %s: %w", f.JSONName(), err)
		}
		props = append(props, Property{Name: f.JSONName(), Schema: s})
	}
	slices.SortFunc(props, func(x, y Property) int { return strings.Compare(x.Name, y.Name) })
	return &Schema{Type: "object", Open: true, Description: "a user: the core fields and those plugins add",
		Properties: props}, nil
}

var valuerType = reflect.TypeFor[driver.Valuer]()

// fieldValue is the schema of a user field's JSON value: what its
// column's Go type writes, a nullable wrapper (sql.Null[T],
// sql.NullString ...) unwrapped to its value or null, any other
// driver.Valuer any JSON value.
func (b *builder) fieldValue(t reflect.Type) (*Schema, error) {
	if !implements(t, valuerType) {
		return b.of(t, output)
	}
	if t.Kind() == reflect.Struct && t.PkgPath() == "database/sql" && t.NumField() == 2 && t.Field(1).Name == "Valid" {
		s, err := b.of(t.Field(0).Type, output)
		if err != nil {
			return nil, err
		}
		return nullable(s), nil
	}
	return &Schema{Description: "the value " + t.String() + " stores"}, nil
}
