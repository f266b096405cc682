package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		creds := map[string]string{"email": "ada@example.com", "password": "correct horse"}
		f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "Ada@Example.com", "password": "correct horse", "name": "Ada"}, http.StatusOK)
		wantError(t, "sign-in before verification", f.c.Post("/auth/password/sign-in", creds), http.StatusForbidden, "email_not_verified")
		wantError(t, "unverified, wrong password", f.c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "wrong horse"}),
			http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@example.com", email.PurposeVerify)}, http.StatusOK)

		res := f.post(t, f.c, "/auth/password/sign-in", creds, http.StatusOK)
		var in password.SignedIn
		res.Decode(t, &in)
		if in.User.Name != "Ada" || in.User.Fields["primaryEmail"] != "ada@example.com" || in.Session.Credential != "password" {
			t.Errorf("signed in as %+v with %+v", in.User, in.Session)
		}
		if !strings.Contains(res.Header.Get("Set-Cookie"), "sesame_session=") || strings.Contains(string(res.Body), "correct horse") {
			t.Errorf("sign-in answer: cookie %q, body %s", res.Header.Get("Set-Cookie"), res.Body)
		}
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("session after sign-in = %d %s", res.Status, res.Body)
		}

		// Bearer mode on another device.
		phone := authtest.NewClient(t, f.h)
		phone.Bearer, phone.Origin = true, ""
		f.post(t, phone, "/auth/password/sign-in", creds, http.StatusOK)
		if phone.Token == "" || phone.Get("/auth/session").Status != http.StatusOK {
			t.Fatalf("bearer sign-in gave token %q", phone.Token)
		}

		// Change, signing the other device out.
		wantError(t, "change with a wrong current password", f.c.Post("/auth/password/change",
			map[string]any{"currentPassword": "nope nope", "newPassword": "battery staple"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/password/change", map[string]any{"currentPassword": "correct horse", "newPassword": "battery staple"}, http.StatusOK)
		wantError(t, "the other device after the change", phone.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		if f.c.Get("/auth/session").Status != http.StatusOK {
			t.Error("the changing session was signed out")
		}
		f.mail.Last(t, "ada@example.com", password.PurposeChanged)
		wantError(t, "the old password", f.c.Post("/auth/password/sign-in", creds), http.StatusUnauthorized, "invalid_credentials")

		// Forgot and reset: single use, ends every session.
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ADA@example.com"}, http.StatusOK)
		first := f.mail.Token(t, "ada@example.com", password.PurposeReset)
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		token := f.mail.Token(t, "ada@example.com", password.PurposeReset)
		wantError(t, "a replaced reset link", f.c.Post("/auth/password/reset", map[string]string{"token": first, "password": "new password 1"}),
			http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "a reset to a short password", f.c.Post("/auth/password/reset", map[string]string{"token": token, "password": "short"}),
			http.StatusBadRequest, "password_too_short")
		f.post(t, f.c, "/auth/password/reset", map[string]string{"token": token, "password": "new password 1"}, http.StatusOK)
		wantError(t, "the reset link again", f.c.Post("/auth/password/reset", map[string]string{"token": token, "password": "new password 2"}),
			http.StatusBadRequest, "invalid_token_or_expired")
		wantError(t, "the session after a reset", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "new password 1"}, http.StatusOK)
	})
}

// TestResetVerifiesAndChangeRevokes: a reset proves the address; a
// password change revokes pending reset links.
func TestResetVerifiesAndChangeRevokes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "bo@example.com", "password": "first password"}, http.StatusOK)
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "bo@example.com"}, http.StatusOK)
		f.post(t, f.c, "/auth/password/reset", map[string]string{"token": f.mail.Token(t, "bo@example.com", password.PurposeReset), "password": "second password"}, http.StatusOK)
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "bo@example.com", "password": "second password"}, http.StatusOK)

		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "bo@example.com"}, http.StatusOK)
		pending := f.mail.Token(t, "bo@example.com", password.PurposeReset)
		f.post(t, f.c, "/auth/password/change", map[string]any{"currentPassword": "second password", "newPassword": "third password"}, http.StatusOK)
		wantError(t, "a reset link issued before a change", f.c.Post("/auth/password/reset", map[string]string{"token": pending, "password": "fourth password"}),
			http.StatusBadRequest, "invalid_token_or_expired")
	})
}

// TestOneHashPerSignIn counts hashes on every sign-in path.
func TestOneHashPerSignIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.signUp(t, "ada@example.com", "correct horse")
		f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "nopw@example.com", "password": "some password"}, http.StatusOK)
		var uid string
		db := f.a.DB()
		if err := db.One(context.Background(), sqlb.Select(auth.IdentityUserID.Into(&uid)).From(auth.Identities).
			Where(auth.IdentityValue.Eq("nopw@example.com"))); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(context.Background(), sqlb.Delete(password.Passwords).Where(password.PasswordUserID.Eq(uid))); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			name, email, pw string
			status          int
		}{
			{"unknown address", "nobody@example.com", "correct horse", http.StatusUnauthorized},
			{"malformed address", "not an address", "correct horse", http.StatusUnauthorized},
			{"account without a password", "nopw@example.com", "some password", http.StatusUnauthorized},
			{"wrong password", "ada@example.com", "wrong horse", http.StatusUnauthorized},
			{"right password", "ada@example.com", "correct horse", http.StatusOK},
		} {
			f.hasher.n.Store(0)
			res := f.c.Post("/auth/password/sign-in", map[string]string{"email": tt.email, "password": tt.pw})
			if res.Status != tt.status {
				t.Errorf("%s: sign-in = %d %s, want %d", tt.name, res.Status, res.Body, tt.status)
			}
			if n := f.hasher.n.Load(); n != 1 {
				t.Errorf("%s: %d hashes, want exactly 1", tt.name, n)
			}
		}
	})
}

