package jwt_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/jwt"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: tokens for the billing service, which holds them for 2
// minutes and reads the caller's plan; the key set at the address
// services look for. The test module (plugin/jwt/test) runs the whole
// journey on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	sealing := []byte("0123456789abcdef0123456789abcdef") // 32 random bytes, from a secret store
	tokens := jwt.New(
		jwt.WithSecretKeys(sealing),
		jwt.WithTemplate(jwt.Template{
			Name:     "billing",
			Audience: []string{"https://billing.acme.example"},
			Lifetime: 2 * time.Minute,
			Claims: func(ctx context.Context, c *auth.Call) (map[string]any, error) {
				return map[string]any{"plan": "pro"}, nil // the host's own lookup of c.User().ID
			},
		}),
	)
	a, err := auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins( /* a sign-in method, */ tokens))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))                  // POST /auth/jwt/token {"template":"billing"}
	mux.Handle("/.well-known/jwks.json", tokens.JWKSHandler()) // cacheable for 5 minutes
	log.Fatal(http.ListenAndServe(":8080", authhttp.Middleware(a)(mux)))
}

// Without the keys that seal the signing keys, auth.New says so.
func ExampleWithSecretKeys() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"), auth.WithPlugins(jwt.New()))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.Contains(line, "jwt:") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin jwt: jwt: WithSecretKeys is required: the signing keys are stored sealed
}

// A service written in Go verifies the tokens of the issuer for its own
// audience; an unsigned token ("none") is refused before any key is
// fetched.
func ExampleVerifier() {
	v := jwt.NewVerifier("https://acme.example/.well-known/jwks.json", "https://acme.example/auth",
		"https://billing.acme.example")
	unsigned := "eyJhbGciOiJub25lIiwia2lkIjoiayJ9.eyJzdWIiOiJhZG1pbiJ9."
	_, err := v.Verify(context.Background(), unsigned)
	fmt.Println(errors.Is(err, jwt.ErrUnsupportedAlgorithm), err)
	// Output:
	// true auth: jwt_unsupported_algorithm: the token's algorithm is not accepted
}
