package sqlb

import (
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strconv"
	"time"
)

// timeLayout is how SQLite stores times and how MySQL receives them: fixed
// width, so that text order is time order.
const timeLayout = "2006-01-02 15:04:05.000000"

// encode turns a Go value into what the dialect's column stores.
func (d *Dialect) encode(v any) (any, error) {
	switch x := v.(type) {
	case nil, string, int64, float64:
		return x, nil
	case int:
		return int64(x), nil
	case bool:
		if d == Postgres {
			return x, nil
		}
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case time.Time:
		t := x.UTC().Truncate(time.Microsecond)
		if d == Postgres {
			if t == x { // already stored as is: v, not a copy of it
				return v, nil
			}
			return t, nil
		}
		return formatStored(t), nil
	case []byte:
		if x == nil {
			return []byte{}, nil // a NOT NULL column stores an empty value, not NULL
		}
		return v, nil
	case sql.Null[string]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[int64]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[int]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[float64]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[bool]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[time.Time]:
		return encodeNull(d, x.V, x.Valid)
	case sql.Null[[]byte]:
		return encodeNull(d, x.V, x.Valid)
	case driver.Valuer:
		inner, err := x.Value()
		if err != nil {
			return nil, err
		}
		return d.encode(inner)
	}
	return nil, fmt.Errorf("unsupported value type %T", v)
}

func encodeNull[T any](d *Dialect, v T, valid bool) (any, error) {
	if !valid {
		return nil, nil
	}
	return d.encode(v)
}

// literal is a constant that DDL writes inline (a column default).
type literal struct{ sql string }

func newLiteral(v any) (literal, bool) {
	switch x := v.(type) {
	case int:
		return literal{strconv.Itoa(x)}, true
	case int64:
		return literal{strconv.FormatInt(x, 10)}, true
	case bool:
		if x {
			return literal{"1"}, true
		}
		return literal{"0"}, true
	case string:
		if x == "" {
			return literal{"''"}, true
		}
	}
	return literal{}, false
}

// render writes the literal; PostgreSQL's booleans are TRUE and FALSE.
func (l literal) render(d *Dialect, t Type) string {
	if d == Postgres && t.Kind == KindBool {
		if l.sql == "1" {
			return "TRUE"
		}
		return "FALSE"
	}
	return l.sql
}

// formatStored writes t (UTC, whole microseconds) in timeLayout, without
// time.Format's generality: binds of the current time are on hot paths.
func formatStored(t time.Time) string {
	year, month, day := t.Date()
	if year < 0 || year > 9999 {
		return t.Format(timeLayout)
	}
	hour, minute, sec := t.Clock()
	var b [len(timeLayout)]byte
	put := func(at, width, v int) {
		for i := at + width - 1; i >= at; i-- {
			b[i] = byte('0' + v%10)
			v /= 10
		}
	}
	put(0, 4, year)
	b[4] = '-'
	put(5, 2, int(month))
	b[7] = '-'
	put(8, 2, day)
	b[10] = ' '
	put(11, 2, hour)
	b[13] = ':'
	put(14, 2, minute)
	b[16] = ':'
	put(17, 2, sec)
	b[19] = '.'
	put(20, 6, t.Nanosecond()/1000)
	return string(b[:])
}
