package test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/handoff"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSingleUseRace: one handoff token redeemed by 20 concurrent
// requests starts exactly one session.
func TestSingleUseRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		token := start(t, desktop, nil)
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		const n = 20
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, tokens := 0, map[string]bool{}
		gun := make(chan struct{})
		for range n {
			wg.Go(func() {
				<-gun
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/auth/handoff/redeem", strings.NewReader(`{"token":"`+token+`"}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Auth-Token-Mode", "bearer")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				mu.Lock()
				defer mu.Unlock()
				switch res.StatusCode {
				case http.StatusOK:
					wins++
					tokens[res.Header.Get("Auth-Token")] = true
				case http.StatusBadRequest:
				default:
					t.Errorf("POST /handoff/redeem = %d, want 200 or 400", res.StatusCode)
				}
			})
		}
		close(gun)
		wg.Wait()
		if wins != 1 || len(tokens) != 1 {
			t.Errorf("%d of %d requests redeemed one token (%d session tokens), want 1", wins, n, len(tokens))
		}
	})
}

// TestCodeVerifier: a handoff started with a challenge is redeemed with
// its verifier only; a wrong or missing verifier, or one sent for a
// handoff without a challenge, is refused and uses the token up; plain
// challenges are refused; WithRequiredChallenge refuses a start without
// one.
func TestCodeVerifier(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		verifier := handoff.NewVerifier()
		withChallenge := map[string]string{"codeChallenge": handoff.Challenge(verifier), "codeChallengeMethod": "S256"}
		other := handoff.NewVerifier().Reveal()
		tests := []struct {
			name  string
			start map[string]string
			redo  map[string]string // the refused redemption's extra fields
		}{
			{"a wrong verifier", withChallenge, map[string]string{"codeVerifier": other}},
			{"no verifier", withChallenge, nil},
			{"the challenge as verifier", withChallenge, map[string]string{"codeVerifier": handoff.Challenge(verifier)}},
			{"a verifier without a challenge", nil, map[string]string{"codeVerifier": verifier.Reveal()}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				token := start(t, desktop, tt.start)
				body := map[string]string{"token": token}
				for k, v := range tt.redo {
					body[k] = v
				}
				wantError(t, "redeem with "+tt.name, f.browser(t).Post("/auth/handoff/redeem", body), http.StatusBadRequest, "invalid_code_verifier")
				right := map[string]string{"token": token}
				if tt.start != nil {
					right["codeVerifier"] = verifier.Reveal()
				}
				wantError(t, "the right redemption after "+tt.name, f.browser(t).Post("/auth/handoff/redeem", right),
					http.StatusBadRequest, "invalid_token_or_expired")
			})
		}
		token := start(t, desktop, withChallenge)
		mustPost(t, f.browser(t), "/auth/handoff/redeem", map[string]string{"token": token, "codeVerifier": verifier.Reveal()})

		for _, body := range []map[string]string{
			{"codeChallenge": verifier.Reveal(), "codeChallengeMethod": "plain"},
			{"codeChallenge": handoff.Challenge(verifier)},
			{"codeChallengeMethod": "S256"},
			{"codeChallenge": "short", "codeChallengeMethod": "S256"},
		} {
			wantError(t, "start with "+body["codeChallenge"]+" "+body["codeChallengeMethod"], desktop.Post("/auth/handoff/start", body),
				http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "redeem with a short verifier", f.browser(t).Post("/auth/handoff/redeem",
			map[string]string{"token": start(t, desktop, withChallenge), "codeVerifier": "short"}), http.StatusBadRequest, "invalid_input")

		strict := newFixture(t, e, setup{ho: []handoff.Option{handoff.WithRequiredChallenge()}})
		app := strict.desktop(t)
		strict.signIn(t, app, "ada@example.com")
		wantError(t, "a start without a challenge", app.Post("/auth/handoff/start", nil), http.StatusBadRequest, "code_challenge_required")
		start(t, app, withChallenge)
	})
}

