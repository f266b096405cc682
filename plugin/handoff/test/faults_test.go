package test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/handoff"
)

// TestFaultsAtEveryStatement runs every operation of the plugin, and the
// account-security event that ends its tokens, with a failure at each
// statement and at the commit: each run answers 500 and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool})
		n := 0
		var c *authtest.Client
		verifier := handoff.NewVerifier()
		withChallenge := map[string]string{"codeChallenge": handoff.Challenge(verifier), "codeChallengeMethod": "S256"}
		// account makes a new account signed in on a new app c.
		account := func(t *testing.T) {
			n++
			f.clock.Advance(time.Minute)
			c = f.desktop(t)
			f.account(t, c, fmt.Sprintf("user%d@example.com", n))
		}
		var body any
		ops := []struct {
			name, path string
			setup      func(t *testing.T)
		}{
			{"start", "/auth/handoff/start", func(t *testing.T) { account(t); body = map[string]string{"returnTo": "/home"} }},
			{"start with a challenge", "/auth/handoff/start", func(t *testing.T) { account(t); body = withChallenge }},
			{"redeem", "/auth/handoff/redeem", func(t *testing.T) {
				account(t)
				body = map[string]string{"token": start(t, c, nil)}
				c = f.browser(t)
			}},
			{"redeem with a verifier", "/auth/handoff/redeem", func(t *testing.T) {
				account(t)
				body = map[string]string{"token": start(t, c, withChallenge), "codeVerifier": verifier.Reveal()}
				c = f.desktop(t)
			}},
			{"signing out everywhere ends the handoffs", "/auth/sessions/revoke-others", func(t *testing.T) {
				account(t)
				start(t, c, nil)
				body = nil
			}},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before = state(t, clean)
				}, func() error {
					res := c.Post(op.path, body)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
						t.Fatalf("POST %s with a fault = %d %s, want 500 internal", op.path, res.Status, res.Body)
					}
					return fmt.Errorf("%d", res.Status)
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}

		// A wrong verifier keeps the token used up: a fault after the
		// refusal was decided still rolls everything back.
		t.Run("a wrong verifier", func(t *testing.T) {
			var before string
			faults.Each(t, func(t *testing.T) {
				account(t)
				body = map[string]string{"token": start(t, c, withChallenge), "codeVerifier": handoff.NewVerifier().Reveal()}
				c = f.desktop(t)
				before = state(t, clean)
			}, func() error {
				res := c.Post("/auth/handoff/redeem", body)
				if res.Status == http.StatusBadRequest && res.ErrorCode() == "invalid_code_verifier" {
					return nil
				}
				if res.Status != http.StatusInternalServerError {
					t.Fatalf("a wrong verifier with a fault = %d %s, want 500 internal", res.Status, res.Body)
				}
				return fmt.Errorf("%d", res.Status)
			}, func(t *testing.T) {
				if after := state(t, clean); after != before {
					t.Fatalf("a failed redemption changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
				}
			})
		})
	})
}
