package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/sqlb"
)

// TestFaultsAtEveryStatement fails each statement of a sign-in that the
// plugin judges and records, and its commit: each run answers 500 and
// leaves the last place and the sessions as they were.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: pool}, openDB(t), geo.RefuseImpossibleTravel(),
			geo.DenyCountries("KP"))
		state := func(t *testing.T) string {
			var out []string
			var id, c string
			var at time.Time
			ctx := context.Background()
			if err := e.SQL().All(ctx, sqlb.Select(geo.LastUserID.Into(&id), geo.LastCountry.Into(&c), geo.LastAt.Into(&at)).
				From(geo.LastSignIns).OrderBy(geo.LastUserID.Asc()), func() error {
				out = append(out, fmt.Sprint("last ", id, c, at.Unix()))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if err := e.SQL().All(ctx, sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
				func() error { out = append(out, "session "+id); return nil }); err != nil {
				t.Fatal(err)
			}
			return strings.Join(out, "\n")
		}
		var before string
		faults.Each(t, func(t *testing.T) {
			f.clock.Advance(48 * time.Hour)
			wantStatus(t, "setup sign-in", f.at(t, amsterdam).signIn("ada"), http.StatusOK, "")
			f.clock.Advance(48 * time.Hour)
			before = state(t)
		}, func() error {
			res := f.at(t, sydney).signIn("ada")
			if res.Status == http.StatusOK {
				return nil
			}
			if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
				t.Fatalf("sign-in with a fault = %d %s, want 500 internal", res.Status, res.Body)
			}
			return fmt.Errorf("%d", res.Status)
		}, func(t *testing.T) {
			if after := state(t); after != before {
				t.Fatalf("a failed sign-in changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		})
	})
}