// TestExpiry: a token works for 3 minutes, and never past the handing
// session's expiry.
func TestExpiry(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		early, late := start(t, desktop, nil), start(t, desktop, nil)
		f.clock.Advance(handoff.DefaultTTL - time.Second)
		mustPost(t, f.browser(t), "/auth/handoff/redeem", map[string]string{"token": early})
		f.clock.Advance(time.Second)
		wantError(t, "redeem after 3 minutes", f.browser(t).Post("/auth/handoff/redeem", map[string]string{"token": late}),
			http.StatusBadRequest, "invalid_token_or_expired")

		short := newFixture(t, e, setup{auth: []auth.Option{auth.WithSessionLifetime(2 * time.Minute), auth.WithSessionUpdateAge(time.Minute)}})
		app := short.desktop(t)
		short.signIn(t, app, "ada@example.com")
		short.clock.Advance(90 * time.Second)
		var s struct{ ExpiresAt time.Time }
		mustPost(t, app, "/auth/handoff/start", nil).Decode(t, &s)
		if exp := me(t, app).Session.ExpiresAt; !s.ExpiresAt.Equal(exp) {
			t.Errorf("a handoff of a session expiring at %v expires at %v, want the same", exp, s.ExpiresAt)
		}
	})
}

// TestHandingSessionEnds: signing the handing session out, or revoking
// it from another session, ends its handoffs.
func TestHandingSessionEnds(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		token := start(t, desktop, nil)
		mustPost(t, desktop, "/auth/sign-out", nil)
		wantError(t, "redeem after the sign-out", f.browser(t).Post("/auth/handoff/redeem", map[string]string{"token": token}),
			http.StatusBadRequest, "invalid_token_or_expired")

		f.signIn(t, desktop, "ada@example.com")
		token = start(t, desktop, nil)
		other := f.desktop(t)
		f.signIn(t, other, "ada@example.com")
		mustPost(t, other, "/auth/sessions/revoke", map[string]string{"id": me(t, desktop).Session.ID})
		wantError(t, "redeem after a revocation", f.browser(t).Post("/auth/handoff/redeem", map[string]string{"token": token}),
			http.StatusBadRequest, "invalid_token_or_expired")
	})
}

// TestAccountEventsEndIt: every account-security event ends the user's
// handoffs: signing out everywhere from another session, and a password
// change or signing out everywhere from the handing session itself, whose
// tokens the core spares.
func TestAccountEventsEndIt(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		other := f.desktop(t)
		f.signIn(t, other, "ada@example.com")
		events := []struct {
			name string
			by   *authtest.Client
			path string
			body any
		}{
			{"revoke-others from another session", other, "/auth/sessions/revoke-others", nil},
			{"revoke-others from the handing session", desktop, "/auth/sessions/revoke-others", nil},
			{"a password change from the handing session", desktop, "/auth/password/change",
				map[string]string{"currentPassword": pw, "newPassword": "another horse battery"}},
		}
		for _, ev := range events {
			if me(t, desktop).User.ID == "" {
				f.signIn(t, desktop, "ada@example.com")
			}
			if me(t, other).User.ID == "" {
				f.signIn(t, other, "ada@example.com")
			}
			token := start(t, desktop, nil)
			mustPost(t, ev.by, ev.path, ev.body)
			wantError(t, "redeem after "+ev.name, f.browser(t).Post("/auth/handoff/redeem", map[string]string{"token": token}),
				http.StatusBadRequest, "invalid_token_or_expired")
		}
	})
}

