package test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/terms"
)

// signedInBrowser signs a new person up and in, in cookie mode.
func signedInBrowser(t *testing.T, f *fixture, addr string) *client {
	t.Helper()
	b := f.browser()
	f.signUp(b, addr, "correct horse battery")
	var in signedIn
	b.do(signIn, map[string]any{"e": addr, "p": "correct horse battery"}).field(t, "passwordSignIn", &in)
	return b
}

// TestMutationCannotSkipRateLimits sends password guesses as aliases of
// one GraphQL request: each counts against the operation's limit, as a
// request to its route does (the counter is the route's: once GraphQL
// spent it, the route answers 429 too), and the refusal carries
// retryAfter; time passing lets the next guess through.
func TestMutationCannotSkipRateLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		rules := auth.RateRules{IP: auth.RateRule{Limit: 3, Window: time.Minute}}
		f := newFixture(t, e, setup{opts: []auth.Option{auth.WithRateLimit("password.signIn", rules)}})
		var q strings.Builder
		q.WriteString("mutation {")
		for i := range 5 {
			fmt.Fprintf(&q, ` g%d: passwordSignIn(input: {email: "nobody@example.com", password: "guess %d"}) { user { id } }`, i, i)
		}
		q.WriteString(" }")
		r := f.app().do(q.String(), nil)
		codes := map[string]string{}
		for _, e := range r.Errors {
			codes[fmt.Sprint(e.Path...)], _ = e.Extensions["code"].(string)
			if e.Extensions["code"] == "rate_limited" {
				if ra, _ := e.Extensions["retryAfter"].(float64); ra < 1 || e.Extensions["status"] != float64(http.StatusTooManyRequests) {
					t.Errorf("rate_limited extensions = %v, want status 429 and retryAfter ≥ 1", e.Extensions)
				}
			}
		}
		want := map[string]string{"g0": "invalid_credentials", "g1": "invalid_credentials", "g2": "invalid_credentials",
			"g3": "rate_limited", "g4": "rate_limited"}
		if fmt.Sprint(codes) != fmt.Sprint(want) {
			t.Fatalf("five aliased guesses = %v, want %v", codes, want)
		}
		// The route shares the count.
		resp := authtest.ClientOf(t, f.origin+"/auth").Post("/password/sign-in",
			map[string]string{"email": "nobody@example.com", "password": "guess"})
		if resp.Status != http.StatusTooManyRequests {
			t.Errorf("the route after GraphQL spent the limit = %d, want 429", resp.Status)
		}
		f.clock.Advance(2 * time.Minute)
		if got := f.app().do(signIn, map[string]any{"e": "nobody@example.com", "p": "guess"}).code(t); got != "invalid_credentials" {
			t.Errorf("a guess once the window passed = %q, want invalid_credentials", got)
		}
	})
}

// TestOriginCheck: a mutation that carries the session cookie from a
// foreign Origin, or with none, is refused with invalid_origin and does
// nothing; a GET request cannot carry a mutation at all; a mutation
// authenticated by a bearer token, which a browser never sends on its own,
// is not subject to the check.
func TestOriginCheck(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		b := signedInBrowser(t, f, "ada@example.com")
		for _, origin := range []string{"https://evil.example", "null", ""} {
			b.origin = origin
			r := b.do(`mutation { coreSignOut }`, nil)
			if got := r.code(t); got != "invalid_origin" {
				t.Errorf("coreSignOut with the cookie from Origin %q = %q, want invalid_origin", origin, got)
			}
			if len(r.Errors) == 1 && r.Errors[0].Extensions["status"] != float64(http.StatusForbidden) {
				t.Errorf("invalid_origin status = %v, want 403", r.Errors[0].Extensions["status"])
			}
		}
		b.origin = "https://evil.example"
		if r := b.get(`mutation { coreSignOut }`); len(r.Errors) == 0 {
			t.Error("a mutation over GET ran, want it refused")
		}
		b.origin = f.origin
		var cur struct{ Session struct{ ID string } }
		b.do(session, nil).field(t, "coreSession", &cur) // still signed in: nothing ran
		if cur.Session.ID == "" {
			t.Fatal("the session ended, want it alive after the refused mutations")
		}

		// Bearer mode, no Origin: a client that is no browser.
		app := f.app()
		f.signUp(f.browser(), "bob@example.com", "correct horse battery")
		r := app.do(signIn, map[string]any{"e": "bob@example.com", "p": "correct horse battery"})
		app.token = r.header.Get("Auth-Token")
		var out bool
		app.do(`mutation { coreSignOut }`, nil).field(t, "coreSignOut", &out)
		if !out {
			t.Error("coreSignOut in bearer mode without an Origin = false, want true")
		}
	})
}

// TestAuthenticated: @authenticated lets a host's field through only for
// a signed-in user: without a session, or with a token that names none,
// the field is refused with no_session and its resolver never runs.
func TestAuthenticated(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		anon := f.browser()
		forged := f.app()
		forged.token = "forged-token"
		for name, c := range map[string]*client{"no session": anon, "forged token": forged} {
			r := c.do(`{ me }`, nil)
			if got := r.code(t); got != "no_session" || string(r.Data["me"]) != "" && string(r.Data["me"]) != "null" {
				t.Errorf("me with %s = %q, data %s; want no_session and no data", name, got, r.Data["me"])
			}
			if got := c.do(`mutation { note(text: "x") }`, nil).code(t); got != "no_session" {
				t.Errorf("note with %s = %q, want no_session", name, got)
			}
		}
		b := signedInBrowser(t, f, "ada@example.com")
		var note string
		b.do(`mutation { note(text: "hello") }`, nil).field(t, "note", &note)
		if note != "hello" {
			t.Errorf("note = %q, want hello", note)
		}
	})
}

// TestAuthenticatedBlockedSession: a session that a session check blocks
// (terms still to accept) counts as none for @authenticated, which answers
// the check's refusal, and for the operations that check sessions, as
// over the routes.
func TestAuthenticatedBlockedSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{opts: []auth.Option{auth.WithPlugins(terms.New("2026-11"))}})
		b := signedInBrowser(t, f, "ada@example.com")
		r := b.do(`{ me }`, nil)
		if got := r.code(t); got != "terms_not_accepted" {
			t.Errorf("me with a session blocked by terms = %q, want terms_not_accepted", got)
		}
		if got := b.do(`mutation { note(text: "x") }`, nil).code(t); got != "terms_not_accepted" {
			t.Errorf("note with a session blocked by terms = %q, want terms_not_accepted", got)
		}
		if got := b.do(`{ coreListSessions { sessions { id } } }`, nil).code(t); got != "terms_not_accepted" {
			t.Errorf("coreListSessions with a session blocked by terms = %q, want terms_not_accepted", got)
		}
	})
}
