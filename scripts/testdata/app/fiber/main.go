// Command app is a small fiber application with Sesame, as a new user
// writes one: scripts/proxytest.sh builds it against the modules served
// by a module proxy.
package main

import (
	"context"
	"log"
	"net/http"

	"github.com/gofiber/fiber/v2"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/fiberauth"
)

func main() {
	a, err := newAuth(context.Background(), "app.db", "http://localhost:8080")
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(newRouter(a).Listen("localhost:8080"))
}

// newRouter serves Sesame's routes under /auth and /me to signed-in
// users only.
func newRouter(a *auth.Auth) *fiber.App {
	app := fiber.New()
	app.Use(fiberauth.Middleware(a))
	fiberauth.Mount(app, a, "/auth")
	app.Get("/me", fiberauth.RequireUser(), func(c *fiber.Ctx) error {
		u, _ := fiberauth.User(c)
		return c.Status(http.StatusOK).SendString("hello, " + u.Name)
	})
	return app
}
