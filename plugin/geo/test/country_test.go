package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/geo"
)

// TestCountryRules: each rule in each outcome over HTTP, and as a Go
// call (a server call has no client address: the host's own, it passes).
func TestCountryRules(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := openDB(t)
		for _, tt := range []struct {
			name    string
			opts    []geo.Option
			allowed map[string]bool
		}{
			{"allow NL", []geo.Option{geo.AllowCountries("nl")},
				map[string]bool{amsterdam: true, sydney: false, usOnly: false, nowhere: false, berlin6: false}},
			{"allow NL and unknown", []geo.Option{geo.AllowCountries("NL"), geo.AllowUnknown()},
				map[string]bool{amsterdam: true, sydney: false, nowhere: true}},
			{"deny AU", []geo.Option{geo.DenyCountries("AU")},
				map[string]bool{amsterdam: true, sydney: false, usOnly: true, nowhere: true, berlin6: true}},
			{"deny AU and unknown", []geo.Option{geo.DenyCountries("AU"), geo.RefuseUnknown()},
				map[string]bool{amsterdam: true, sydney: false, nowhere: false}},
			{"no rule", nil, map[string]bool{amsterdam: true, sydney: true, nowhere: true}},
		} {
			t.Run(tt.name, func(t *testing.T) {
				f := newFixture(t, e, db, tt.opts...)
				for addr, ok := range tt.allowed {
					res := f.at(t, addr).signIn("ada")
					if ok {
						wantStatus(t, "sign-in from "+addr, res, http.StatusOK, "")
					} else {
						wantStatus(t, "sign-in from "+addr, res, http.StatusForbidden, "country_refused")
					}
				}
				refused := 0
				for _, ok := range tt.allowed {
					if !ok {
						refused++
					}
				}
				if got := f.events.Of(geo.EventCountryRefused); len(got) != refused {
					t.Errorf("%d country events, want one per refusal (%d): %+v", len(got), refused, got)
				}
				if _, err := f.login.SignIn(context.Background(), "server"); err != nil {
					t.Errorf("a server call (no client address) = %v, want it through", err)
				}
			})
		}
	})
}

// TestCountryRuleScope: by default the rule covers what changes
// something, so that a traveller still reads their session and signs
// out; Operations narrows it to the operations named.
func TestCountryRuleScope(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := openDB(t)
		f := newFixture(t, e, db, geo.DenyCountries("AU"))
		ada := f.at(t, amsterdam)
		wantStatus(t, "sign-in at home", ada.signIn("scope-ada"), http.StatusOK, "")
		ada.addr = sydney // ada travels
		wantStatus(t, "the session abroad", ada.get("/auth/session"), http.StatusOK, "")
		wantStatus(t, "revoking other sessions abroad", ada.post("/auth/sessions/revoke-others", nil), http.StatusForbidden, "country_refused")
		wantStatus(t, "signing out abroad", ada.post("/auth/sign-out", nil), http.StatusOK, "")

		g := newFixture(t, e, db, geo.DenyCountries("AU"), geo.Operations(auth.OpRevokeOtherSessions))
		grace := g.at(t, sydney)
		wantStatus(t, "sign-in, which the rule no longer covers", grace.signIn("scope-grace"), http.StatusOK, "")
		wantStatus(t, "the covered operation", grace.post("/auth/sessions/revoke-others", nil), http.StatusForbidden, "country_refused")
	})
}

// TestGeoIPFailure: a GeoIP that fails lets nothing through: the rule
// and the travel check fail the operation (500), never pass it.
func TestGeoIPFailure(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, opts := range [][]geo.Option{{geo.DenyCountries("AU")}, nil} {
			f := newFixture(t, e, brokenGeoIP{}, opts...)
			wantStatus(t, "sign-in with the GeoIP down", f.at(t, amsterdam).signIn("ada"), http.StatusInternalServerError, "internal")
		}
	})
}

// TestNewRefusesBadOptions: New reports every problem of the options.
func TestNewRefusesBadOptions(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	for _, opts := range [][]geo.Option{
		{geo.AllowCountries("NL"), geo.DenyCountries("AU")},
		{geo.AllowCountries("Netherlands")},
		{geo.DenyCountries("1A")},
		{geo.MaxSpeed(0)},
	} {
		if _, err := newAuth(e, authtest.NewLogin(), geo.New(openDB(t), opts...)); err == nil {
			t.Errorf("New accepted %d bad options", len(opts))
		}
	}
	if _, err := newAuth(e, authtest.NewLogin(), geo.New(nil)); err == nil {
		t.Error("New accepted a geo plugin with no GeoIP")
	}
}
