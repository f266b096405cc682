package authtest_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// byHashAfter finds a row by its hash (Param 0) with a time after Param 1;
// the time's placeholder comes first, so a run binds its values in the
// order they appear, not in the order of their numbers.
var byHashAfter = sqlb.Prepare(sqlb.Select().From(kinds).Where(sqlb.And(
	sqlb.Compare(kindTime, sqlb.OpGt, sqlb.Param[time.Time](1)),
	sqlb.Compare(kindHash, sqlb.OpEq, sqlb.Param[[]byte](0)),
	sqlb.Compare(kindTime, sqlb.OpGt, sqlb.Param[time.Time](1)))))

// TestPreparedQuery: a query built once answers each run with that run's
// values and scans into that run's destinations, on every engine.
func TestPreparedQuery(t *testing.T) {
	at := time.Date(2026, 11, 24, 7, 0, 0, 0, time.UTC)
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.SQL()
		setupKinds(t, db)
		ctx := context.Background()
		insert := func(id string, at time.Time) {
			t.Helper()
			r := row{id: id, key: id, raw: []byte{}, hash: []byte("hash of " + id), at: at}
			if _, err := db.Exec(ctx, r.insert()); err != nil {
				t.Fatalf("insert %s: %v", id, err)
			}
		}
		insert("a", at)
		insert("b", at.Add(time.Hour))
		tests := []struct {
			hash   string
			after  time.Time
			wantID string // "" for no row
		}{
			{"hash of a", at.Add(-time.Microsecond), "a"},
			{"hash of b", at, "b"},
			{"hash of a", at, ""}, // not after its own time
			{"hash of b", at.Add(time.Hour), ""},
			{"hash of c", time.Time{}, ""},
			{"hash of b", at.In(time.FixedZone("X", 3600)).Add(59 * time.Minute), "b"}, // any zone, as a value
		}
		for _, tt := range tests {
			var id string
			var got time.Time
			err := db.QueryOne(ctx, byHashAfter, []sqlb.Selection{kindID.Into(&id), kindTime.Into(&got)}, []byte(tt.hash), tt.after)
			if tt.wantID == "" {
				if !errors.Is(err, sql.ErrNoRows) {
					t.Errorf("QueryOne(%q, after %v) = %q, %v; want sql.ErrNoRows", tt.hash, tt.after, id, err)
				}
				continue
			}
			wantAt := map[string]time.Time{"a": at, "b": at.Add(time.Hour)}[tt.wantID]
			if err != nil || id != tt.wantID || !got.Equal(wantAt) {
				t.Errorf("QueryOne(%q, after %v) = %q at %v, %v; want %q at %v", tt.hash, tt.after, id, got, err, tt.wantID, wantAt)
			}
		}
	})
}
