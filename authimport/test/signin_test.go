package test

import (
	"context"
	"errors"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestSignInWithTheSamePassword: people better-auth signed up sign in to
// Sesame with the passwords they chose there, through the password
// plugin, which read better-auth's scrypt hashes from the import; a
// wrong password is refused, the second sign-in (on the plugin's own hash
// by then) works as the first, and a person whose address better-auth
// never verified is asked to verify it first.
func TestSignInWithTheSamePassword(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{noImporter: true}) // the password plugin imports the hashes
		m := makeBetterAuth(t, e, people)
		r := f.run(t, authimport.BetterAuth(e.DB, e.Dialect))
		if r.Passwords.Imported != len(people) || len(r.Problems) != 0 {
			t.Fatalf("Import = %+v, want every password imported", *r)
		}
		ctx := context.Background()
		for i, p := range people {
			uid := f.imported(t, authimport.BetterAuthSystem, m.Users[i].ID)
			if !p.Verified {
				// better-auth never verified Bob's address: the password is
				// right, and the plugin asks him to verify first, as it
				// asks anyone who signed up and has not.
				_, err := f.pw.SignIn(ctx, password.SignInRequest{Email: p.Email, Password: auth.NewSecret(p.Password)})
				if !errors.Is(err, password.ErrEmailNotVerified) {
					t.Fatalf("SignIn(%q), unverified = %v, want %v", p.Email, err, password.ErrEmailNotVerified)
				}
				continue
			}
			for round := range 2 {
				out, err := f.pw.SignIn(ctx, password.SignInRequest{Email: p.Email, Password: auth.NewSecret(p.Password)})
				if err != nil || out.User.ID != uid {
					t.Fatalf("SignIn(%q) #%d = %v, %v; want the imported user %s", p.Email, round+1, out.User, err, uid)
				}
			}
			_, err := f.pw.SignIn(ctx, password.SignInRequest{Email: p.Email, Password: auth.NewSecret(p.Password + "!")})
			if !errors.Is(err, password.ErrInvalidCredentials) {
				t.Fatalf("SignIn(%q) with a wrong password = %v, want %v", p.Email, err, password.ErrInvalidCredentials)
			}
		}
	})
}
