package test

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authtest/conformance"
)

// TestConformance runs the conformance suite on net/http's ServeMux with
// every instance's sessions in Redis, each under a prefix of its own, on
// every engine.
func TestConformance(t *testing.T) {
	authtest.RedisURL(t) // skip once, not in every scenario
	target := conformance.HandlerTarget("servemux with redis sessions", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		m := http.NewServeMux()
		m.Handle("/auth/", authhttp.Handler(a, opts...))
		m.Handle("GET "+conformance.MePath, authhttp.Middleware(a, opts...)(authhttp.RequireUser(conformance.MeHandler)))
		m.Handle("GET "+conformance.WhoPath, authhttp.Middleware(a, opts...)(conformance.WhoHandler))
		return m
	})
	target.SessionStore = func(tb testing.TB) auth.SessionStore { return newSpace(tb).sessions() }
	conformance.Run(t, target)
}
