package sqlb

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// errNull reports a NULL scanned into a destination that cannot hold it.
var errNull = errors.New("NULL scanned into a non-nullable destination")

// field scans one driver value into one typed destination. The type switch
// on the destination replaces database/sql's reflection-based conversion.
type field struct {
	dst any
	d   *Dialect
}

// scanners are the fields a query scans a row with and the destinations
// that Rows.Scan takes (pointers to them). Every query needs a set, so
// sets are pooled: a set is one query's alone from get to put.
type scanners struct {
	fields []field
	dests  []any
}

var scannerPool = sync.Pool{New: func() any { return new(scanners) }}

// getScanners returns a set for items, from the pool.
func getScanners(items []Selection, d *Dialect) *scanners {
	sc := scannerPool.Get().(*scanners)
	if cap(sc.fields) < len(items) {
		sc.fields, sc.dests = make([]field, len(items)), make([]any, len(items))
	}
	sc.fields, sc.dests = sc.fields[:len(items)], sc.dests[:len(items)]
	for i, it := range items {
		sc.fields[i] = field{dst: it.dst, d: d}
		sc.dests[i] = &sc.fields[i]
	}
	return sc
}

// put returns sc to the pool, holding no destination of its query's, so
// that a pooled set keeps no caller's memory alive; a set for more than
// 64 columns is left to the collector.
func (sc *scanners) put() {
	clear(sc.fields)
	clear(sc.dests)
	if cap(sc.fields) <= 64 {
		scannerPool.Put(sc)
	}
}

// Scan implements [sql.Scanner].
func (f *field) Scan(src any) error {
	var err error
	switch p := f.dst.(type) {
	case *string:
		err = scanString(p, src)
	case *int64:
		err = scanInt(p, src)
	case *int:
		var n int64
		if err = scanInt(&n, src); err == nil {
			*p = int(n)
		}
	case *float64:
		err = scanFloat(p, src)
	case *bool:
		err = scanBool(p, src)
	case *time.Time:
		err = f.scanTime(p, src)
	case *[]byte:
		err = scanBytes(p, src)
	case *sql.Null[string]:
		err = scanNull(p, src, scanString)
	case *sql.Null[int64]:
		err = scanNull(p, src, scanInt)
	case *sql.Null[int]:
		err = scanNull(p, src, func(p *int, src any) error {
			var n int64
			err := scanInt(&n, src)
			*p = int(n)
			return err
		})
	case *sql.Null[float64]:
		err = scanNull(p, src, scanFloat)
	case *sql.Null[bool]:
		err = scanNull(p, src, scanBool)
	case *sql.Null[time.Time]:
		err = scanNull(p, src, f.scanTime)
	case *sql.Null[[]byte]:
		err = scanNull(p, src, scanBytes)
	case sql.Scanner:
		err = p.Scan(src)
	default:
		err = fmt.Errorf("unsupported destination %T", f.dst)
	}
	return err
}

func scanNull[T any](p *sql.Null[T], src any, scan func(*T, any) error) error {
	if src == nil {
		*p = sql.Null[T]{}
		return nil
	}
	if err := scan(&p.V, src); err != nil {
		return err
	}
	p.Valid = true
	return nil
}

func scanString(p *string, src any) error {
	switch s := src.(type) {
	case string:
		*p = s
	case []byte:
		*p = string(s)
	case int64:
		*p = strconv.FormatInt(s, 10)
	case [16]byte: // a PostgreSQL uuid some drivers return raw
		*p = formatUUID(s)
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into string", src)
	}
	return nil
}

func scanInt(p *int64, src any) error {
	switch s := src.(type) {
	case int64:
		*p = s
	case []byte:
		return parseInt(p, string(s))
	case string:
		return parseInt(p, s)
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into int64", src)
	}
	return nil
}

func parseInt(p *int64, s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("cannot scan %q into int64", s)
	}
	*p = n
	return nil
}

func scanFloat(p *float64, src any) error {
	switch s := src.(type) {
	case float64:
		*p = s
	case float32:
		*p = float64(s)
	case int64:
		*p = float64(s)
	case []byte, string:
		f, err := strconv.ParseFloat(asString(s), 64)
		if err != nil {
			return fmt.Errorf("cannot scan %q into float64", asString(s))
		}
		*p = f
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into float64", src)
	}
	return nil
}

func scanBool(p *bool, src any) error {
	switch s := src.(type) {
	case bool:
		*p = s
	case int64:
		*p = s != 0
	case []byte, string:
		switch asString(s) {
		case "1", "t", "true", "TRUE":
			*p = true
		case "0", "f", "false", "FALSE":
			*p = false
		default:
			return fmt.Errorf("cannot scan %q into bool", asString(s))
		}
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into bool", src)
	}
	return nil
}

// scanTime reads every form the drivers return a time in: time.Time
// (PostgreSQL; MySQL with parseTime, in whatever location the DSN names) or
// text (SQLite; MySQL without parseTime).
func (f *field) scanTime(p *time.Time, src any) error {
	switch s := src.(type) {
	case time.Time:
		if f.d == MySQL { // DATETIME holds the UTC wall clock we wrote
			*p = time.Date(s.Year(), s.Month(), s.Day(), s.Hour(), s.Minute(), s.Second(), s.Nanosecond(), time.UTC)
			return nil
		}
		*p = s.UTC()
	case []byte, string:
		t, err := parseTime(asString(s))
		if err != nil {
			return err
		}
		*p = t
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into time.Time", src)
	}
	return nil
}

func parseTime(s string) (time.Time, error) {
	if t, ok := parseStored(s); ok {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05.999999999", time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("cannot scan %q into time.Time", s)
}

func scanBytes(p *[]byte, src any) error {
	switch s := src.(type) {
	case []byte:
		*p = append([]byte{}, s...) // the driver reuses its buffer
	case string:
		*p = []byte(s)
	case nil:
		return errNull
	default:
		return fmt.Errorf("cannot scan %T into []byte", src)
	}
	return nil
}

func asString(v any) string {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v.(string)
}

func formatUUID(u [16]byte) string {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}

// parseStored reads the fixed layout sqlb itself writes,
// "2006-01-02 15:04:05.000000", without time.Parse's generality: the
// session lookup reads several times per request.
func parseStored(s string) (time.Time, bool) {
	if len(s) != len(timeLayout) || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' || s[19] != '.' {
		return time.Time{}, false
	}
	num := func(from, to int) (int, bool) {
		n := 0
		for i := from; i < to; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		return n, true
	}
	year, ok1 := num(0, 4)
	month, ok2 := num(5, 7)
	day, ok3 := num(8, 10)
	hour, ok4 := num(11, 13)
	minute, ok5 := num(14, 16)
	sec, ok6 := num(17, 19)
	micro, ok7 := num(20, 26)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7) || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, micro*1000, time.UTC)
	if t.Day() != day { // February 30th and the like normalize away: refuse them
		return time.Time{}, false
	}
	return t, true
}
