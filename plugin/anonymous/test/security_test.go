package test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestGuestMayNotActOnAnAccount: a guest's session runs the session
// routes and the host's, not the operations that act on a person's
// account, unless the host names them.
func TestGuestMayNotActOnAnAccount(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, _ := f.guest(t)
		wantError(t, "change password as a guest", c.Post("/auth/password/change",
			map[string]string{"currentPassword": "x", "newPassword": goodPassword}), http.StatusForbidden, anonymous.ErrGuestForbidden.Code)
		wantError(t, "gate.pass as a guest", c.Post("/auth/gate/pass", struct{}{}), http.StatusForbidden, anonymous.ErrGuestForbidden.Code)
		mustOK(t, "list sessions as a guest", c.Get("/auth/sessions"))
		wantError(t, "a second guest", c.Post("/auth/anonymous/sign-in", struct{}{}), http.StatusConflict, anonymous.ErrAlreadySignedIn.Code)
		mustOK(t, "sign out as a guest", c.Post("/auth/sign-out", struct{}{}))

		g := newFixture(t, e, []anonymous.Option{anonymous.WithGuestOperations("gate.pass")})
		gc, _ := g.guest(t)
		mustOK(t, "an operation the host opened to guests", gc.Post("/auth/gate/pass", struct{}{}))
	})
}

// TestPlantedGuestTokenOpensNothing (session fixation): someone makes a
// guest and plants its token in another person's browser; the person
// signs up, or signs in, and the planted token dies there, so it never
// opens the person's account.
func TestPlantedGuestTokenOpensNothing(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		for _, how := range []string{"sign-up", "sign-in"} {
			attacker, _ := f.guest(t)
			victim := f.client()
			victim.Token = attacker.Token
			addr := how + "@example.com"
			if how == "sign-in" {
				f.account(t, addr)
			} else {
				mustOK(t, how, victim.Post("/auth/password/sign-up", map[string]string{"email": addr, "password": goodPassword}))
			}
			var in password.SignedIn
			mustOK(t, "sign-in", victim.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword})).Decode(t, &in)
			if victim.Token == attacker.Token {
				t.Errorf("%s: the victim kept the planted token", how)
			}
			if u := whoami(t, attacker); u != nil {
				t.Errorf("%s: the planted token opens %+v, want nothing", how, u)
			}
			if res := attacker.Get("/app"); res.Status != http.StatusUnauthorized {
				t.Errorf("%s: GET /app with the planted token = %d %s, want 401", how, res.Status, res.Body)
			}
		}
	})
}

// TestConcurrentSignUpsOfOneGuest: 20 sign-ups at once from one guest's
// session each make an account; exactly one of them is the guest's user.
func TestConcurrentSignUpsOfOneGuest(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, guestID := f.guest(t)
		const n = 20
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Go(func() {
				cc := f.client()
				cc.Token = c.Token
				res := cc.Post("/auth/password/sign-up", map[string]string{"email": fmt.Sprintf("p%d@example.com", i), "password": goodPassword})
				if res.Status != http.StatusOK {
					errs <- fmt.Errorf("sign-up %d = %d %s", i, res.Status, res.Body)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		adopted := 0
		for i := range n {
			in := mustOK(t, "sign-in", f.client().Post("/auth/password/sign-in", map[string]string{"email": fmt.Sprintf("p%d@example.com", i), "password": goodPassword}))
			var out password.SignedIn
			in.Decode(t, &out)
			if ids[out.User.ID] {
				t.Errorf("two accounts share the user %s", out.User.ID)
			}
			ids[out.User.ID] = true
			if out.User.ID == guestID {
				adopted++
			}
			if anonymous.IsGuest(out.User) {
				t.Errorf("account %d is still a guest", i)
			}
		}
		if adopted != 1 {
			t.Errorf("%d accounts took the guest's user, want exactly 1", adopted)
		}
	})
}

// TestConcurrentSignInsOfOneGuest: 20 sign-ins at once from one guest's
// session to one account all succeed, and link the guest once.
func TestConcurrentSignInsOfOneGuest(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.account(t, "ada@example.com")
		c, guestID := f.guest(t)
		const n = 20
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for range n {
			wg.Go(func() {
				cc := f.client()
				cc.Token = c.Token
				res := cc.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": goodPassword})
				if res.Status != http.StatusOK {
					errs <- fmt.Errorf("sign-in = %d %s", res.Status, res.Body)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if got := f.shop.linked(); len(got) != 1 || got[0] != [2]string{guestID, ada} {
			t.Errorf("links = %v, want the guest linked to ada once", got)
		}
		if f.exists(t, guestID) || f.carts(t, ada) != 1 {
			t.Errorf("after the sign-ins: guest exists %v, ada's cart %d", f.exists(t, guestID), f.carts(t, ada))
		}
	})
}

// TestGuestsAreRateLimited per client IP.
func TestGuestsAreRateLimited(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := build(t, e, nil, nil)
		for range anonymous.GuestRate.IP.Limit {
			mustOK(t, "guest", f.client().Post("/auth/anonymous/sign-in", struct{}{}))
		}
		wantError(t, "one guest too many", f.client().Post("/auth/anonymous/sign-in", struct{}{}), http.StatusTooManyRequests, auth.ErrRateLimited.Code)
	})
}
