package authhttp_test

import (
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

var a *auth.Auth // made by auth.New

// Handler serves every operation under the base URL's path.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	log.Fatal(http.ListenAndServe(":8080", mux))
}

// Middleware loads the session once per request for the whole app.
func ExampleMiddleware() {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if u, ok := authhttp.UserFrom(r); ok {
			fmt.Fprintf(w, "hello, %s", u.Name)
			return
		}
		fmt.Fprint(w, "hello, stranger")
	})
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// RequireUser answers 401 no_session to callers who are not signed in.
func ExampleRequireUser() {
	account := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		fmt.Fprintf(w, "account of %s", u.ID)
	})
	mux := http.NewServeMux()
	mux.Handle("/account", authhttp.RequireUser(account))
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// BlockedSessionFrom serves the page that completes a task a session
// check blocks a session for, such as a second factor still to enter.
// Everywhere else that session counts as none: UserFrom reports no user,
// and RequireUser answers the check's refusal (403 with its code, say).
func ExampleBlockedSessionFrom() {
	account := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r) // never a blocked user
		fmt.Fprintf(w, "account of %s", u.ID)
	})
	mux := http.NewServeMux()
	mux.Handle("/account", authhttp.RequireUser(account))
	mux.HandleFunc("/second-factor", func(w http.ResponseWriter, r *http.Request) {
		_, u, blocked := authhttp.BlockedSessionFrom(r)
		if blocked == nil {
			http.Redirect(w, r, "/account", http.StatusFound) // nothing pending
			return
		}
		fmt.Fprintf(w, "%s, enter your second factor to finish signing in (%s)", u.Name, blocked.Code)
	})
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// CookieName names the session cookie for a client that keeps the token
// itself, such as a load generator or a test that signed in with a Go
// call: "__Host-sesame_session" on https, "sesame_session" on http.
func ExampleCookieName() {
	var token auth.Secret // from a sign-in's output: password.SignedIn.Token ...
	req, err := http.NewRequest(http.MethodGet, "https://example.com/account", nil)
	if err != nil {
		log.Fatal(err)
	}
	req.AddCookie(&http.Cookie{Name: authhttp.CookieName(a), Value: token.Reveal()})
	// Clients that are not browsers can use the bearer transport instead:
	// req.Header.Set("Authorization", "Bearer "+token.Reveal())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	res.Body.Close()
}

// problem is an RFC 9457 problem details object.
type problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
}

// EncodeErrors replaces the error body and its media type, here with RFC
// 9457 problem details as application/problem+json; the status and
// Retry-After stay. Give the same option to Handler and Middleware, so
// that RequireUser answers alike.
func ExampleEncodeErrors() {
	problems := authhttp.EncodeErrors(func(e *auth.Error) (string, any) {
		return "application/problem+json", problem{Type: "https://example.com/errors/" + e.Code, Title: e.Message, Status: e.Status}
	})
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a, problems))
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a, problems)(mux)))
}

// WriteError answers a host's own route as Sesame answers its routes, in
// the body of the same EncodeErrors: here, a 404 for unknown paths under
// /api.
func ExampleWriteError() {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		authhttp.WriteError(w, auth.ErrNotFound)
	})
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// NewSnapshotCache has browsers carry their session, sealed, so that a
// request reads nothing; every instance needs the same keys, from the
// host's secret store (here made up on the spot).
func ExampleNewSnapshotCache() {
	key := make([]byte, 32) // 32 random bytes, kept secret and shared by the instances
	keys, err := auth.NewSealer(key)
	if err != nil {
		log.Fatal(err)
	}
	opt := auth.WithSessionCache(authhttp.NewSnapshotCache(keys), 0) // a minute's lag at most
	_ = opt                                                          // pass it to auth.New with the rest
}

// After importing better-auth's sessions (authimport), its cookie keeps
// people signed in: the first request with it gets Sesame's cookie in its
// place. Give the Middleware better-auth's secret (BETTER_AUTH_SECRET) as
// an auth.Secret; the journeys run in authimport/test.
func ExampleBridgeCookie() {
	bridge := authhttp.BridgeCookie(authhttp.BetterAuthCookie(auth.NewSecret(os.Getenv("BETTER_AUTH_SECRET"))))
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a, bridge)(mux)))
}

// OpenAPIHandler publishes the OpenAPI document of the routes at a path
// of the host's choosing; auth openapi writes the same bytes to a file.
func ExampleOpenAPIHandler() {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle("GET /openapi.json", authhttp.OpenAPIHandler(a))
	log.Fatal(http.ListenAndServe(":8080", mux))
}
