package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// TestHostileInputs: bodies with fields the sign-in does not take, and
// tokens that name no session, never make a server error, and a token
// that names no live session never passes for a guest's.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c := f.client()
		for _, body := range []string{`{"userId":"x"}`, `{"name":"a\u0000"}`, `[]`, `"guest"`} {
			res := c.Post("/auth/anonymous/sign-in", body)
			if res.Status != http.StatusBadRequest {
				t.Errorf("sign-in with %s = %d %s, want 400", body, res.Status, res.Body)
			}
		}
		for _, token := range []string{"garbage", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "%00%ff"} {
			cc := f.client()
			cc.Token = token
			res := cc.Post("/auth/password/sign-up", map[string]string{"email": "x@example.com", "password": goodPassword})
			if res.Status >= 500 {
				t.Errorf("sign-up with the token %q = %d %s", token, res.Status, res.Body)
			}
		}
		var in struct {
			User struct {
				ID          string `json:"id"`
				IsAnonymous bool   `json:"isAnonymous"`
			} `json:"user"`
		}
		mustOK(t, "sign-in", f.client().Post("/auth/password/sign-in", map[string]string{"email": "x@example.com", "password": goodPassword})).Decode(t, &in)
		if in.User.IsAnonymous || in.User.ID == "" {
			t.Errorf("an account made with a bogus token = %+v, want a person", in.User)
		}
	})
}
