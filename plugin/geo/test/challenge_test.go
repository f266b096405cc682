package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/plugin/pow"
)

// TestCountryChallenge: a country of ChallengeCountries answers
// "challenge": its clients pass with a proof of work (the pow plugin, a
// real Challenger) and are refused without one; other countries pass
// without; a denied country stays refused. ChallengeCountries without a
// Challenger plugin is refused at start-up, since a demand nobody asks
// for would pass.
func TestCountryChallenge(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := openDB(t)
		login, evs := authtest.NewLogin(), &authtest.EventLog{}
		a, err := newAuth(e, login, geo.New(db, geo.ChallengeCountries("AU"), geo.DenyCountries("US")),
			pow.New(pow.OnlyWhenDemanded(), pow.WithDifficulty(4)), auth.WithEventSink(evs.Sink))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		f := &fixture{a: a, login: login, events: evs}
		f.h = serve(a)
		f.first = authtest.NewClient(t, f.h)

		wantStatus(t, "sign-in from Amsterdam", f.at(t, amsterdam).signIn("ada"), http.StatusOK, "")
		sydney := f.at(t, sydney)
		wantStatus(t, "sign-in from Sydney without a proof", sydney.signIn("ada"), http.StatusForbidden, "pow_required")
		var p struct {
			Challenge  string
			Difficulty int
		}
		res := sydney.post("/auth/pow/challenge", map[string]string{"op": "authtest.signIn"})
		wantStatus(t, "a puzzle for Sydney", res, http.StatusOK, "")
		res.Decode(t, &p)
		proof, err := pow.Solve(context.Background(), p.Challenge, p.Difficulty)
		if err != nil {
			t.Fatal(err)
		}
		h := sydney.header()
		h.Set(pow.Header, proof)
		wantStatus(t, "sign-in from Sydney with a proof",
			sydney.c.Do(http.MethodPost, "/auth/authtest/sign-in", map[string]string{"name": "ada"}, h), http.StatusOK, "")
		wantStatus(t, "sign-in from a denied country", f.at(t, usOnly).signIn("ada"), http.StatusForbidden, "country_refused")
		if got := f.events.Of(geo.EventChallenged); len(got) != 2 || got[0].Detail != "country=AU" {
			t.Errorf("challenge events = %+v, want one per Sydney sign-in", got)
		}

		if _, err := newAuth(e, authtest.NewLogin(), geo.New(db, geo.ChallengeCountries("AU"))); err == nil {
			t.Error("New accepted ChallengeCountries with no Challenger plugin")
		}
		if _, err := newAuth(e, authtest.NewLogin(), geo.New(db, geo.ChallengeUnknown())); err == nil {
			t.Error("New accepted ChallengeUnknown with no Challenger plugin")
		}
	})
}
