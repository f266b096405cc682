package coretest

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestUpdateUser: a person changes their own name, which the next
// request shows at once even through the session cache; they cannot name
// another user, nor give a blank, overlong or control-character name, nor
// change anything without a session.
func TestUpdateUser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(start)
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(authtest.NewLogin()),
			auth.WithClock(clock.Now), auth.WithoutRateLimits(), auth.WithSessionCache(auth.NewMemorySessionCache(), time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := handler(a)
		ada, bob, nobody := authtest.NewClient(t, h), authtest.NewClient(t, h), authtest.NewClient(t, h)
		authtest.SignIn(t, ada, "/auth", "ada")
		bobs := authtest.SignIn(t, bob, "/auth", "bob")
		name := func(c *authtest.Client) string {
			t.Helper()
			clock.Advance(time.Millisecond)
			var info struct{ User *auth.User }
			if err := json.Unmarshal(c.Get("/auth/session").Body, &info); err != nil || info.User == nil {
				t.Fatalf("session: %v", err)
			}
			return info.User.Name
		}
		name(ada) // cached

		res := ada.Post("/auth/user/update", map[string]string{"name": "  Ada King "})
		var u auth.User
		if res.Status != http.StatusOK || json.Unmarshal(res.Body, &u) != nil || u.Name != "Ada King" {
			t.Fatalf("update = %d %s", res.Status, res.Body)
		}
		if got := name(ada); got != "Ada King" {
			t.Errorf("the next request's name = %q, want the new one at once", got)
		}

		wantError(t, "naming another user", ada.Post("/auth/user/update", map[string]string{"name": "Mallory", "id": bobs.User.ID}),
			http.StatusBadRequest, "invalid_json")
		for _, bad := range []string{"", "   ", strings.Repeat("x", auth.MaxUserNameLength+1), "Ada\u0000", "Ada\nKing"} {
			wantError(t, "name "+bad, ada.Post("/auth/user/update", map[string]string{"name": bad}), http.StatusBadRequest, "invalid_input")
		}
		wantError(t, "no session", nobody.Post("/auth/user/update", map[string]string{"name": "X"}), http.StatusUnauthorized, "no_session")
		if got := name(bob); got != "bob" {
			t.Errorf("Bob's name = %q after Ada's attempts", got)
		}
		if got := name(ada); got != "Ada King" {
			t.Errorf("Ada's name = %q after refused changes", got)
		}
	})
}
