package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/referral"
)

// guest makes a guest on a new browser and gives them a code: the one
// way a user who exists before their account is made can hold a code.
func (f *fixture) guest(t testing.TB) (*authtest.Client, string) {
	t.Helper()
	b := f.browser()
	mustOK(t, "guest", b.Post("/auth/anonymous/sign-in", struct{}{}))
	return b, code(t, b)
}

// referrer returns who referred a user.
func (f *fixture) referrer(t testing.TB, userID string) string {
	t.Helper()
	info, err := f.ref.Lookup(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return info.ReferrerID
}

// signUpFrom signs addr up from a browser (a guest's), and in again.
func signUpFrom(t testing.TB, b *authtest.Client, addr string) string {
	t.Helper()
	mustOK(t, "sign up "+addr, b.Post("/auth/password/sign-up", map[string]string{"email": addr, "password": goodPassword}))
	res := mustOK(t, "sign in "+addr, b.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": goodPassword}))
	var out struct {
		User struct{ ID string } `json:"user"`
	}
	res.Decode(t, &out)
	return out.User.ID
}

// TestNoSelfReferral: a guest who holds a code and signs up with it is
// referred by no one.
func TestNoSelfReferral(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		g, c := f.guest(t)
		mustOK(t, "apply own code", g.Post("/auth/referral/apply", map[string]string{"code": c}))
		id := signUpFrom(t, g, "self@example.com")
		if by := f.referrer(t, id); by != "" {
			t.Errorf("a guest who used their own code is referred by %q", by)
		}
	})
}

// TestNoCycles: A refers B, B refers C; A, a guest until now, signs up
// with B's or C's code: nothing is recorded, so no chain loops.
func TestNoCycles(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		for _, closer := range []string{"B", "C"} {
			ga, codeA := f.guest(t)
			b, bID := f.signUp(t, "b-"+closer+"@example.com", codeA)
			c, cID := f.signUp(t, "c-"+closer+"@example.com", code(t, b))
			if f.referrer(t, cID) != bID {
				t.Fatalf("C's referrer = %q, want B", f.referrer(t, cID))
			}
			closing := code(t, b)
			if closer == "C" {
				closing = code(t, c)
			}
			mustOK(t, "A applies "+closer+"'s code", ga.Post("/auth/referral/apply", map[string]string{"code": closing}))
			aID := signUpFrom(t, ga, "a-"+closer+"@example.com")
			if by := f.referrer(t, aID); by != "" {
				t.Errorf("A signed up with %s's code and is referred by %q: a cycle", closer, by)
			}
			if f.referrer(t, bID) != aID {
				t.Errorf("B's referrer = %q, want A (the guest's user)", f.referrer(t, bID))
			}
		}
	})
}

// TestCodesCannotBeListed: codes are random, distinct and of the
// alphabet; checking codes is rate limited per IP.
func TestCodesCannotBeListed(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		seen := map[string]bool{}
		for i := range 5 {
			b, _ := f.signUp(t, fmt.Sprintf("u%d@example.com", i), "")
			c := code(t, b)
			if seen[c] || len(c) != 10 || strings.Trim(c, "0123456789ABCDEFGHJKMNPQRSTVWXYZ") != "" {
				t.Errorf("code %q: repeated or malformed", c)
			}
			seen[c] = true
		}
		probe := f.browser()
		for i := range referral.ApplyRate.IP.Limit {
			wantError(t, "a guessed code", probe.Post("/auth/referral/apply", map[string]string{"code": fmt.Sprintf("%010d", i)}),
				http.StatusNotFound, referral.ErrUnknownCode.Code)
		}
		wantError(t, "one guess too many", probe.Post("/auth/referral/apply", map[string]string{"code": "0000000099"}),
			http.StatusTooManyRequests, auth.ErrRateLimited.Code)
	})
}

// TestConcurrentCodeRequests: 20 first requests for a code at once all
// answer the same code.
func TestConcurrentCodeRequests(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithoutRateLimits())
		f.signUp(t, "ada@example.com", "")
		ada := f.browser()
		ada.Bearer = true
		mustOK(t, "sign in", ada.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": goodPassword}))
		const n = 20
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[string]int{}
		for range n {
			wg.Go(func() {
				cc := f.browser()
				cc.Bearer, cc.Token = true, ada.Token
				res := cc.Post("/auth/referral/code", struct{}{})
				var c referral.Code
				if res.Status == http.StatusOK {
					res.Decode(t, &c)
				}
				mu.Lock()
				codes[fmt.Sprint(res.Status, " ", c.Code)]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if len(codes) != 1 {
			t.Errorf("answers = %v, want one code for all", codes)
		}
		for k := range codes {
			if !strings.HasPrefix(k, "200 ") {
				t.Errorf("answer %q, want 200", k)
			}
		}
	})
}