// TestEnumerationSafety: sign-up of a taken address, forgot-password of an
// unknown one, and every failed sign-in answer alike.
func TestEnumerationSafety(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.signUp(t, "ada@example.com", "correct horse")
		same := func(what string, a, b *authtest.Response) {
			t.Helper()
			if a.Status != b.Status || string(a.Body) != string(b.Body) || !sameHeaders(a.Header, b.Header) {
				t.Errorf("%s differ:\n%d %v %s\n%d %v %s", what, a.Status, a.Header, a.Body, b.Status, b.Header, b.Body)
			}
		}
		taken := f.c.Post("/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": "other password"})
		fresh := f.c.Post("/auth/password/sign-up", map[string]string{"email": "new@example.com", "password": "other password"})
		same("sign-up of a taken and a new address", taken, fresh)
		f.mail.Last(t, "ada@example.com", email.PurposeExisting)

		known := f.c.Post("/auth/password/forgot", map[string]string{"email": "ada@example.com"})
		unknown := f.c.Post("/auth/password/forgot", map[string]string{"email": "ghost@example.com"})
		same("forgot of a known and an unknown address", known, unknown)

		wrong := f.c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "wrong horse"})
		nobody := f.c.Post("/auth/password/sign-in", map[string]string{"email": "ghost@example.com", "password": "wrong horse"})
		same("sign-in with a wrong password and with an unknown address", wrong, nobody)
		if wrong.ErrorCode() != "invalid_credentials" {
			t.Errorf("failed sign-in code = %q", wrong.ErrorCode())
		}
	})
}

func sameHeaders(a, b http.Header) bool {
	for _, h := range []http.Header{a, b} {
		h.Del("Date")
		h.Del("Content-Length")
	}
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if strings.Join(a[k], ",") != strings.Join(b[k], ",") {
			return false
		}
	}
	return true
}

// TestResetRace: one reset link used by 20 callers at once works once.
func TestResetRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.signUp(t, "ada@example.com", "correct horse")
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		token := auth.NewSecret(f.mail.Token(t, "ada@example.com", password.PurposeReset))
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, invalid := 0, 0
		for range 20 {
			wg.Go(func() {
				err := f.pw.Reset(context.Background(), token, auth.NewSecret("raced password"))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, auth.ErrTokenInvalid):
					invalid++
				default:
					t.Errorf("Reset = %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || invalid != 19 {
			t.Errorf("%d resets won and %d were refused, want 1 and 19", wins, invalid)
		}
	})
}

// TestPolicy counts characters, not bytes.
func TestPolicy(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, password.WithLength(8, 10))
		for i, tt := range []struct {
			pw   string
			code string
		}{
			{"ééééééé", "password_too_short"}, // 7 characters, 14 bytes
			{"éééééééé", ""},                  // 8 characters
			{"🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑", ""},                // 10 characters, 40 bytes
			{"01234567890", "password_too_long"},
		} {
			res := f.c.Post("/auth/password/sign-up", map[string]string{"email": fmt.Sprintf("p%d@example.com", i), "password": tt.pw})
			if got := res.ErrorCode(); got != tt.code {
				t.Errorf("sign-up with %q = %d %s, want code %q", tt.pw, res.Status, res.Body, tt.code)
			}
		}
	})
}

// TestRehash: a hash made with older parameters is replaced at sign-in.
func TestRehash(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		f.signUp(t, "ada@example.com", "correct horse")
		old := testParams
		old.Iterations = 2
		oldHasher, err := argon2id.New(old)
		if err != nil {
			t.Fatal(err)
		}
		oldHash, err := oldHasher.Hash(context.Background(), []byte("correct horse"))
		if err != nil {
			t.Fatal(err)
		}
		db := f.a.DB()
		if _, err := db.Exec(context.Background(), sqlb.Update(password.Passwords).Set(password.PasswordHash.Set(oldHash)).All()); err != nil {
			t.Fatal(err)
		}
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"}, http.StatusOK)
		var stored string
		if err := db.One(context.Background(), sqlb.Select(password.PasswordHash.Into(&stored)).From(password.Passwords)); err != nil {
			t.Fatal(err)
		}
		if stored == oldHash || f.hasher.NeedsRehash(stored) {
			t.Errorf("stored hash after sign-in = %s, want one with the current parameters", stored)
		}
	})
}

// TestRateLimits: sign-in is limited per account, whatever the IP.
func TestRateLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixtureWith(t, e, nil)
		f.signUp(t, "ada@example.com", "correct horse")
		for i := range 5 {
			c := authtest.NewClient(t, f.h)
			res := c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "wrong horse"})
			if res.Status != http.StatusUnauthorized {
				t.Fatalf("attempt %d = %d %s, want 401", i+1, res.Status, res.Body)
			}
		}
		res := f.c.Post("/auth/password/sign-in", map[string]string{"email": "ADA@example.com", "password": "correct horse"})
		wantError(t, "a sixth sign-in within the minute", res, http.StatusTooManyRequests, "rate_limited")
		if res.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	})
}
