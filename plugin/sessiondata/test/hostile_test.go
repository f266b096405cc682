package test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestHostileInputs runs every operation with inputs drawn from hostile
// strings: none may fail with a server error on any engine; malformed
// keys and values are invalid_input over HTTP, and no input names a
// session but the caller's.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, _ := f.signIn(t, "ada")
		h := authtest.NewHostile(1, "k", "wizard.step", `{"a":1}`, `"\u0000"`)
		for _, op := range f.data.Operations() {
			if op.Info().ServerOnly() {
				continue
			}
			for range 60 {
				var input any
				_, _, err := op.Invoke(goCtx(c), func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%.300s) = %v, want no server error", op.Info().Name, fmt.Sprintf("%+v", input), err)
				}
			}
		}
		for _, body := range []string{`{"key":"a b","value":1}`, `{"key":"","value":1}`, `{"key":"k"}`, `{"key":"k","value":nul}`,
			`{"key":"k","value":1,"sessionId":"x"}`} {
			res := c.Post("/auth/session-data/set", body)
			if res.Status != http.StatusBadRequest {
				t.Errorf("set %s = %d %s, want 400", body, res.Status, res.Body)
			}
		}
		wantError(t, "get a key with a NUL", c.Get("/auth/session-data?key=a%00b"), http.StatusBadRequest, "invalid_input")
		mustOK(t, "a string with an escaped NUL", set(c, "k", `"a\u0000b"`)) // stored as the escape: text every engine takes
		mustOK(t, "a lone surrogate's escape", set(c, "k2", `"\ud800"`))
	})
}
