package test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	redisstore "github.com/sesame-go/sesame/kvstore/redis"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestRedisDown points the stores at a port where nothing listens and
// checks what the package documents: a rate store fails the operation
// (500, internal), or with FailOpen lets it through and logs why; a
// session store fails every request that carries a session and every
// sign-in (500, internal), never serving a signed-in user nor clearing
// the browser's session; requests without a session do not reach Redis.
func TestRedisDown(t *testing.T) {
	sp := newSpace(t) // a healthy Redis, for the sessions made beforehand
	e := authtest.SQLiteEngine(t)
	mail := &authtest.Mailbox{}
	clock := authtest.NewClock(start)
	healthy := newSite(t, e, mail, clock, sp.sessions(), auth.WithoutRateLimits())
	healthy.signUp(t, "ada@example.com", "ada's password")
	creds := map[string]string{"email": "ada@example.com", "password": "ada's password"}

	type store int
	const (
		ratesClosed store = iota
		ratesOpen
		sessions
	)
	tests := []struct {
		name    string
		down    store
		session bool // the request carries a session made while Redis was up
		method  string
		path    string
		body    any
		status  int
		code    string
		goCall  bool   // a sign-in as a Go call fails as the route does
		logged  string // what the store logged
	}{
		{"rate store fails closed: sign-in", ratesClosed, false, http.MethodPost, "/auth/password/sign-in", creds,
			http.StatusInternalServerError, "internal", true, ""},
		{"rate store fails open: sign-in", ratesOpen, false, http.MethodPost, "/auth/password/sign-in", creds,
			http.StatusOK, "", true, "redisstore: count a call: allowed, failing open"},
		{"session store: sign-in", sessions, false, http.MethodPost, "/auth/password/sign-in", creds,
			http.StatusInternalServerError, "internal", true, ""},
		{"session store: app route with a session", sessions, true, http.MethodGet, "/app/me", nil,
			http.StatusInternalServerError, "internal", false, ""},
		{"session store: session route with a session", sessions, true, http.MethodGet, "/auth/session", nil,
			http.StatusInternalServerError, "internal", false, ""},
		{"session store: sign-out with a session", sessions, true, http.MethodPost, "/auth/sign-out", nil,
			http.StatusInternalServerError, "internal", false, ""},
		{"session store: app route without a session", sessions, false, http.MethodGet, "/app/me", nil,
			http.StatusUnauthorized, "no_session", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs syncBuffer
			logger := slog.New(slog.NewTextHandler(&logs, nil))
			var opts []auth.Option
			var sessionStore auth.SessionStore = sp.sessions()
			switch tt.down {
			case ratesClosed:
				opts = append(opts, auth.WithRateLimitStore(redisstore.NewRateStore(downClient(t))))
			case ratesOpen:
				opts = append(opts, auth.WithRateLimitStore(redisstore.NewRateStore(downClient(t),
					redisstore.FailOpen(), redisstore.WithLogger(logger))))
			case sessions:
				sessionStore = redisstore.NewSessionStore(downClient(t))
				opts = append(opts, auth.WithoutRateLimits()) // the cases' sign-ins would add up
			}
			s := newSite(t, &authtest.Engine{Name: e.Name, Dialect: e.Dialect, DB: e.Open(t)}, mail, clock, sessionStore, opts...)
			c := authtest.NewClient(t, s.h)
			if tt.session {
				in, err := healthy.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
				if err != nil {
					t.Fatal(err)
				}
				c.Bearer, c.Origin, c.Token = true, "", in.Token.Reveal()
			}

			res := c.Do(tt.method, tt.path, tt.body, nil)
			if res.Status != tt.status || res.ErrorCode() != tt.code {
				t.Errorf("%s %s = %d %s, want %d %s", tt.method, tt.path, res.Status, res.Body, tt.status, tt.code)
			}
			if tt.status != http.StatusOK {
				if h := res.Header.Get("Set-Cookie") + res.Header.Get("Auth-Token"); h != "" {
					t.Errorf("%s %s answered %d with a session header: %q", tt.method, tt.path, res.Status, h)
				}
			}
			if tt.logged != "" && !strings.Contains(logs.String(), tt.logged) {
				t.Errorf("log %q lacks %q", logs.String(), tt.logged)
			}
			if tt.goCall {
				_, err := s.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret("ada's password")})
				if tt.code == "" && err != nil {
					t.Errorf("SignIn = %v, want success", err)
				}
				if tt.code != "" && !errors.Is(err, &auth.Error{Code: tt.code}) {
					t.Errorf("SignIn = %v, want %s", err, tt.code)
				}
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for a logger and a test at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
