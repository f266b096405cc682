// Command app is a small gin application with Sesame, as a new user
// writes one: scripts/proxytest.sh builds it against the modules served
// by a module proxy.
package main

import (
	"context"
	"log"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/ginauth"
)

func main() {
	a, err := newAuth(context.Background(), "app.db", "http://localhost:8080")
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe("localhost:8080", newRouter(a)))
}

// newRouter serves Sesame's routes under /auth and /me to signed-in
// users only.
func newRouter(a *auth.Auth) *gin.Engine {
	r := gin.New()
	r.Use(ginauth.Middleware(a))
	ginauth.Mount(r, a, "/auth")
	r.GET("/me", ginauth.RequireUser(), func(c *gin.Context) {
		u, _ := ginauth.User(c)
		c.String(http.StatusOK, "hello, %s", u.Name)
	})
	return r
}
