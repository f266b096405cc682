package test

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/pow"
)

// TestRuleOutcomesOverHTTP: under a rule with a challenge threshold, a
// client's calls are allowed, then challenged (a proof lets them
// through), then refused, proof or not.
func TestRuleOutcomesOverHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.OnlyWhenDemanded()},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		c := f.client(t, "203.0.113.7")
		// allow: under the threshold no proof is needed.
		wantOK(t, "sign-in 1", c.signIn("ada", ""))
		wantOK(t, "sign-in 2", c.signIn("ada", ""))
		// challenge: past it, a call without a proof is refused ...
		wantError(t, "sign-in 3 without a proof", c.signIn("ada", ""), http.StatusForbidden, "pow_required")
		// ... and one with a proof passes.
		wantOK(t, "sign-in 4 with a proof", c.signIn("ada", c.proof(t, signIn)))
		wantOK(t, "sign-in 5 with a proof", c.signIn("ada", c.proof(t, signIn)))
		wantOK(t, "sign-in 6 with a proof", c.signIn("ada", c.proof(t, signIn)))
		// refuse: past the limit, even a good proof is refused.
		proof := c.proof(t, signIn)
		res := c.signIn("ada", proof)
		wantError(t, "sign-in 7 with a proof", res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("a refusal past the limit has no Retry-After")
		}
		// Another client is counted apart: allowed.
		wantOK(t, "another client's sign-in", f.client(t, "198.51.100.1").signIn("ada", ""))
		// The window passes: allowed again.
		f.clock.Advance(2 * time.Minute)
		wantOK(t, "sign-in after the window", c.signIn("ada", ""))
	})
}

// TestRuleOutcomesAsGoCalls: the same outcomes for typed Go calls made
// while serving a client.
func TestRuleOutcomesAsGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.OnlyWhenDemanded()},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		ctx := from("203.0.113.7")
		proof := func() string {
			p, err := f.pow.Puzzle(ctx, pow.PuzzleRequest{Op: signIn})
			if err != nil {
				t.Fatalf("Puzzle = %v", err)
			}
			return solve(t, p)
		}
		for range 2 {
			_, err := f.login.SignIn(ctx, "ada")
			wantCode(t, "SignIn under the threshold", err, nil)
		}
		_, err := f.login.SignIn(ctx, "ada")
		wantCode(t, "SignIn past the threshold without a proof", err, pow.ErrRequired)
		for range 3 {
			_, err = f.login.SignIn(pow.WithProof(ctx, proof()), "ada")
			wantCode(t, "SignIn past the threshold with a proof", err, nil)
		}
		_, err = f.login.SignIn(pow.WithProof(ctx, proof()), "ada")
		wantCode(t, "SignIn past the limit with a proof", err, auth.ErrRateLimited)
	})
}

// TestAccountRuleDemands: a per-account rule demands a challenge too,
// for server calls with no client address as well.
func TestAccountRuleDemands(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.OnlyWhenDemanded()}, auth: []auth.Option{auth.WithRateLimit(signIn,
			auth.RateRules{Account: auth.RateRule{Limit: 4, Window: time.Minute, Challenge: 1}})}})
		ctx := t.Context()
		_, err := f.login.SignIn(ctx, "ada")
		wantCode(t, "first SignIn of ada", err, nil)
		_, err = f.login.SignIn(ctx, "ada")
		wantCode(t, "second SignIn of ada without a proof", err, pow.ErrRequired)
		_, err = f.login.SignIn(ctx, "grace")
		wantCode(t, "first SignIn of grace", err, nil)
		p, err := f.pow.Puzzle(ctx, pow.PuzzleRequest{Op: signIn})
		wantCode(t, "Puzzle", err, nil)
		_, err = f.login.SignIn(pow.WithProof(ctx, solve(t, p)), "ada")
		wantCode(t, "SignIn of ada with a proof", err, nil)
	})
}

// TestAlwaysGuarded: an operation named by WithOperations needs a proof
// on every call, with no rate rule at all.
func TestAlwaysGuarded(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.WithOperations(signIn)}, auth: []auth.Option{auth.WithoutRateLimits()}})
		c := f.client(t, "203.0.113.7")
		wantError(t, "sign-in without a proof", c.signIn("ada", ""), http.StatusForbidden, "pow_required")
		wantOK(t, "sign-in with a proof", c.signIn("ada", c.proof(t, signIn)))
		// Operations not guarded need nothing.
		wantOK(t, "an unguarded operation", c.post("/auth/other/issue", nil, ""))
	})
}

// TestDifficultyRises: past the challenge threshold of the operation's
// per-IP rule each puzzle is one bit harder, up to the maximum; past
// the limit no puzzle is issued; another client starts low.
func TestDifficultyRises(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{pow: []pow.Option{pow.OnlyWhenDemanded(), pow.WithRaise(1, difficulty+2)},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		c := f.client(t, "203.0.113.7")
		want := []int{difficulty, difficulty, difficulty + 1, difficulty + 2, difficulty + 2, difficulty + 2}
		for i, w := range want {
			if got := c.puzzle(t, signIn).Difficulty; got != w {
				t.Errorf("puzzle %d: difficulty %d, want %d", i+1, got, w)
			}
		}
		wantError(t, "a puzzle past the limit", c.post("/auth/pow/challenge", map[string]string{"op": signIn}, ""),
			http.StatusTooManyRequests, "rate_limited")
		if got := f.client(t, "198.51.100.1").puzzle(t, signIn).Difficulty; got != difficulty {
			t.Errorf("another client's first puzzle: difficulty %d, want %d", got, difficulty)
		}
	})
}
