package conformance_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest/conformance"
)

// An integration's module describes how a host mounts Sesame with it, and
// runs the suite in a test: func TestConformance(t *testing.T) {
// conformance.Run(t, target) }.
func ExampleHandlerTarget() {
	target := conformance.HandlerTarget("servemux", func(a *auth.Auth, opts ...authhttp.Option) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/auth/", authhttp.Handler(a, opts...))
		mux.Handle("GET "+conformance.MePath, authhttp.Middleware(a, opts...)(authhttp.RequireUser(conformance.MeHandler)))
		mux.Handle("GET "+conformance.WhoPath, authhttp.Middleware(a, opts...)(conformance.WhoHandler))
		return mux
	})
	fmt.Println(target.Name)
	// Output: servemux
}

// Outside the session middleware nothing reports a user, and MeHandler
// answers 500: RequireUser in front of it never lets that happen.
func ExampleMeHandler() {
	rec := httptest.NewRecorder()
	conformance.MeHandler(rec, httptest.NewRequest(http.MethodGet, conformance.MePath, nil))
	fmt.Println(rec.Code)
	// Output: 500
}
