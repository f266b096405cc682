package test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestHostileInputs runs every admin operation, as Go calls from a fresh
// administrator's session, with inputs drawn from hostile strings: none
// may fail with a server error on any engine, and a NUL byte or invalid
// UTF-8 is invalid_input over HTTP too.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		_, adaID := f.signIn(t, "ada")
		h := authtest.NewHostile(1, adaID, "0190a1b2-0000-7000-8000-000000000000", "name", "identifier", "id", "admin", "authtest")
		for _, op := range f.adm.Operations() {
			for range 40 {
				root, _ := f.admin(t, "root")
				var input any
				_, _, err := op.Invoke(goCtx(root), func(in any) error {
					h.Fill(in)
					input = in
					return nil
				})
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%s) = %v, want no server error", op.Info().Name, show(input), err)
				}
			}
		}
		root, _ := f.admin(t, "root")
		for _, body := range []string{`{"userId":"nul\u0000byte"}`, `{"userId":"` + adaID + `","reason":"a\u0000"}`} {
			wantError(t, "ban "+body, root.Post("/auth/admin/ban", body), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "search with a NUL", root.Get("/auth/admin/users?query=a%00b"), http.StatusBadRequest, "invalid_input")
		wantError(t, "an unknown field", root.Post("/auth/admin/unban", `{"userId":"x","admin":true}`), http.StatusBadRequest, "invalid_json")
	})
}

// show prints an input with its long strings cut.
func show(v any) string {
	s := fmt.Sprintf("%+v", v)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
