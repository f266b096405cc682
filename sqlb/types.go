package sqlb

// Kind is the abstract storage class of a column. Each [Dialect] maps a kind
// to its own SQL type.
type Kind uint8

// The column kinds.
const (
	// KindString is bounded text that can be indexed and compares byte for
	// byte on every engine: identifiers, keys, normalized addresses.
	KindString Kind = iota + 1
	// KindText is unbounded text that is never indexed.
	KindText
	// KindInt is a 64-bit signed integer.
	KindInt
	// KindFloat is a 64-bit floating-point number.
	KindFloat
	// KindBool is a boolean.
	KindBool
	// KindTime is an instant, stored in UTC with microsecond precision.
	KindTime
	// KindBytes is binary data; with a size it can be indexed.
	KindBytes
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case KindString:
		return "string"
	case KindText:
		return "text"
	case KindInt:
		return "int"
	case KindFloat:
		return "float"
	case KindBool:
		return "bool"
	case KindTime:
		return "time"
	case KindBytes:
		return "bytes"
	}
	return "invalid"
}

// Type is a column's storage type: a kind, a size for bounded kinds and an
// optional label. A label names a family of columns (all ID columns, say) so
// that [WithType] can map the whole family to one native type on one engine.
type Type struct {
	Kind  Kind
	Size  int
	Label string
}

// String returns a bounded text type of at most size characters.
func String(size int) Type { return Type{Kind: KindString, Size: size} }

// Text returns an unbounded text type.
func Text() Type { return Type{Kind: KindText} }

// Int returns a 64-bit integer type.
func Int() Type { return Type{Kind: KindInt} }

// Float returns a 64-bit floating-point type.
func Float() Type { return Type{Kind: KindFloat} }

// Bool returns a boolean type.
func Bool() Type { return Type{Kind: KindBool} }

// Time returns an instant type (UTC, microsecond precision).
func Time() Type { return Type{Kind: KindTime} }

// Bytes returns a binary type. A size above zero bounds it so that it can be
// part of a key (VARBINARY on MySQL).
func Bytes(size int) Type { return Type{Kind: KindBytes, Size: size} }

// Labeled returns t with the label set; see [WithType].
func (t Type) Labeled(label string) Type {
	t.Label = label
	return t
}
