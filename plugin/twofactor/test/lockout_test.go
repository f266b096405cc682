package test

import (
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// TestLockout: five wrong codes end a pending session; ten across
// sessions lock the account's second factor until the window is over;
// each lockout is a security event.
func TestLockout(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		const addr = "ada@example.com"
		k, _ := f.enrolTOTP(t, f.account(t, addr))
		wrong := map[string]string{"method": "totp", "code": "000000"}
		c := f.signIn(t, addr)
		for i := 1; i <= 4; i++ {
			wantError(t, "wrong code "+strconv.Itoa(i), c.Post("/auth/two-factor/verify", wrong), http.StatusBadRequest, "invalid_code")
		}
		wantError(t, "the fifth wrong code", c.Post("/auth/two-factor/verify", wrong), http.StatusUnauthorized, "second_factor_attempts_exceeded")
		wantError(t, "the session after five wrong codes", c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		if n := len(f.events.Of("second_factor_session_ended")); n != 1 {
			t.Errorf("second_factor_session_ended events = %d, want 1", n)
		}
		d := f.signIn(t, addr)
		for i := 6; i <= 9; i++ {
			wantError(t, "wrong code "+strconv.Itoa(i), d.Post("/auth/two-factor/verify", wrong), http.StatusBadRequest, "invalid_code")
		}
		res := d.Post("/auth/two-factor/verify", wrong)
		wantError(t, "the tenth wrong code", res, http.StatusTooManyRequests, "second_factor_locked")
		if res.Header.Get("Retry-After") == "" {
			t.Error("a lockout answered without Retry-After")
		}
		f.nextStep()
		right := map[string]string{"method": "totp", "code": k.Code(f.clock.Now())}
		wantError(t, "a right code while locked", f.signIn(t, addr).Post("/auth/two-factor/verify", right),
			http.StatusTooManyRequests, "second_factor_locked")
		if n := len(f.events.Of("second_factor_locked")); n != 1 {
			t.Errorf("second_factor_locked events = %d, want 1", n)
		}
		f.clock.Advance(15 * time.Minute)
		right["code"] = k.Code(f.clock.Now())
		mustPost(t, f.signIn(t, addr), "/auth/two-factor/verify", right, http.StatusOK)
	})
}

// TestRaces: one authenticator code, or one recovery code, sent by 20
// pending sessions at once passes exactly once; 20 wrong codes at once are
// all counted.
func TestRaces(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithLockout(5, 100, 15*time.Minute)}})
		const addr = "ada@example.com"
		k, codes := f.enrolTOTP(t, f.account(t, addr))
		race := func(body map[string]string) (passed, refused int) {
			clients := make([]*authtest.Client, 20)
			for i := range clients {
				clients[i] = f.signIn(t, addr)
			}
			var mu sync.Mutex
			var wg sync.WaitGroup
			for _, c := range clients {
				wg.Go(func() {
					res := c.Post("/auth/two-factor/verify", body)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case res.Status == http.StatusOK:
						passed++
					case res.ErrorCode() == "invalid_code":
						refused++
					default:
						t.Errorf("a racing verification = %d %s", res.Status, res.Body)
					}
				})
			}
			wg.Wait()
			return passed, refused
		}
		if passed, refused := race(map[string]string{"method": "totp", "code": "000000"}); passed != 0 || refused != 20 {
			t.Errorf("20 wrong codes: %d passed, %d refused", passed, refused)
		}
		var failures int64
		if err := f.a.DB().One(t.Context(), sqlSelectFailures(&failures, f)); err != nil {
			t.Fatal(err)
		}
		if failures != 20 {
			t.Errorf("the account counted %d of 20 wrong codes sent at once", failures)
		}
		f.nextStep()
		if passed, refused := race(map[string]string{"method": "totp", "code": k.Code(f.clock.Now())}); passed != 1 || refused != 19 {
			t.Errorf("one code by 20 sessions: %d passed, %d refused; want 1 and 19", passed, refused)
		}
		if passed, refused := race(map[string]string{"method": "recovery", "code": codes[0]}); passed != 1 || refused != 19 {
			t.Errorf("one recovery code by 20 sessions: %d passed, %d refused; want 1 and 19", passed, refused)
		}
	})
}
