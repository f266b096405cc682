package test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestHostileRecords imports records filled with hostile values (NUL
// bytes, invalid UTF-8, overlong strings, look-alike addresses,
// duplicates) on every engine: the run never fails, every record is
// either imported whole or reported, and no user is left without the
// listing that says which record it came from.
func TestHostileRecords(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		h := authtest.NewHostile(7, "github", "ok@example.com", "bcrypt")
		h.Blank = 0.2
		now := f.clock.Now()
		recs := make([]authimport.Record, 150)
		for i := range recs {
			h.Fill(&recs[i])
			if i%2 == 1 { // a plain person with one hostile field, so that some go through
				name := recs[i].Name
				recs[i] = authimport.Record{ID: fmt.Sprint("plain", i), Email: fmt.Sprintf("plain%d@example.com", i), Name: name}
			}
			for j := range recs[i].Sessions {
				recs[i].Sessions[j].ExpiresAt = now.Add(3600e9)
			}
		}
		r, err := f.imp.Import(context.Background(), &records{name: "hostile", recs: recs}, authimport.WithBatchSize(25))
		if err != nil {
			t.Fatalf("Import of hostile records = %v, want problems reported", err)
		}
		if r.Read != len(recs) || r.Users.Imported+r.Users.Already+r.Users.Skipped != len(recs) {
			t.Fatalf("Import read %d, users %+v: every record must be imported, already there or skipped", r.Read, r.Users)
		}
		if len(r.Problems) == 0 || r.Users.Imported == 0 {
			t.Fatalf("Import: users %+v, %d problems; want hostile records reported and plain ones imported", r.Users, len(r.Problems))
		}
		ctx := context.Background()
		var users, listed int64
		if err := f.a.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &users)).From(auth.Users)); err != nil {
			t.Fatal(err)
		}
		if err := f.a.DB().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &listed)).From(authimport.Imported).
			Where(authimport.ImportedKind.Eq("user"))); err != nil {
			t.Fatal(err)
		}
		if users != listed || users != int64(r.Users.Imported) {
			t.Fatalf("%d users, %d listed as imported, report says %d: a record was half-imported", users, listed, r.Users.Imported)
		}
	})
}
