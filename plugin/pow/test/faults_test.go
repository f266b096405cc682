package test

import (
	"database/sql"
	"fmt"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestFaultsAtEveryStatement runs the puzzle operation, and a guarded
// call with a proof, with a failure at each statement and at the commit:
// each run answers 500. A failed puzzle request leaves no puzzle; a
// failed guarded call starts no session.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool, pow: guarded.pow,
			auth: []auth.Option{auth.WithRateLimit(signIn, challenged)}})
		var c *client
		var proof string
		n := 0
		// fresh makes a new client, so that the rate rules never refuse.
		fresh := func() {
			n++
			c = f.client(t, fmt.Sprintf("203.0.113.%d", n%250+1))
			if n > 250 {
				c = f.client(t, fmt.Sprintf("2001:db8:%x::1", n))
			}
		}
		ops := []struct {
			name  string
			setup func(t *testing.T)
			run   func() *authtest.Response
			count string // rows that a failed run must not add
		}{
			{"a puzzle", func(t *testing.T) { fresh() },
				func() *authtest.Response { return c.post("/auth/pow/challenge", map[string]string{"op": signIn}, "") },
				"auth_token"},
			{"a guarded call with a proof", func(t *testing.T) { fresh(); proof = c.proof(t, signIn) },
				func() *authtest.Response { return c.signIn(fmt.Sprint("user", n), proof) },
				"auth_session"},
		}
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before int
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before = rows(t, e.DB, op.count)
				}, func() error {
					res := op.run()
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
						t.Fatalf("%s with a fault = %d %s, want 500 internal", op.name, res.Status, res.Body)
					}
					return fmt.Errorf("%d", res.Status)
				}, func(t *testing.T) {
					if after := rows(t, e.DB, op.count); after != before {
						t.Fatalf("a failed %s left %s with %d rows, had %d", op.name, op.count, after, before)
					}
				})
			})
		}
	})
}

// rows counts the rows of a table.
func rows(t testing.TB, db *sql.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
