package apimodel

// Schema is the JSON shape of a Go type, in the subset of JSON Schema
// both generators speak.
type Schema struct {
	// Ref names a type of [API.Types]; when set, only Nullable may be too.
	Ref string
	// Type is "string", "integer", "number", "boolean", "object" or
	// "array"; empty for any JSON value.
	Type string
	// Format refines Type: "date-time", "byte", "int64" ...
	Format string
	// Nullable says JSON null is a value too (a pointer, a slice or a map
	// that encoding/json writes as null when nil).
	Nullable bool
	// Items is an array's element.
	Items *Schema
	// Properties are an object's fields, in declaration order.
	Properties []Property
	// Values, when set, makes the object a map of these values.
	Values *Schema
	// Open says the object may hold more properties than Properties
	// (the user's fields added by plugins).
	Open bool
	// Description says what a value is, where the type alone does not.
	Description string
}

// Property is one field of an object.
type Property struct {
	// Name is the JSON name.
	Name string
	// Schema is the value's shape.
	Schema *Schema
	// Optional is a field that may be absent (omitempty, omitzero).
	Optional bool
}

// Object reports whether s is an object with named properties.
func (s *Schema) Object() bool { return s.Type == "object" && s.Values == nil }
