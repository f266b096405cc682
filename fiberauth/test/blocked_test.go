package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/fiberauth"
)

var errBlocked = auth.NewError("blocked", http.StatusForbidden, "blocked by a session check")

// blockAll is a session check that blocks every session but sign-out.
type blockAll struct{}

func (blockAll) Name() string              { return "blockall" }
func (blockAll) ErrorCodes() []*auth.Error { return []*auth.Error{errBlocked} }
func (blockAll) CheckSession(_ context.Context, c *auth.Call) error {
	if c.Op().Name == "core.signOut" {
		return nil
	}
	return errBlocked
}

// TestRequireUserBlockedSession: a session that a check blocks is signed
// in but gets nowhere: RequireUser answers the check's refusal, and with
// RedirectTo too, rather than sending a signed-in caller to sign in.
func TestRequireUserBlockedSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ran := 0
		page := func(c *fiber.Ctx) error { ran++; return c.SendString("page") }
		app := newApp(newAuth(t, e, auth.WithPlugins(blockAll{})), func(app *fiber.App) {
			app.Get("/app/me", fiberauth.RequireUser(), page)
			app.Add(http.MethodGet, "/account", fiberauth.RequireUser(fiberauth.RedirectTo("/sign-in")), page)
			app.Add(http.MethodPost, "/account", fiberauth.RequireUser(fiberauth.RedirectTo("/sign-in")), page)
		})
		c := authtest.ClientOf(t, listen(t, "tcp4", app))
		signIn(t, c, "ada")
		wantError(t, "GET /app/me blocked", c.Get("/app/me"), http.StatusForbidden, "blocked")
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			wantError(t, method+" /account blocked, behind RedirectTo", c.Do(method, "/account", nil, nil), http.StatusForbidden, "blocked")
		}
		if ran != 0 {
			t.Errorf("the page ran %d times for a blocked session, want 0", ran)
		}
	})
}
