package authhttp_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

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

// NewCompactCache has browsers carry their session signed, where the
// page's script can read who is signed in (docs/sessions.md shows how);
// every instance needs the same keys, from the host's secret store.
func ExampleNewCompactCache() {
	cache, err := authhttp.NewCompactCache(auth.NewSecret(os.Getenv("SESSION_SIGNING_KEY"))) // 32 bytes or more
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := auth.WithSessionCache(cache, 0) // a minute's lag at most
	_ = opt                                // pass it to auth.New with the rest
}

// A browser's script reads the compact cookie's second part: base64url
// JSON of what GET /session answers, with the time the server stops
// using it. Here in Go, as a test or a Go client would.
func ExampleCompactPayload() {
	cookie := "c1.eyJ1c2VyIjp7ImlkIjoidTEiLCJuYW1lIjoiQWRhIn0sInNlc3Npb24iOm51bGwsInVudGlsIjoxNzY0MDAwMDAwMDAwfQ.AAAA.sig"
	part := strings.Split(cookie, ".")[1]
	raw, _ := base64.RawURLEncoding.DecodeString(part)
	var p authhttp.CompactPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.User.Name, time.UnixMilli(p.Until).UTC().Format(time.RFC3339))
	// Output: Ada 2025-11-24T16:00:00Z
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

// Invoke runs an operation for a transport of the host's own (here one
// operation at a route of the host's choosing, with its input from a form),
// through the pipeline the routes use; the session cookie of a sign-in
// reaches the answer as over the routes. gqlauth's GraphQL resolvers call it.
func ExampleInvoke() {
	var signIn auth.Operation
	for _, op := range a.Operations() {
		if op.Info().Name == "password.signIn" {
			signIn = op
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		_, _, err := authhttp.Invoke(w, r, a, signIn, func(in any) error {
			body, err := json.Marshal(map[string]string{"email": r.FormValue("email"), "password": r.FormValue("password")})
			if err != nil {
				return err
			}
			return json.Unmarshal(body, in)
		})
		if err != nil {
			authhttp.WriteError(w, auth.AsError(err))
			return
		}
		http.Redirect(w, r, "/account", http.StatusSeeOther)
	})
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// GraphQLSchema writes the GraphQL schema of the instance's operations,
// for gqlgen and the gqlauth module (docs/graphql.md).
func ExampleGraphQLSchema() {
	schema, err := authhttp.GraphQLSchema(a)
	if err != nil {
		log.Fatal(err)
	}
	os.WriteFile("graph/auth.graphqls", []byte(schema), 0o644)
}
