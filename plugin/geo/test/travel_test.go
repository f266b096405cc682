package test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/sqlb"
)

// lastCountry returns the country of the user's last located sign-in, ""
// when none is recorded.
func lastCountry(t *testing.T, f *fixture, userID string) string {
	t.Helper()
	var c string
	err := f.a.DB().One(context.Background(), sqlb.Select(geo.LastCountry.Into(&c)).From(geo.LastSignIns).Where(geo.LastUserID.Eq(userID)))
	if err != nil && !strings.Contains(err.Error(), "no rows") {
		t.Fatal(err)
	}
	return c
}

func userOf(t *testing.T, res *authtest.Response) string {
	t.Helper()
	wantStatus(t, "sign-in", res, http.StatusOK, "")
	var out authtest.LoginResult
	res.Decode(t, &out)
	return out.User.ID
}

// TestImpossibleTravel, driven by the test clock: Amsterdam then Sydney
// half an hour later is reported, and refused with RefuseImpossibleTravel
// (the last place staying Amsterdam); a day later it is a journey; two
// places within their databases' accuracy never count; an address with no
// coordinates is neither judged nor recorded.
func TestImpossibleTravel(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := openDB(t)
		t.Run("reported", func(t *testing.T) {
			f := newFixture(t, e, db)
			id := userOf(t, f.at(t, amsterdam).signIn("ada"))
			f.clock.Advance(30 * time.Minute)
			wantStatus(t, "sign-in from Sydney", f.at(t, sydney).signIn("ada"), http.StatusOK, "")
			ev := f.events.Of(geo.EventImpossibleTravel)
			if len(ev) != 1 || ev[0].UserID != "" && ev[0].UserID != id ||
				!strings.Contains(ev[0].Detail, "from=NL to=AU") || !strings.Contains(ev[0].Detail, "refused=false") {
				t.Fatalf("events = %+v, want one impossible travel NL to AU, not refused", ev)
			}
			if got := lastCountry(t, f, id); got != "AU" {
				t.Errorf("last country = %q, want AU: a reported sign-in is the new last one", got)
			}
		})
		t.Run("refused", func(t *testing.T) {
			f := newFixture(t, e, db, geo.RefuseImpossibleTravel())
			id := userOf(t, f.at(t, amsterdam).signIn("grace"))
			f.clock.Advance(30 * time.Minute)
			wantStatus(t, "sign-in from Sydney", f.at(t, sydney).signIn("grace"), http.StatusForbidden, "impossible_travel")
			if got := lastCountry(t, f, id); got != "NL" {
				t.Errorf("last country = %q, want NL: a refused sign-in records nothing", got)
			}
			// Within the accuracy of both places: never.
			wantStatus(t, "sign-in from Haarlem", f.at(t, haarlem).signIn("grace"), http.StatusOK, "")
			// A country database's address: not judged, not recorded.
			wantStatus(t, "sign-in from a place with no coordinates", f.at(t, usOnly).signIn("grace"), http.StatusOK, "")
			if got := lastCountry(t, f, id); got != "NL" {
				t.Errorf("last country = %q, want NL", got)
			}
			// A day later, Sydney is a flight away.
			f.clock.Advance(24 * time.Hour)
			wantStatus(t, "sign-in from Sydney a day later", f.at(t, sydney).signIn("grace"), http.StatusOK, "")
			// Berlin one hour after Sydney, over IPv6: refused.
			f.clock.Advance(time.Hour)
			wantStatus(t, "sign-in from Berlin an hour later", f.at(t, berlin6).signIn("grace"), http.StatusForbidden, "impossible_travel")
			if n := len(f.events.Of(geo.EventImpossibleTravel)); n != 2 {
				t.Errorf("%d impossible-travel events, want 2", n)
			}
		})
		t.Run("impersonation", func(t *testing.T) {
			f := newFixture(t, e, db, geo.RefuseImpossibleTravel())
			adaID := userOf(t, f.at(t, amsterdam).signIn("lin"))
			root := f.at(t, sydney)
			rootID := userOf(t, root.signIn("root"))
			if _, err := f.a.DB().Exec(context.Background(), sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin)).
				Where(auth.UserID.Eq(rootID))); err != nil {
				t.Fatal(err)
			}
			f.clock.Advance(time.Minute)
			wantStatus(t, "an administrator in Sydney acting as ada", root.post("/auth/admin/impersonate", map[string]any{"userId": adaID}),
				http.StatusOK, "")
			if got := lastCountry(t, f, adaID); got != "NL" {
				t.Errorf("ada's last country = %q after an impersonation, want NL", got)
			}
		})
	})
}

// TestConcurrentSignIns: 20 sign-ins of one user at once, from two
// continents: never a failure (the last place is one row, written by
// upsert), and each answer the one its place deserves.
func TestConcurrentSignIns(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, openDB(t), geo.RefuseImpossibleTravel())
		userOf(t, f.at(t, amsterdam).signIn("ada"))
		var wg sync.WaitGroup
		statuses := make([]int, 20)
		for i := range statuses {
			addr := amsterdam
			if i%2 == 1 {
				addr = sydney
			}
			c := f.at(t, addr)
			wg.Go(func() { statuses[i] = c.signIn("ada").Status })
		}
		wg.Wait()
		// Sydney never becomes the last place (a refused sign-in records
		// nothing), so every one from there is refused, and every one from
		// home passes, in whatever order they ran.
		for i, s := range statuses {
			if want := []int{http.StatusOK, http.StatusForbidden}[i%2]; s != want {
				t.Errorf("sign-in %d (from %s) = %d, want %d", i, []string{"Amsterdam", "Sydney"}[i%2], s, want)
			}
		}
	})
}
