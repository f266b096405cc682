package test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// TestFaultsAtEveryStatement runs a guarded call with a good captcha,
// its rate rule counted in the database, with a failure at each
// statement and at the commit: each run answers 500 and starts no
// session.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, kinds[0], setup{db: pool, captcha: []captcha.Option{captcha.WithOperations(signIn)},
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		var c *client
		var token string
		n := 0
		var before int
		faults.Each(t, func(t *testing.T) {
			n++
			c = f.client(t, fmt.Sprintf("2001:db8:%x::1", n))
			token = f.fake.solve("", 0.9)
			before = sessions(t, e)
		}, func() error {
			res := c.signIn(fmt.Sprint("user", n), token)
			if res.Status == http.StatusOK {
				return nil
			}
			if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
				t.Fatalf("a guarded sign-in with a fault = %d %s, want 500 internal", res.Status, res.Body)
			}
			return fmt.Errorf("%d", res.Status)
		}, func(t *testing.T) {
			if after := sessions(t, e); after != before {
				t.Fatalf("a failed sign-in left %d sessions, had %d", after, before)
			}
		})
	})
}

func sessions(t testing.TB, e *authtest.Engine) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM auth_session").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
