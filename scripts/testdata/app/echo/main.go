// Command app is a small echo application with Sesame, as a new user
// writes one: scripts/proxytest.sh builds it against the modules served
// by a module proxy.
package main

import (
	"context"
	"log"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/echoauth"
)

func main() {
	a, err := newAuth(context.Background(), "app.db", "http://localhost:8080")
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(newRouter(a).Start("localhost:8080"))
}

// newRouter serves Sesame's routes under /auth and /me to signed-in
// users only.
func newRouter(a *auth.Auth) *echo.Echo {
	e := echo.New()
	e.Use(echoauth.Middleware(a))
	echoauth.Mount(e, a, "/auth")
	e.GET("/me", func(c echo.Context) error {
		u, _ := echoauth.User(c)
		return c.String(http.StatusOK, "hello, "+u.Name)
	}, echoauth.RequireUser())
	return e
}
