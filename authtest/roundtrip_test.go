package authtest_test

import (
	"bytes"
	"context"
	"database/sql"
	"math"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

func setupKinds(t *testing.T, db *sqlb.DB) {
	t.Helper()
	if err := db.Apply(context.Background(), sqlb.CreateTable(kinds), sqlb.CreateTable(children), sqlb.CreateTable(counters)); err != nil {
		t.Fatalf("Apply: %v", err)
	}
}

// TestRoundTrip writes every supported type, edge values included, and
// reads back exactly the written values on every engine.
func TestRoundTrip(t *testing.T) {
	nano := time.Date(2026, 11, 23, 10, 30, 59, 123456789, time.FixedZone("X", -7*3600))
	rows := []row{
		{id: "zero", key: "", text: "", raw: []byte{}, hash: []byte{}, at: time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)},
		{id: "edges", key: "Ünïcødé ✓ 𝄞 'quote' \"dq\" `bt` \\ ;--", text: "line\nbreak\ttab\x01",
			n: math.MaxInt64, f: -1.5e300, b: true, at: nano,
			raw: []byte{0, 1, 0xfe, 0xff, 0}, hash: bytes.Repeat([]byte{0xab}, 32),
			ns: sql.Null[string]{V: "", Valid: true}, nn: sql.Null[int64]{V: math.MinInt64, Valid: true},
			nb: sql.Null[bool]{V: false, Valid: true}, nat: sql.Null[time.Time]{V: time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC), Valid: true},
			nraw: sql.Null[[]byte]{V: []byte{}, Valid: true}, nf: sql.Null[float64]{V: 0.1, Valid: true}},
		{id: "past", key: "a", text: "x", n: -1, f: math.SmallestNonzeroFloat64, at: time.Date(1000, 1, 1, 0, 0, 0, 1000, time.UTC),
			raw: []byte("r"), hash: []byte{1}, nat: sql.Null[time.Time]{V: time.Date(2038, 1, 19, 3, 14, 8, 0, time.UTC), Valid: true}},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		for _, r := range rows {
			if _, err := db.Exec(ctx, r.insert()); err != nil {
				t.Fatalf("insert %s: %v", r.id, err)
			}
		}
		for _, want := range rows {
			var got row
			if err := db.One(ctx, selectInto(&got).Where(kindID.Eq(want.id))); err != nil {
				t.Fatalf("select %s: %v", want.id, err)
			}
			want.at = want.at.UTC().Truncate(time.Microsecond)
			if !rowsEqual(got, want) {
				t.Errorf("read back %s:\n got %+v\nwant %+v", want.id, got, want)
			}
			if got.at.Location() != time.UTC {
				t.Errorf("read back %s: time in %v, want UTC", want.id, got.at.Location())
			}
		}
		// Times compare in SQL as they do in Go, whatever their text form.
		var n int64
		if err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(kinds).Where(kindTime.Gt(time.Date(1999, 1, 1, 0, 0, 0, 0, time.UTC)))); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("count of rows after 1999 = %d, want 1", n)
		}
		if err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(kinds).Where(kindTime.Eq(nano))); err != nil || n != 1 {
			t.Errorf("count where time = written value: %d, %v; want 1", n, err)
		}
	})
}

func rowsEqual(a, b row) bool {
	return a.id == b.id && a.key == b.key && a.text == b.text && a.n == b.n && a.f == b.f && a.b == b.b &&
		a.at.Equal(b.at) && bytes.Equal(a.raw, b.raw) && bytes.Equal(a.hash, b.hash) && a.ns == b.ns &&
		a.nn == b.nn && a.nb == b.nb && a.nat.Valid == b.nat.Valid && a.nat.V.Equal(b.nat.V) &&
		a.nraw.Valid == b.nraw.Valid && bytes.Equal(a.nraw.V, b.nraw.V) && a.nf == b.nf
}

// TestByteExact proves that keys compare byte for byte on every engine:
// no case folding, no accent folding, no trailing-space padding.
func TestByteExact(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		for i, key := range []string{"A@x.io", "a@x.io", "a@x.io ", "á@x.io", "a@x.ıo"} {
			r := row{id: string(rune('a' + i)), key: key, raw: []byte{}, hash: []byte{byte(i)}, at: time.Unix(0, 0)}
			if _, err := db.Exec(ctx, r.insert()); err != nil {
				t.Fatalf("insert %q: %v (a unique index must not fold it onto another key)", key, err)
			}
		}
		var id string
		if err := db.One(ctx, sqlb.Select(kindID.Into(&id)).From(kinds).Where(kindKey.Eq("a@x.io"))); err != nil || id != "b" {
			t.Errorf("select key = 'a@x.io': id %q, %v; want b", id, err)
		}
		var n int64
		if err := db.One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(kinds).Where(kindKey.Eq("A@X.IO"))); err != nil || n != 0 {
			t.Errorf("count key = 'A@X.IO': %d, %v; want 0", n, err)
		}
	})
}
