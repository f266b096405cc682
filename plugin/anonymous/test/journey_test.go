package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestGuestSignsUp: a guest uses the app, signs up, and the account is
// the guest's user, with its cart; the guest's session ended at the
// sign-up and the person signs in to the same user.
func TestGuestSignsUp(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, guestID := f.guest(t)
		u := whoami(t, c)
		if u == nil || u.ID != guestID || !anonymous.IsGuest(u) || u.Name != "Guest" {
			t.Fatalf("guest's session = %+v, want the guest", u)
		}
		if res := c.Get("/app"); res.Status != http.StatusOK || string(res.Body) != guestID {
			t.Fatalf("GET /app as a guest = %d %s", res.Status, res.Body)
		}
		guestToken := c.Token
		mustOK(t, "sign-up from the guest's session", c.Post("/auth/password/sign-up",
			map[string]string{"email": "ada@example.com", "password": goodPassword, "name": "Ada"}))
		if u := whoami(t, c); u != nil {
			t.Errorf("the guest's session after the sign-up = %+v, want none", u)
		}
		var in password.SignedIn
		mustOK(t, "sign-in", c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": goodPassword})).Decode(t, &in)
		if in.User.ID != guestID || anonymous.IsGuest(in.User) || in.User.Name != "Ada" || c.Token == guestToken {
			t.Errorf("signed in as %+v (token changed %v), want the guest's user, no longer a guest, named Ada", in.User, c.Token != guestToken)
		}
		if n := f.carts(t, guestID); n != 1 {
			t.Errorf("the account's cart holds %d, want the guest's 1", n)
		}
		if got := f.shop.linked(); len(got) != 0 {
			t.Errorf("links = %v, want none: a sign-up keeps the user", got)
		}
	})
}

// TestGuestSignsIn: a guest who signs in to an account is linked to it:
// the cart moves, the guest is deleted, and the guest's session dies.
// With a pending second step, the link waits until it is passed.
func TestGuestSignsIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, gated := range []bool{false, true} {
			f := newFixture(t, e, nil)
			f.gate.on = gated
			addr := fmt.Sprintf("ada-%v@example.com", gated)
			ada := f.account(t, addr)
			f.cart(t, ada)
			c, guestID := f.guest(t)
			guestToken := c.Token
			mustOK(t, "sign-in from the guest's session", c.Post("/auth/password/sign-in",
				map[string]string{"email": addr, "password": goodPassword}))
			if gated {
				if !f.exists(t, guestID) || len(f.shop.linked()) != 0 {
					t.Fatal("the guest was linked before the second step was passed")
				}
				wantError(t, "GET /auth/session while pending", c.Get("/auth/session"), http.StatusForbidden, errGated.Code)
				mustOK(t, "pass the gate", c.Post("/auth/gate/pass", struct{}{}))
			}
			if got, want := f.shop.linked(), [][2]string{{guestID, ada}}; !slices.Equal(got, want) {
				t.Errorf("gated %v: links = %v, want %v", gated, got, want)
			}
			if f.exists(t, guestID) {
				t.Errorf("gated %v: the guest survived the link", gated)
			}
			if n := f.carts(t, ada); n != 2 {
				t.Errorf("gated %v: ada's cart holds %d, want hers and the guest's", gated, n)
			}
			if u := whoami(t, c); u == nil || u.ID != ada {
				t.Errorf("gated %v: signed in as %+v, want ada", gated, u)
			}
			old := f.client()
			old.Token = guestToken
			if u := whoami(t, old); u != nil {
				t.Errorf("gated %v: the guest's token still opens %+v", gated, u)
			}
		}
	})
}

// TestGoCalls: the same as typed Go calls, with the session's token in
// the context.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		g, err := f.guests.SignIn(ctx)
		if err != nil || !anonymous.IsGuest(g.User) || g.Session.Credential != anonymous.Credential || g.Token.IsZero() {
			t.Fatalf("SignIn = %+v, %v", g, err)
		}
		as := auth.WithSessionToken(ctx, g.Token)
		if _, err := f.guests.SignIn(as); !errors.Is(err, anonymous.ErrAlreadySignedIn) {
			t.Errorf("SignIn from a guest's session = %v, want %v", err, anonymous.ErrAlreadySignedIn)
		}
		if _, err := f.pw.SignUp(as, password.SignUpRequest{Email: "bob@example.com", Password: auth.NewSecret(goodPassword)}); err != nil {
			t.Fatal(err)
		}
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "bob@example.com", Password: auth.NewSecret(goodPassword)})
		if err != nil || in.User.ID != g.User.ID || anonymous.IsGuest(in.User) {
			t.Errorf("sign-in after a Go sign-up = %+v, %v, want the guest's user", in.User, err)
		}
		if _, err := f.guests.SignIn(auth.WithSessionToken(ctx, in.Token)); !errors.Is(err, anonymous.ErrAlreadySignedIn) {
			t.Errorf("SignIn from a person's session = %v, want %v", err, anonymous.ErrAlreadySignedIn)
		}
	})
}

// TestSweep deletes the guests past their age, with their sessions and
// rows, and keeps younger guests and upgraded accounts; an expired
// guest's session opens nothing even before the sweep.
func TestSweep(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, store := range []string{"database", "memory"} {
			var more []auth.Option
			if store == "memory" {
				more = append(more, auth.WithSessionStore(auth.NewMemorySessionStore()))
			}
			f := newFixture(t, e, []anonymous.Option{anonymous.WithMaxAge(time.Hour)}, more...)
			old, oldID := f.guest(t)
			up, upID := f.guest(t)
			mustOK(t, "sign-up", up.Post("/auth/password/sign-up", map[string]string{"email": store + "@example.com", "password": goodPassword}))
			f.clock.Advance(30 * time.Minute)
			young, youngID := f.guest(t)
			f.clock.Advance(30 * time.Minute)
			wantError(t, store+": an expired guest's session", old.Get("/auth/session"), http.StatusUnauthorized, "no_session")
			if _, err := f.a.Sweep(context.Background()); err != nil {
				t.Fatal(err)
			}
			if f.exists(t, oldID) || f.carts(t, oldID) != 0 {
				t.Errorf("%s: the expired guest or their cart survived the sweep", store)
			}
			if !f.exists(t, upID) || !f.exists(t, youngID) {
				t.Errorf("%s: the sweep deleted an account or a young guest", store)
			}
			if u := whoami(t, young); u == nil || u.ID != youngID {
				t.Errorf("%s: the young guest's session = %+v", store, u)
			}
		}
	})
}
