package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestRateLimits: start is limited per address, known or not; the status
// poll per client IP, well above a poll every two seconds.
func TestRateLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, true)
		f.user(t, "ada@example.com")
		for _, addr := range []string{"ada@example.com", "nobody@example.com"} {
			b := f.browser(t)
			for range 5 {
				if res := b.post("/auth/email-challenge/start", map[string]string{"email": addr}); res.Status != http.StatusOK {
					t.Fatalf("start %s = %d", addr, res.Status)
				}
			}
			res := b.post("/auth/email-challenge/start", map[string]string{"email": " " + addr})
			wantError(t, "sixth start for "+addr, res, http.StatusTooManyRequests, "rate_limited")
		}
		b := f.browser(t)
		f.startChallenge(t, b, "nobody2@example.com") // 13 starts from this IP: within its 20
		limited := 0
		for range 125 {
			if b.status() == "rate_limited" {
				limited++
			}
		}
		if limited == 0 {
			t.Error("125 status calls in a minute from one IP were all let through, want the poll limit")
		}
	})
}
