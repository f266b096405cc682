package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/echoauth"
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
		app := newApp(newAuth(t, e, auth.WithPlugins(blockAll{})))
		app.Match([]string{http.MethodGet, http.MethodPost}, "/account", func(c echo.Context) error {
			t.Errorf("%s /account: the page ran for a blocked session", c.Request().Method)
			return c.NoContent(http.StatusNoContent)
		}, echoauth.RequireUser(echoauth.RedirectTo("/sign-in")))
		c := authtest.NewClient(t, app)
		signIn(t, c, "/auth", "ada")
		wantError(t, "GET "+mePath+" blocked", c.Get(mePath), http.StatusForbidden, "blocked")
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			wantError(t, method+" /account blocked, behind RedirectTo", c.Do(method, "/account", nil, nil), http.StatusForbidden, "blocked")
		}
		app.wantNoEchoError(t, "blocked session")
	})
}