// TestNoFresher: the receiving session is no fresher than the handing
// one: a handoff of a stale session cannot change credentials, nor hand
// on to a session that can, through any number of handoffs.
func TestNoFresher(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		f.clock.Advance(auth.DefaultFreshAge + time.Minute)
		change := map[string]string{"currentPassword": pw, "newPassword": "another horse battery"}
		wantError(t, "a change from the stale desktop", desktop.Post("/auth/password/change", change), http.StatusForbidden, "fresh_session_required")
		browser := f.browser(t)
		mustPost(t, browser, "/auth/handoff/redeem", map[string]string{"token": start(t, desktop, nil)})
		wantError(t, "a change from the handed browser", browser.Post("/auth/password/change", change), http.StatusForbidden, "fresh_session_required")
		wantError(t, "enrolling a factor from the handed browser", browser.Post("/auth/two-factor/enrol", map[string]string{"method": "totp"}),
			http.StatusForbidden, "fresh_session_required")
		app := f.desktop(t)
		mustPost(t, app, "/auth/handoff/redeem", map[string]string{"token": start(t, browser, nil)})
		wantError(t, "a change after two handoffs", app.Post("/auth/password/change", change), http.StatusForbidden, "fresh_session_required")
		if got, want := me(t, app).Session.CreatedAt, me(t, desktop).Session.CreatedAt; !got.Equal(want) {
			t.Errorf("the second receiver's session was created at %v, want the first sign-in's %v", got, want)
		}

		// A fresh session hands on a fresh one, as fresh as itself.
		fresh := f.desktop(t)
		f.signIn(t, fresh, "ada@example.com")
		f.clock.Advance(time.Minute)
		receiver := f.browser(t)
		mustPost(t, receiver, "/auth/handoff/redeem", map[string]string{"token": start(t, fresh, nil)})
		mustPost(t, receiver, "/auth/password/change", change)
	})
}

// TestPendingSecondFactorCannotStart: a session waiting for its second
// factor cannot start a handoff, over HTTP or as a Go call.
func TestPendingSecondFactorCannotStart(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		f.enrolTOTP(t, desktop)
		pending := f.desktop(t)
		f.signIn(t, pending, "ada@example.com")
		wantError(t, "start from a pending session", pending.Post("/auth/handoff/start", nil), http.StatusForbidden, "second_factor_required")
		browser := f.browser(t)
		f.signIn(t, browser, "ada@example.com")
		wantError(t, "start from a pending browser", browser.Post("/auth/handoff/start", nil), http.StatusForbidden, "second_factor_required")
		_, err := f.ho.Start(auth.WithSessionToken(t.Context(), auth.NewSecret(pending.Token)), handoff.StartRequest{})
		if ae := auth.AsError(err); ae.Code != twofactor.ErrSecondFactorRequired.Code {
			t.Errorf("Start(pending) = %v, want %v", err, twofactor.ErrSecondFactorRequired)
		}
		if n := countTokens(t, f); n != 0 {
			t.Errorf("%d handoff tokens issued to pending sessions", n)
		}
	})
}

// TestSecondFactorOnHandoff: with a policy that asks every sign-in for
// the second factor, a handoff's session is pending too; passing the
// factor gives a session as old as the handing one, so a stale session
// stays stale through it.
func TestSecondFactorOnHandoff(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithPolicy(twofactor.EverySignIn)}})
		desktop := f.desktop(t)
		f.account(t, desktop, "ada@example.com")
		key := f.enrolTOTP(t, desktop)
		f.clock.Advance(auth.DefaultFreshAge + time.Minute)
		browser := f.browser(t)
		mustPost(t, browser, "/auth/handoff/redeem", map[string]string{"token": start(t, desktop, nil)})
		wantError(t, "the pending receiver's session", browser.Get("/auth/session"), http.StatusForbidden, "second_factor_required")
		mustPost(t, browser, "/auth/two-factor/verify", map[string]any{"method": "totp", "code": key.Code(f.clock.Now())})
		got := me(t, browser).Session
		if got.Credential != handoff.Credential || !got.CreatedAt.Equal(me(t, desktop).Session.CreatedAt) {
			t.Errorf("the session after the factor = %+v, want a handoff session created at %v", got, me(t, desktop).Session.CreatedAt)
		}
		wantError(t, "a change after passing the factor", browser.Post("/auth/password/change",
			map[string]string{"currentPassword": pw, "newPassword": "another horse battery"}), http.StatusForbidden, "fresh_session_required")
	})
}

// countTokens counts the handoff tokens ever issued.
func countTokens(t *testing.T, f *fixture) int64 {
	t.Helper()
	var n int64
	err := f.e.SQL().One(t.Context(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Tokens).Where(auth.TokenPurpose.Eq("handoff.session")))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
