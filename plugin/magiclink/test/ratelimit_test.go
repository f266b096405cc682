package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestRateLimits: send is limited per address, whatever its spelling,
// and per client IP, alike for known and unknown addresses.
func TestRateLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newLimitedFixture(t, e, nil)
		f.user(t, "ada@example.com")
		for _, addr := range []string{"ada@example.com", "nobody@example.com"} {
			for i := range 5 {
				spelling := addr
				if i%2 == 1 {
					spelling = " " + addr + " "
				}
				f.send(t, f.c, map[string]string{"email": spelling})
			}
			res := f.c.Post("/auth/magic-link/send", map[string]string{"email": "  " + addr})
			wantError(t, "sixth send to "+addr, res, http.StatusTooManyRequests, "rate_limited")
			if res.Header.Get("Retry-After") == "" {
				t.Errorf("sixth send to %s has no Retry-After", addr)
			}
		}
		limited := false
		for i := range 20 {
			res := f.c.Post("/auth/magic-link/send", map[string]string{"email": "other" + string(rune('a'+i)) + "@example.com"})
			if res.Status == http.StatusTooManyRequests {
				limited = true
				break
			}
		}
		if !limited {
			t.Error("32 sends from one IP to different addresses were all let through, want the IP limit (20 a minute)")
		}
	})
}
