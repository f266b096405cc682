package test

import (
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
	"github.com/sesame-go/sesame/ginauth"
)

// TestConformance runs the suite every HTTP integration of Sesame passes,
// on every engine, against a gin engine set up as the package
// documentation says.
func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.HandlerTarget("gin", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		r := gin.New()
		r.Use(ginauth.Middleware(a, opts...))
		ginauth.Mount(r, a, "/auth", opts...)
		r.GET(conformance.MePath, ginauth.RequireUser(), func(c *gin.Context) {
			u, okUser := ginauth.User(c)
			s, okSession := ginauth.Session(c)
			if !okUser || !okSession {
				c.String(http.StatusInternalServerError, "ginauth: no user or session behind RequireUser")
				return
			}
			c.JSON(http.StatusOK, conformance.MeAnswer{UserID: u.ID, Name: u.Name, SessionID: s.ID})
		})
		r.GET(conformance.WhoPath, func(c *gin.Context) {
			var who conformance.WhoAnswer
			if u, ok := ginauth.User(c); ok {
				who.UserID = u.ID
			}
			if s, ok := ginauth.Session(c); ok {
				who.SessionID = s.ID
			}
			if s, u, blocked := ginauth.BlockedSession(c); blocked != nil {
				who.BlockedSessionID, who.BlockedUserID, who.BlockedCode = s.ID, u.ID, blocked.Code
			}
			c.JSON(http.StatusOK, who)
		})
		return r
	}))
}
