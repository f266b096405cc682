package auth

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"reflect"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// UserField is a column a plugin adds to the user table, loaded with every
// user under its JSON name. Make one with [Field].
type UserField interface {
	// JSONName is the field's name in the user's JSON.
	JSONName() string
	// Column is the added column, declared with [sqlb.AddedColumn] on [Users].
	Column() sqlb.AnyColumn
	// Type is the Go type of the column's values (T of [Field]); the
	// user's JSON holds a nullable type's value or null (sql.Null[string]
	// is a string or null), for the generators that describe it.
	Type() reflect.Type
	newSlot() fieldSlot
	// decodeJSON decodes a value of the field's Go type from JSON, as
	// value() gives it: for a field of a type that is no driver value.
	decodeJSON(b []byte) (any, error)
}

// fieldSlot holds one row's value of a user field while it is scanned.
type fieldSlot interface {
	selection() sqlb.Selection
	value() any
}

type field[T any] struct {
	json string
	col  sqlb.Column[T]
}

// Field declares a user field: col is added to [Users] and appears in the
// user's JSON as json. The column must be nullable or carry a default, as
// any column added to an existing table.
func Field[T any](json string, col sqlb.Column[T]) UserField { return field[T]{json, col} }

func (f field[T]) JSONName() string       { return f.json }
func (f field[T]) Column() sqlb.AnyColumn { return f.col }
func (f field[T]) newSlot() fieldSlot     { return &slot[T]{col: f.col} }
func (f field[T]) Type() reflect.Type     { return reflect.TypeFor[T]() }

func (f field[T]) decodeJSON(b []byte) (any, error) {
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	return fieldValue(v), nil
}

type slot[T any] struct {
	col sqlb.Column[T]
	v   T
}

func (s *slot[T]) selection() sqlb.Selection { return s.col.Into(&s.v) }

// value is fieldValue(s.v); the types plugins declare fields of are
// unwrapped without boxing the value first: every request pays it.
func (s *slot[T]) value() any {
	switch p := any(&s.v).(type) {
	case *sql.Null[string]:
		return nullValue(*p)
	case *sql.Null[time.Time]:
		return nullValue(*p)
	case *sql.Null[bool]:
		return nullValue(*p)
	case *sql.Null[int64]:
		return nullValue(*p)
	case *string:
		return *p
	case *bool:
		return *p
	case *int64:
		return *p
	case *time.Time:
		return *p
	}
	return fieldValue(s.v)
}

// nullValue is what a valid driver value's Null.Value gives: nil or the
// value itself.
func nullValue[T string | time.Time | bool | int64](n sql.Null[T]) any {
	if !n.Valid {
		return nil
	}
	return n.V
}

// fieldValue unwraps nullable values so that JSON shows null or the value.
func fieldValue[T any](v T) any {
	if x, ok := any(v).(driver.Valuer); ok {
		if y, err := x.Value(); err == nil {
			return y
		}
	}
	return v
}
