package auth

import (
	"database/sql"
	"reflect"
	"testing"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// slotValue is a slot of T holding v, as a scan leaves it.
func slotValue[T any](v T) (got, want any) {
	s := &slot[T]{col: sqlb.NewColumn[T](sqlb.NewTable("t"), "c", sqlb.Text()), v: v}
	return s.value(), fieldValue(v)
}

// TestSlotValue: a field's value as the user carries it is what
// fieldValue (the driver's Value of a nullable type) gives, for the types
// the slot unwraps itself and for others.
func TestSlotValue(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 123456000, time.UTC)
	type pair struct{ got, want any }
	var cases []pair
	add := func(got, want any) { cases = append(cases, pair{got, want}) }
	add(slotValue(sql.Null[string]{V: "ada@example.com", Valid: true}))
	add(slotValue(sql.Null[string]{V: "stale", Valid: false}))
	add(slotValue(sql.Null[time.Time]{V: at, Valid: true}))
	add(slotValue(sql.Null[time.Time]{}))
	add(slotValue(sql.Null[bool]{V: true, Valid: true}))
	add(slotValue(sql.Null[bool]{V: true}))
	add(slotValue(sql.Null[int64]{V: -7, Valid: true}))
	add(slotValue(sql.Null[int64]{}))
	add(slotValue("text"))
	add(slotValue(true))
	add(slotValue(int64(42)))
	add(slotValue(at))
	add(slotValue(sql.Null[float64]{V: 1.5, Valid: true})) // not unwrapped by the slot itself
	add(slotValue(sql.Null[int]{V: 3, Valid: true}))
	add(slotValue(3.5))
	for i, c := range cases {
		if !reflect.DeepEqual(c.got, c.want) || reflect.TypeOf(c.got) != reflect.TypeOf(c.want) {
			t.Errorf("case %d: value() = %#v (%T), want %#v (%T)", i, c.got, c.got, c.want, c.want)
		}
	}
}
