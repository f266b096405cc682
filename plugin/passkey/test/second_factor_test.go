package test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// TestSecondFactor: with the second factor on (an authenticator app), a
// passkey passes it: the pending session asks for the user's passkeys and
// is replaced by a new one; a passkey does not turn the second factor
// on by itself; another person's passkey and a session that waits for
// nothing are refused.
func TestSecondFactor(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		tf := twofactor.New(twofactor.WithPolicy(twofactor.EverySignIn))
		f := newFixtureWith(t, e, e.DB, []auth.Plugin{tf})
		b := f.browser(t)
		f.account(t, b, "ada")
		b.register(t, "laptop")
		// A passkey alone: the next sign-in is complete at once.
		authtest.SignIn(t, b.c, "/auth", "ada")
		if res := b.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("a sign-in of a user with only a passkey = %d %s, want no second factor", res.Status, res.Body)
		}
		b.post(t, "/auth/passkey/second-factor/options", map[string]any{}, http.StatusBadRequest)

		// Turn the second factor on with an authenticator app.
		var en struct{ FactorID, URI string }
		b.post(t, "/auth/two-factor/enrol", map[string]string{"method": "totp"}, http.StatusOK).Decode(t, &en)
		k, _, _, err := totp.ParseURI(en.URI)
		if err != nil {
			t.Fatal(err)
		}
		b.post(t, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": k.Code(f.clock.Now())}, http.StatusOK)

		authtest.SignIn(t, b.c, "/auth", "ada")
		var info struct{ Session *auth.Session }
		res := b.c.Get("/auth/session")
		if res.ErrorCode() != "second_factor_required" {
			t.Fatalf("a sign-in with the second factor on = %d %s", res.Status, res.Body)
		}
		// The pending session's methods include the passkey.
		mallory := f.browser(t)
		f.account(t, mallory, "mallory")
		mallory.register(t, "mallory's")
		opts := b.post(t, "/auth/passkey/second-factor/options", map[string]any{}, http.StatusOK)
		// Mallory's passkey cannot answer Ada's challenge.
		b.post(t, "/auth/passkey/second-factor", map[string]any{"credential": mallory.assert(t, opts.Body, 0)}, http.StatusUnauthorized)
		opts = b.post(t, "/auth/passkey/second-factor/options", map[string]any{}, http.StatusOK)
		var out passkey.SignedIn
		b.post(t, "/auth/passkey/second-factor", map[string]any{"credential": b.assert(t, opts.Body, 0)}, http.StatusOK).Decode(t, &out)
		b.c.Get("/auth/session").Decode(t, &info)
		var passed twofactor.Passed
		if ok, _ := info.Session.DataValue("secondFactor", &passed); !ok || passed.Method != "passkey" || info.Session.ID != out.Session.ID {
			t.Fatalf("after the passkey the session is %+v, want the new one, passed with a passkey", info.Session)
		}
		if methods, _ := twofactor.PendingMethods(info.Session); methods != nil || slices.Contains(methods, "passkey") {
			t.Fatalf("the new session still waits: %v", methods)
		}
	})
}
