package test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestJourney: enrol an authenticator app, sign in again and pass the
// second factor with it, then with a recovery code; regenerate the codes,
// remove the factor; with database sessions, and with stateless ones
// (whose pending token dies at the pass through the revocation list, and
// whose other sessions end at the removal through the user's epoch).
func TestJourney(t *testing.T) {
	for name, opts := range map[string]func(t *testing.T) []auth.Option{
		"database": func(*testing.T) []auth.Option { return nil },
		"stateless with a revocation list": func(t *testing.T) []auth.Option {
			return []auth.Option{auth.WithStatelessSessions(statelessKeys(t)),
				auth.WithSessionRevocations(auth.DatabaseSessionRevocations())}
		},
	} {
		t.Run(name, func(t *testing.T) { journey(t, opts) })
	}
}

// journey is TestJourney with the session options of opts.
func journey(t *testing.T, opts func(t *testing.T) []auth.Option) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{auth: opts(t)})
		const addr = "ada@example.com"
		first := f.account(t, addr)
		k, codes := f.enrolTOTP(t, first)
		if len(codes) != 10 || len(codes[0]) != 19 {
			t.Fatalf("recovery codes = %q, want 10 of XXXX-XXXX-XXXX-XXXX", codes)
		}
		if got := f.mail.Last(t, addr, "two-factor-added").Text; !strings.Contains(got, `authenticator app "phone"`) {
			t.Errorf("the notice of the new factor says %q", got)
		}

		// A password sign-in now waits for the second factor.
		c := f.signIn(t, addr)
		wantError(t, "GET /session of a pending session", c.Get("/auth/session"), http.StatusForbidden, "second_factor_required")
		wantError(t, "listing sessions", c.Get("/auth/sessions"), http.StatusForbidden, "second_factor_required")
		wantError(t, "enrolling from a pending session", c.Post("/auth/two-factor/enrol", map[string]string{"method": "totp"}),
			http.StatusForbidden, "second_factor_required")
		pendingToken := c.Token
		wantError(t, "a wrong code", c.Post("/auth/two-factor/verify", map[string]string{"method": "totp", "code": "000000"}),
			http.StatusBadRequest, "invalid_code")
		wantError(t, "an unknown method", c.Post("/auth/two-factor/verify", map[string]string{"method": "email", "code": "000000"}),
			http.StatusBadRequest, "second_factor_method_unavailable")
		f.nextStep()
		code := k.Code(f.clock.Now())
		var in struct {
			Session struct {
				Data map[string]any `json:"data"`
			} `json:"session"`
		}
		mustPost(t, c, "/auth/two-factor/verify", map[string]string{"method": "totp", "code": code}, http.StatusOK).Decode(t, &in)
		if passed, _ := in.Session.Data["secondFactor"].(map[string]any); passed["method"] != "totp" {
			t.Errorf("the new session's data = %v, want secondFactor.method totp", in.Session.Data)
		}
		if c.Token == pendingToken {
			t.Fatal("passing the second factor kept the pending session's token")
		}
		mustGet(t, c, "/auth/session", http.StatusOK)
		old := f.client(t)
		old.Token = pendingToken
		wantError(t, "the pending session's token after the pass", old.Get("/auth/session"), http.StatusUnauthorized, "no_session")

		// The same code again, from another pending session: refused.
		replay := f.signIn(t, addr)
		wantError(t, "a replayed code", replay.Post("/auth/two-factor/verify", map[string]string{"method": "totp", "code": code}),
			http.StatusBadRequest, "invalid_code")
		// A recovery code works once, however it is typed.
		typed := strings.ToLower(strings.ReplaceAll(codes[3], "-", " "))
		mustPost(t, replay, "/auth/two-factor/verify", map[string]string{"method": "recovery", "code": typed}, http.StatusOK)
		again := f.signIn(t, addr)
		wantError(t, "a used recovery code", again.Post("/auth/two-factor/verify", map[string]string{"method": "recovery", "code": codes[3]}),
			http.StatusBadRequest, "invalid_code")

		var list struct {
			Enabled           bool `json:"enabled"`
			Factors           []struct{ ID, Method, Name string }
			RecoveryCodesLeft int `json:"recoveryCodesLeft"`
		}
		mustGet(t, replay, "/auth/two-factor/factors", http.StatusOK).Decode(t, &list)
		if !list.Enabled || len(list.Factors) != 1 || list.Factors[0].Name != "phone" || list.RecoveryCodesLeft != 9 {
			t.Fatalf("factors = %+v, want the phone and 9 codes", list)
		}
		var fresh struct{ Codes []string }
		mustPost(t, replay, "/auth/two-factor/recovery-codes", nil, http.StatusOK).Decode(t, &fresh)
		if len(fresh.Codes) != 10 {
			t.Fatalf("regenerated %d codes, want 10", len(fresh.Codes))
		}
		wantError(t, "an old code after regenerating", again.Post("/auth/two-factor/verify", map[string]string{"method": "recovery", "code": codes[0]}),
			http.StatusBadRequest, "invalid_code")

		// Removing the factor ends the other sessions and tells the address.
		mustPost(t, replay, "/auth/two-factor/remove", map[string]string{"factorId": list.Factors[0].ID}, http.StatusOK)
		wantError(t, "another session after the removal", first.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		mustGet(t, replay, "/auth/session", http.StatusOK)
		if f.mail.Last(t, addr, "two-factor-removed").Text == "" {
			t.Error("no notice of the removal")
		}
		if len(f.events.Of("second_factor_removed")) != 1 {
			t.Errorf("second_factor_removed events = %d, want 1", len(f.events.Of("second_factor_removed")))
		}
		// Without a factor, a sign-in is complete at once.
		mustGet(t, f.signIn(t, addr), "/auth/session", http.StatusOK)
	})
}

func mustGet(t *testing.T, c *authtest.Client, path string, status int) *authtest.Response {
	t.Helper()
	res := c.Get(path)
	if res.Status != status {
		t.Fatalf("GET %s = %d %s, want %d", path, res.Status, res.Body, status)
	}
	return res
}
