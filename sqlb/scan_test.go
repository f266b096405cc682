package sqlb

import (
	"database/sql"
	"errors"
	"testing"
	"time"
)

// TestScanForms feeds every form a driver returns a value in to the
// scanner of each destination type.
func TestScanForms(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 123456000, time.UTC)
	berlin := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		d    *Dialect
		src  any
		dst  func() any
		want any
	}{
		{"string from text", SQLite, "a", func() any { return new(string) }, "a"},
		{"string from bytes", MySQL, []byte("a"), func() any { return new(string) }, "a"},
		{"string from uuid", Postgres, [16]byte{0x01, 0x90, 15: 0xff}, func() any { return new(string) }, "01900000-0000-0000-0000-0000000000ff"},
		{"int from int64", SQLite, int64(-7), func() any { return new(int64) }, int64(-7)},
		{"int from text protocol", MySQL, []byte("42"), func() any { return new(int64) }, int64(42)},
		{"int into int", SQLite, int64(3), func() any { return new(int) }, 3},
		{"float from bytes", MySQL, []byte("1.5"), func() any { return new(float64) }, 1.5},
		{"float from float32", MySQL, float32(0.5), func() any { return new(float64) }, 0.5},
		{"bool from int", SQLite, int64(1), func() any { return new(bool) }, true},
		{"bool from bytes", MySQL, []byte("0"), func() any { return new(bool) }, false},
		{"bool native", Postgres, true, func() any { return new(bool) }, true},
		{"time from sqlite text", SQLite, "2026-01-02 03:04:05.123456", func() any { return new(time.Time) }, at},
		{"time from mysql bytes", MySQL, []byte("2026-01-02 03:04:05.123456"), func() any { return new(time.Time) }, at},
		{"time from mysql parseTime in another location", MySQL, time.Date(2026, 1, 2, 3, 4, 5, 123456000, berlin), func() any { return new(time.Time) }, at},
		{"time from postgres in another zone", Postgres, at.In(berlin), func() any { return new(time.Time) }, at},
		{"time from RFC 3339", SQLite, "2026-01-02T04:04:05.123456+01:00", func() any { return new(time.Time) }, at},
		{"bytes copied", MySQL, []byte{1, 2}, func() any { return new([]byte) }, []byte{1, 2}},
		{"null string", SQLite, nil, func() any { return new(sql.Null[string]) }, sql.Null[string]{}},
		{"null time set", SQLite, "2026-01-02 03:04:05.123456", func() any { return new(sql.Null[time.Time]) }, sql.Null[time.Time]{V: at, Valid: true}},
		{"null int set", MySQL, []byte("9"), func() any { return new(sql.Null[int]) }, sql.Null[int]{V: 9, Valid: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := tt.dst()
			f := &field{dst: dst, d: tt.d}
			if err := f.Scan(tt.src); err != nil {
				t.Fatalf("Scan(%#v) error: %v", tt.src, err)
			}
			got := deref(dst)
			if !equal(got, tt.want) {
				t.Errorf("Scan(%#v) = %#v, want %#v", tt.src, got, tt.want)
			}
		})
	}
}

func TestScanRefusals(t *testing.T) {
	tests := []struct {
		name string
		src  any
		dst  any
	}{
		{"null into string", nil, new(string)},
		{"null into time", nil, new(time.Time)},
		{"text into int", "x", new(int64)},
		{"text into bool", "maybe", new(bool)},
		{"text into time", "yesterday", new(time.Time)},
		{"time into int", time.Now(), new(int64)},
		{"unsupported destination", "a", new(struct{})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &field{dst: tt.dst, d: SQLite}
			if err := f.Scan(tt.src); err == nil {
				t.Errorf("Scan(%#v) into %T = nil error, want one", tt.src, tt.dst)
			}
		})
	}
	f := &field{dst: new(string), d: SQLite}
	if err := f.Scan(nil); !errors.Is(err, errNull) {
		t.Errorf("Scan(nil) = %v, want %v", err, errNull)
	}
}

func deref(p any) any {
	switch x := p.(type) {
	case *string:
		return *x
	case *int64:
		return *x
	case *int:
		return *x
	case *float64:
		return *x
	case *bool:
		return *x
	case *time.Time:
		return *x
	case *[]byte:
		return *x
	case *sql.Null[string]:
		return *x
	case *sql.Null[time.Time]:
		return *x
	case *sql.Null[int]:
		return *x
	}
	return nil
}

func equal(a, b any) bool {
	switch x := a.(type) {
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y) && x.Location() == time.UTC
	case sql.Null[time.Time]:
		y, ok := b.(sql.Null[time.Time])
		return ok && x.Valid == y.Valid && x.V.Equal(y.V)
	case []byte:
		y, ok := b.([]byte)
		return ok && string(x) == string(y)
	}
	return a == b
}

// FuzzParseStored: the fast path agrees with time.Parse on every input it
// accepts, and accepts every time formatted in the stored layout.
func FuzzParseStored(f *testing.F) {
	f.Add("2026-01-02 03:04:05.123456")
	f.Add("2026-02-30 00:00:00.000000")
	f.Add("0000-01-01 00:00:00.000000")
	f.Add("9999-12-31 23:59:59.999999")
	f.Add("2026-1-02 03:04:05.1234567")
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := parseStored(s)
		want, err := time.Parse(timeLayout, s)
		if ok && (err != nil || !got.Equal(want)) {
			t.Fatalf("parseStored(%q) = %v, but time.Parse = %v, %v", s, got, want, err)
		}
		if !ok && err == nil && want.Format(timeLayout) == s {
			t.Fatalf("parseStored(%q) refused a stored time", s)
		}
	})
}

// FuzzFormatStored: the fast formatter writes what time.Format writes.
func FuzzFormatStored(f *testing.F) {
	f.Add(int64(0), int64(0))
	f.Add(int64(253402300799), int64(999999999))
	f.Add(int64(-62135596800), int64(1000))
	f.Fuzz(func(t *testing.T, sec, nsec int64) {
		tm := time.Unix(sec, nsec).UTC().Truncate(time.Microsecond)
		if got, want := formatStored(tm), tm.Format(timeLayout); got != want {
			t.Fatalf("formatStored(%v) = %q, want %q", tm, got, want)
		}
	})
}
