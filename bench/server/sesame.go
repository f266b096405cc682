package server

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// Sesame is the Sesame server: the email and password plugins with their
// defaults (argon2id at [argon2id.DefaultParams]), except that rate limits
// are off and no mail is sent (the benchmark's people are seeded with
// verified addresses).
//
// [argon2id.DefaultParams]: https://pkg.go.dev/github.com/sesame-go/sesame/plugin/password/argon2id#DefaultParams
type Sesame struct {
	auth *auth.Auth
	pw   *password.Plugin
}

// NewSesame returns the Sesame server on db, a PostgreSQL pool from
// [Open], with its routes under baseURL+"/auth", and runs its migrations.
// opts come after the server's own: a session strategy ([Strategy]).
func NewSesame(ctx context.Context, db *sql.DB, baseURL string, opts ...auth.Option) (*Sesame, error) {
	pw := password.New(password.WithoutRecovery())
	a, err := auth.New(append([]auth.Option{
		auth.WithDB(db, sqlb.Postgres),
		auth.WithBaseURL(baseURL + "/auth"),
		auth.WithPlugins(email.New(), pw),
		auth.WithoutRateLimits(),
	}, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("server: sesame: %w", err)
	}
	if err := a.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("server: sesame: %w", err)
	}
	return &Sesame{auth: a, pw: pw}, nil
}

// CreateUser creates u through Sesame's Go API: [auth.Auth.CreateUser]
// with a verified address, then the password plugin's SetPassword.
func (s *Sesame) CreateUser(ctx context.Context, u User) error {
	created, err := s.auth.CreateUser(ctx, auth.NewUser{Name: u.Name, Identities: []auth.NewIdentity{
		{Kind: email.Kind, Value: u.Email, Verified: true},
	}})
	if err != nil {
		return fmt.Errorf("server: sesame user %s: %w", u.Email, err)
	}
	if err := s.pw.SetPassword(ctx, created.ID, u.Password); err != nil {
		return fmt.Errorf("server: sesame user %s: %w", u.Email, err)
	}
	return nil
}

// Handler serves the three requests of the benchmark, as an application
// adds Sesame (examples/nethttp): Sesame's routes under /auth, the
// application's route behind RequireUser, all behind the Middleware.
func (s *Sesame) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(s.auth))
	mux.Handle("GET /api/me", authhttp.RequireUser(http.HandlerFunc(sesameMe)))
	return authhttp.Middleware(s.auth)(mux)
}
