package test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestRemoveLastTwoNumbersAtOnce (found in review): an account whose only
// ways in are two numbers removes both at once from two sessions: one
// removal wins, the other is refused as the last way in, and the account
// keeps a number.
func TestRemoveLastTwoNumbersAtOnce(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		const one, two = "+14155552671", "+14155552672"
		f.person(t, number(one), number(two))
		a, _ := f.signIn(t, one, "phone-sign-in-code")
		b, _ := f.signIn(t, two, "phone-sign-in-code")
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i, c := range []*authtest.Client{a, b} {
			wg.Go(func() {
				statuses[i] = c.Post("/auth/phone/remove", map[string]string{"phone": []string{two, one}[i]}).Status
			})
		}
		wg.Wait()
		ok := 0
		for _, s := range statuses {
			if s == http.StatusOK {
				ok++
			}
		}
		if ok != 1 {
			t.Fatalf("removals = %v, want exactly one to pass", statuses)
		}
	})
}
