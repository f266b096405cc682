package test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/descope/virtualwebauthn"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/passkey"
)

// TestSignInRefusals: an answer for another origin, a replayed challenge,
// another browser's challenge, a registration challenge, an unknown
// passkey and an answer without user verification are all refused, on
// every engine; a refused answer leaves its challenge to its browser.
func TestSignInRefusals(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		f.account(t, b, "ada")
		b.register(t, "Laptop")
		b.post(t, "/auth/sign-out", nil, http.StatusOK)
		signIn := func(c *authtest.Client, answer json.RawMessage) *authtest.Response {
			return c.Post("/auth/passkey/sign-in", map[string]any{"credential": answer})
		}

		t.Run("wrong origin", func(t *testing.T) {
			b.rp.Origin = "http://evil.localhost"
			answer := b.signInAnswer(t, 0)
			b.rp.Origin = origin
			authtest.WantError(t, "sign-in answered for another origin", signIn(b.c, answer), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("wrong relying party", func(t *testing.T) {
			b.rp.ID = "evil.localhost"
			answer := b.signInAnswer(t, 0)
			b.rp.ID = "localhost"
			authtest.WantError(t, "sign-in answered for another RP ID", signIn(b.c, answer), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("replayed challenge", func(t *testing.T) {
			answer := b.signInAnswer(t, 0)
			b.post(t, "/auth/passkey/sign-in", map[string]any{"credential": answer}, http.StatusOK)
			authtest.WantError(t, "the same answer again", signIn(b.c, answer), http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
			b.post(t, "/auth/sign-out", nil, http.StatusOK)
		})
		t.Run("challenge from another browser", func(t *testing.T) {
			answer := b.signInAnswer(t, 0)
			other := f.browser(t)
			authtest.WantError(t, "another browser's challenge", signIn(other.c, answer), http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
			// The refusal spent nothing: the browser that asked still can.
			b.post(t, "/auth/passkey/sign-in", map[string]any{"credential": answer}, http.StatusOK)
			b.post(t, "/auth/sign-out", nil, http.StatusOK)
		})
		t.Run("bearer flow", func(t *testing.T) {
			other := f.browser(t)
			res := other.post(t, "/auth/passkey/sign-in/options", map[string]any{"bearer": true}, http.StatusOK)
			var opts passkey.SignInOptions
			res.Decode(t, &opts)
			if opts.Flow == "" || len(res.Header.Values("Set-Cookie")) != 0 {
				t.Fatalf("bearer options = %s with cookies %q, want a flow and no cookie", res.Body, res.Header.Values("Set-Cookie"))
			}
			answer := b.assert(t, res.Body, 0)
			authtest.WantError(t, "a bearer challenge without its flow", signIn(other.c, answer), http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
			bad := other.c.Post("/auth/passkey/sign-in", map[string]any{"credential": answer, "flow": strings.Repeat("A", 43)})
			authtest.WantError(t, "a bearer challenge with another flow", bad, http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
			other.post(t, "/auth/passkey/sign-in", map[string]any{"credential": answer, "flow": opts.Flow}, http.StatusOK)
		})
		t.Run("registration challenge", func(t *testing.T) {
			authtest.SignIn(t, b.c, "/auth", "ada")
			res := b.post(t, "/auth/passkey/register/options", nil, http.StatusOK)
			b.post(t, "/auth/sign-out", nil, http.StatusOK)
			var opts passkey.RegisterOptions
			res.Decode(t, &opts)
			// Answer the registration's challenge as if it were a sign-in's.
			asked, _ := json.Marshal(map[string]any{"publicKey": map[string]any{"challenge": opts.PublicKey.Challenge, "rpId": "localhost"}})
			authtest.WantError(t, "a registration challenge used to sign in", signIn(b.c, b.assert(t, asked, 0)),
				http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
		})
		t.Run("unknown passkey", func(t *testing.T) {
			other := f.browser(t)
			other.authr.Options.UserHandle = b.authr.Options.UserHandle
			other.keys = append(other.keys, newKey(t))
			authtest.WantError(t, "an unregistered passkey", signIn(other.c, other.signInAnswer(t, 0)), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("another key for a registered ID", func(t *testing.T) {
			forged := b.keys[0]
			forged.Key = newKey(t).Key
			b.keys = append(b.keys, forged)
			authtest.WantError(t, "a forged signature", signIn(b.c, b.signInAnswer(t, 1)), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("no user handle", func(t *testing.T) {
			handle := b.authr.Options.UserHandle
			b.authr.Options.UserHandle = nil
			answer := b.signInAnswer(t, 0)
			b.authr.Options.UserHandle = handle
			authtest.WantError(t, "a discoverable answer without a user handle", signIn(b.c, answer), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("user verification required by default", func(t *testing.T) {
			b.authr.Options.UserNotVerified = true
			answer := b.signInAnswer(t, 0)
			b.authr.Options.UserNotVerified = false
			authtest.WantError(t, "an answer without user verification", signIn(b.c, answer), http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
		})
		t.Run("expired challenge", func(t *testing.T) {
			answer := b.signInAnswer(t, 0)
			f.clock.Advance(5*time.Minute + time.Second)
			authtest.WantError(t, "an answer after the challenge expired", signIn(b.c, answer), http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)
		})
		t.Run("malformed", func(t *testing.T) {
			for _, body := range []string{`{"credential":{}}`, `{"credential":{"id":"x","type":"public-key"}}`, `{"credential":"text"}`} {
				res := b.c.Post("/auth/passkey/sign-in", body)
				authtest.WantError(t, "sign-in with "+body, res, http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
			}
			authtest.WantError(t, "sign-in with no credential", b.c.Post("/auth/passkey/sign-in", `{}`), http.StatusBadRequest, auth.ErrInvalidInput.Code)
		})
	})
}

// TestUserVerificationPreferred: with a policy that does not require it,
// an answer without user verification signs in.
func TestUserVerificationPreferred(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, passkey.WithUserVerification(passkey.VerificationPreferred))
		b := f.browser(t)
		f.account(t, b, "ada")
		b.authr.Options.UserNotVerified = true
		b.register(t, "Key")
		b.post(t, "/auth/sign-out", nil, http.StatusOK)
		b.signIn(t, 0)
	})
}

// TestRegistrationRefusals: a registration needs a fresh session, its own
// session's challenge, the right origin and, by default, user
// verification; a passkey registered already is refused.
func TestRegistrationRefusals(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		b := f.browser(t)
		f.account(t, b, "ada")
		register := func(answer json.RawMessage) *authtest.Response {
			return b.c.Post("/auth/passkey/register", map[string]any{"credential": answer})
		}
		options := func() []byte { return b.post(t, "/auth/passkey/register/options", nil, http.StatusOK).Body }

		b.rp.Origin = "http://evil.localhost"
		answer, _ := b.attest(t, options())
		b.rp.Origin = origin
		authtest.WantError(t, "a registration for another origin", register(answer), http.StatusBadRequest, passkey.ErrInvalidRegistration.Code)

		b.authr.Options.UserNotVerified = true
		answer, _ = b.attest(t, options())
		b.authr.Options.UserNotVerified = false
		authtest.WantError(t, "a registration without user verification", register(answer), http.StatusBadRequest, passkey.ErrInvalidRegistration.Code)

		answer, cred := b.attest(t, options())
		b.post(t, "/auth/passkey/register", map[string]any{"credential": answer}, http.StatusOK)
		authtest.WantError(t, "the same registration again", register(answer), http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)

		// The same credential again, with a new challenge.
		opts, err := virtualwebauthn.ParseAttestationOptions(string(options()))
		if err != nil {
			t.Fatal(err)
		}
		again := json.RawMessage(virtualwebauthn.CreateAttestationResponse(b.rp, b.authr, cred, *opts))
		authtest.WantError(t, "a passkey registered already", register(again), http.StatusConflict, passkey.ErrPasskeyExists.Code)

		// Another person, or another session of the same, cannot finish it.
		pending := options()
		other := f.browser(t)
		authtest.SignIn(t, other.c, "/auth", "ada")
		answer, _ = b.attest(t, pending)
		res := other.c.Post("/auth/passkey/register", map[string]any{"credential": answer})
		authtest.WantError(t, "another session's registration", res, http.StatusBadRequest, passkey.ErrInvalidChallenge.Code)

		// A stale session can neither start nor finish one.
		pending = options()
		f.clock.Advance(11 * time.Minute)
		authtest.WantError(t, "registration options from a stale session", b.c.Post("/auth/passkey/register/options", nil),
			http.StatusForbidden, auth.ErrFreshSessionRequired.Code)
		answer, _ = b.attest(t, pending)
		authtest.WantError(t, "a registration from a stale session", register(answer), http.StatusForbidden, auth.ErrFreshSessionRequired.Code)

		signedOut := f.browser(t)
		authtest.WantError(t, "registration options signed out", signedOut.c.Post("/auth/passkey/register/options", nil),
			http.StatusUnauthorized, auth.ErrNoSession.Code)
	})
}

// TestSignCountRegression: a passkey whose counter goes backwards is a
// security event, and by default a refused sign-in; a backup state that
// changes is an event too.
func TestSignCountRegression(t *testing.T) {
	for _, allowed := range []bool{false, true} {
		t.Run(map[bool]string{false: "refused", true: "allowed"}[allowed], func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				var opts []passkey.Option
				if allowed {
					opts = append(opts, passkey.WithSignCountRegressionAllowed())
				}
				f := newFixture(t, e, opts...)
				b := f.browser(t)
				f.account(t, b, "ada")
				b.authr.Options.BackupEligible = true
				b.register(t, "Key")
				b.keys[0].Counter = 10
				b.signIn(t, 0)
				if n := len(f.events.of(passkey.EventSignCountRegressed)); n != 0 {
					t.Fatalf("%d regression events after a counter that went up", n)
				}
				b.keys[0].Counter = 7
				res := b.c.Post("/auth/passkey/sign-in", map[string]any{"credential": b.signInAnswer(t, 0)})
				if allowed && res.Status != http.StatusOK {
					t.Errorf("sign-in with a regressed counter = %d %s, want 200 when allowed", res.Status, res.Body)
				}
				if !allowed {
					authtest.WantError(t, "sign-in with a regressed counter", res, http.StatusUnauthorized, passkey.ErrInvalidPasskey.Code)
				}
				evs := f.events.of(passkey.EventSignCountRegressed)
				if len(evs) != 1 || !strings.Contains(evs[0].Detail, "counter 7 after 10") {
					t.Fatalf("regression events = %+v, want one of counter 7 after 10", evs)
				}

				b.keys[0].Counter = 20
				b.authr.Options.BackupState = true
				b.signIn(t, 0)
				evs = f.events.of(passkey.EventBackupStateChanged)
				if len(evs) != 1 || !strings.Contains(evs[0].Detail, "backed up true") {
					t.Fatalf("backup events = %+v, want one of backed up true", evs)
				}
				if got := b.list(t); !got[0].BackedUp || !got[0].BackupEligible {
					t.Errorf("passkey after its backup = %+v, want backed up", got[0])
				}
			})
		})
	}
}
