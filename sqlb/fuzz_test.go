package sqlb_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// shapes builds statements whose values all come from the fuzzer.
func shapes(s string, n int64, b []byte, flag bool, when time.Time) []sqlb.Statement {
	var id string
	return []sqlb.Statement{
		sqlb.Select(personID.Into(&id)).From(people).Where(sqlb.And(
			personEmail.Eq(s), personAge.Lt(n), personID.In(s, s), visitHash.Eq(b), personAdmin.Eq(flag), personJoined.Ge(when))),
		sqlb.Insert(people).Row(personID.Set(s), personEmail.Set(s), personAge.Set(n), personAdmin.Set(flag), personJoined.Set(when)),
		sqlb.Insert(visits).Row(visitID.Set(s), visitHash.Set(b), visitCount.Set(n)).
			OnConflictUpdate([]sqlb.AnyColumn{visitHash}, visitCount.SetTo(sqlb.Add(visitCount, sqlb.Val(n)))),
		sqlb.Update(people).Set(personName.Set(s)).Where(personEmail.Eq(s)),
		sqlb.Delete(visits).Where(sqlb.Or(visitHash.Eq(b), visitID.Eq(s))),
	}
}

// FuzzValuesNeverShapeSQL proves that values are bound, never spliced: the
// SQL text of a statement does not depend on the values in it, and every
// text value reaches the driver unchanged as an argument.
func FuzzValuesNeverShapeSQL(f *testing.F) {
	f.Add("a@x.io", int64(1), []byte{1}, true, int64(0))
	f.Add(`'; DROP TABLE person; --`, int64(-1), []byte("' OR 1=1"), false, int64(1<<40))
	f.Add("?$1`\"\\", int64(1<<62), []byte{}, true, int64(-1<<40))
	f.Add("\x00\n\r", int64(0), []byte(nil), false, int64(253402300799))
	f.Fuzz(func(t *testing.T, s string, n int64, b []byte, flag bool, sec int64) {
		when := time.Unix(sec%253402300799, 0)
		for _, d := range sqlb.Dialects() {
			db := sqlb.New(nil, d)
			want := shapes("", 0, []byte{0}, false, time.Unix(0, 0))
			for i, stmt := range shapes(s, n, b, flag, when) {
				got, args, err := db.Render(stmt)
				if err != nil {
					t.Fatalf("%s: Render(#%d) error: %v", d, i, err)
				}
				base, _, err := db.Render(want[i])
				if err != nil {
					t.Fatal(err)
				}
				if got != base {
					t.Fatalf("%s: SQL changed with the values:\n%s\nwant\n%s", d, got, base)
				}
				if !hasString(args, s) {
					t.Fatalf("%s: statement #%d args %#v lack %q", d, i, args, s)
				}
				if i == 0 && !hasBytes(args, b) {
					t.Fatalf("%s: args %#v lack %q", d, args, b)
				}
			}
		}
	})
}

func hasString(args []any, s string) bool {
	for _, a := range args {
		if a == s {
			return true
		}
	}
	return false
}

func hasBytes(args []any, b []byte) bool {
	for _, a := range args {
		if x, ok := a.([]byte); ok && bytes.Equal(x, b) {
			return true
		}
	}
	return false
}
