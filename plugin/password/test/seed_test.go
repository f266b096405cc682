package test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// seed creates a person with a verified address and a password through
// the server calls.
func (f *fixture) seed(t *testing.T, addr, pw string) (*auth.User, error) {
	t.Helper()
	ctx := context.Background()
	u, err := f.a.CreateUser(ctx, auth.NewUser{Name: "Seeded", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		return nil, err
	}
	return u, f.pw.SetPassword(ctx, u.ID, auth.NewSecret(pw))
}

// TestSeed: a person made by CreateUser and SetPassword signs in over HTTP
// at once, with no mail sent; an address another person holds verified
// cannot be seeded; one that only a stale unverified claim holds is taken
// over, and the claimant's password no longer opens it.
func TestSeed(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		sent := len(f.mail.Messages(""))
		u, err := f.seed(t, "Ada@Example.com", "correct horse")
		if err != nil {
			t.Fatalf("seed: %v", err)
		}
		if u.Fields["primaryEmail"] != "ada@example.com" || u.Fields["emailVerifiedAt"] == nil {
			t.Errorf("seeded user %+v, want ada@example.com as a verified primary address", u)
		}
		res := f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"}, http.StatusOK)
		var in password.SignedIn
		res.Decode(t, &in)
		if in.User.ID != u.ID {
			t.Errorf("signed in as %s, want the seeded %s", in.User.ID, u.ID)
		}
		if cookies := (&http.Response{Header: res.Header}).Cookies(); len(cookies) != 1 || cookies[0].Name != authhttp.CookieName(f.a) {
			t.Errorf("sign-in set %v, want the cookie %s", res.Header.Values("Set-Cookie"), authhttp.CookieName(f.a))
		}
		if msgs := f.mail.Messages(""); len(msgs) != sent {
			t.Errorf("seeding and signing in sent %v, want nothing", msgs[sent:])
		}

		f.signUp(t, "grace@example.com", "grace's password")
		if _, err := f.seed(t, "grace@example.com", "mallory's password"); !errors.Is(err, auth.ErrIdentityTaken) {
			t.Errorf("seeding a verified address of another person = %v, want identity_taken", err)
		}
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "grace@example.com", "password": "grace's password"}, http.StatusOK)

		// A sign-up nobody verified is a claim that names nobody against
		// a verified newcomer.
		f.post(t, authtest.NewClient(t, f.h), "/auth/password/sign-up",
			map[string]string{"email": "lin@example.com", "password": "squatter's pass"}, http.StatusOK)
		if _, err := f.seed(t, "lin@example.com", "lin's own password"); err != nil {
			t.Fatalf("seeding an address held by an unverified claim = %v, want it taken over", err)
		}
		wantError(t, "the claimant's password", f.c.Post("/auth/password/sign-in",
			map[string]string{"email": "lin@example.com", "password": "squatter's pass"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "lin@example.com", "password": "lin's own password"}, http.StatusOK)
	})
}

// TestSetPassword: SetPassword hashes once with the configured hasher
// under the policy, ends every session of the user and their pending
// flows, tells the primary address when it replaces a password, and
// refuses unknown users.
func TestSetPassword(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		f.signUp(t, "ada@example.com", "correct horse")
		var in password.SignedIn
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "correct horse"}, http.StatusOK).Decode(t, &in)
		f.post(t, f.c, "/auth/password/forgot", map[string]string{"email": "ada@example.com"}, http.StatusOK)
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)
		id := in.User.ID

		tests := []struct {
			name, userID, password string
			want                   error
		}{
			{"too short", id, "short", password.ErrPasswordTooShort},
			{"no such user", "no-such-user", "long enough password", auth.ErrUserNotFound},
			{"no user", "", "long enough password", auth.ErrInvalidInput},
			{"no password", id, "", auth.ErrInvalidInput},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := f.pw.SetPassword(ctx, tt.userID, auth.NewSecret(tt.password)); !errors.Is(err, tt.want) {
					t.Errorf("SetPassword(%q, %q) = %v, want %v", tt.userID, tt.password, err, tt.want)
				}
			})
		}
		if f.c.Get("/auth/session").Status != http.StatusOK {
			t.Fatal("a refused SetPassword ended the session")
		}

		hashes := f.hasher.n.Load()
		if err := f.pw.SetPassword(ctx, id, auth.NewSecret("battery staple")); err != nil {
			t.Fatal(err)
		}
		if got := f.hasher.n.Load() - hashes; got != 1 {
			t.Errorf("SetPassword computed %d hashes, want 1", got)
		}
		wantError(t, "the session after SetPassword", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "a reset link sent before SetPassword", f.c.Post("/auth/password/reset",
			map[string]string{"token": reset, "password": "new password 1"}), http.StatusBadRequest, "invalid_token_or_expired")
		f.mail.Last(t, "ada@example.com", password.PurposeChanged)
		wantError(t, "the old password", f.c.Post("/auth/password/sign-in",
			map[string]string{"email": "ada@example.com", "password": "correct horse"}), http.StatusUnauthorized, "invalid_credentials")
		f.post(t, f.c, "/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": "battery staple"}, http.StatusOK)
	})
}
