package test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/jwt"
)

// An account-security event that ends a user's sessions stops minting
// from them at once, over HTTP and as Go calls; so does signing out.
func TestMintingNeedsALiveSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		in := newInstance(t, e.DB, e.Dialect, authtest.NewClock(start))
		phone, laptop := in.signIn(t, "ada"), in.signIn(t, "ada")
		mint(t, phone, "billing")
		goCall := auth.WithSessionToken(ctx, auth.NewSecret(phone.Token))
		if _, err := in.p.Token(goCall, jwt.TokenRequest{Template: "billing"}); err != nil {
			t.Fatalf("Token as a Go call = %v", err)
		}
		// The laptop ends every other session: signed_out_everywhere.
		if res := laptop.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke others = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "mint after the event", phone.Post("/auth/jwt/token", nil), http.StatusUnauthorized, "no_session")
		// A context resolves its session once, as a request does: a new
		// call gets a new one.
		goCall = auth.WithSessionToken(ctx, auth.NewSecret(phone.Token))
		if _, err := in.p.Token(goCall, jwt.TokenRequest{}); !errors.Is(err, auth.ErrNoSession) {
			t.Fatalf("Token as a Go call after the event = %v, want %v", err, auth.ErrNoSession)
		}
		mint(t, laptop, "")
		if res := laptop.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign out = %d %s", res.Status, res.Body)
		}
		authtest.WantError(t, "mint after signing out", laptop.Post("/auth/jwt/token", nil), http.StatusUnauthorized, "no_session")
		authtest.WantError(t, "mint of an unknown template", in.signIn(t, "bob").Post("/auth/jwt/token",
			map[string]string{"template": "nope"}), http.StatusBadRequest, "jwt_unknown_template")
	})
}

// A session a checker blocks (a pending second factor, a ban) mints
// nothing: a JWT is never issued before the second factor completed.
func TestBlockedSessionMintsNothing(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	block := &blocker{}
	p := jwt.New(jwt.WithSecretKeys(sealKey))
	a := authtest.NewAuth(t, e, auth.WithPlugins(p, block), auth.WithoutRateLimits())
	c := authtest.NewClient(t, newHandler(a))
	c.Bearer = true
	authtest.SignIn(t, c, "/auth", "ada")
	block.on = true
	authtest.WantError(t, "mint from a blocked session", c.Post("/auth/jwt/token", nil), http.StatusForbidden, "second_factor_required")
}

// blocker is a session checker that blocks every session when on, as a
// pending second factor does.
type blocker struct{ on bool }

var errPending = auth.NewError("second_factor_required", http.StatusForbidden, "enter your second factor")

func (b *blocker) Name() string              { return "blocker" }
func (b *blocker) ErrorCodes() []*auth.Error { return []*auth.Error{errPending} }
func (b *blocker) CheckSession(_ context.Context, c *auth.Call) error {
	if b.on && c.Op().Name != auth.OpSignOut {
		return errPending
	}
	return nil
}
