package test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/terms"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

const pw = "correct horse battery"

// fixture is an instance with email, password, admin and terms of a
// version, serving the routes under /auth/ and a host route /app behind
// the middleware's RequireUser.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	pw    *password.Plugin
	terms *terms.Plugin
	h     http.Handler
}

func newFixture(t testing.TB, e *authtest.Engine, version string, db *sql.DB) *fixture {
	t.Helper()
	f := &fixture{e: e, clock: authtest.NewClock(epoch), terms: terms.New(version, terms.WithURL("https://acme.example/terms"))}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(hasher))
	if db == nil {
		db = e.DB
	}
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), f.pw, admin.New(), f.terms),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/app", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "welcome")
	})))
	f.h = authhttp.Middleware(f.a)(mux)
	return f
}

// account makes a verified account with a password and returns its ID.
func (f *fixture) account(t testing.TB, addr string) string {
	t.Helper()
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(context.Background(), u.ID, auth.NewSecret(pw)); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func (f *fixture) signedIn(t testing.TB, addr string) *authtest.Client {
	t.Helper()
	c := authtest.NewClient(t, f.h)
	if res := c.Post("/auth/password/sign-in", map[string]string{"email": addr, "password": pw}); res.Status != http.StatusOK {
		t.Fatalf("sign-in = %d %s", res.Status, res.Body)
	}
	return c
}

func want(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %q", what, res.Status, res.Body, status, code)
	}
}

// TestJourneyHTTP: a new account's session may only read and accept the
// terms, read itself and sign out; the plugins' operations and the host's
// routes answer terms_not_accepted. Accepting an old version is refused;
// accepting the current one frees every session of the user at once. A
// new version asks again.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, "v1", nil)
		f.account(t, "ada@example.com")
		c := f.signedIn(t, "ada@example.com")
		other := f.signedIn(t, "ada@example.com")
		want(t, "GET /auth/sessions", c.Get("/auth/sessions"), http.StatusForbidden, "terms_not_accepted")
		want(t, "GET /app", c.Get("/app"), http.StatusForbidden, "terms_not_accepted")
		if res := c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("GET /auth/session = %d %s, want the session", res.Status, res.Body)
		}
		var st terms.State
		c.Get("/auth/terms").Decode(t, &st)
		if st != (terms.State{Version: "v1", URL: "https://acme.example/terms"}) {
			t.Fatalf("GET /auth/terms = %+v", st)
		}
		want(t, "accepting another version", c.Post("/auth/terms/accept", map[string]string{"version": "v0"}), http.StatusConflict, "terms_version_not_current")

		f.clock.Advance(time.Minute)
		res := c.Post("/auth/terms/accept", map[string]string{"version": "v1"})
		res.Decode(t, &st)
		if res.Status != http.StatusOK || !st.Accepted || st.AcceptedVersion != "v1" || !st.AcceptedAt.Equal(f.clock.Now()) {
			t.Fatalf("accept = %d %s", res.Status, res.Body)
		}
		for _, cl := range []*authtest.Client{c, other} {
			if res := cl.Get("/app"); res.Status != http.StatusOK || string(res.Body) != "welcome" {
				t.Fatalf("GET /app after accepting = %d %s", res.Status, res.Body)
			}
			if res := cl.Get("/auth/sessions"); res.Status != http.StatusOK {
				t.Fatalf("GET /auth/sessions after accepting = %d %s", res.Status, res.Body)
			}
		}

		// The host publishes v2: the same person is asked again.
		g := newFixture(t, e, "v2", nil)
		g.clock.Advance(time.Hour)
		c = g.signedIn(t, "ada@example.com")
		want(t, "GET /app under v2", c.Get("/app"), http.StatusForbidden, "terms_not_accepted")
		c.Get("/auth/terms").Decode(t, &st)
		if st.Accepted || st.AcceptedVersion != "v1" || st.Version != "v2" {
			t.Fatalf("GET /auth/terms under v2 = %+v, want v1 accepted, v2 not", st)
		}
		want(t, "accepting v1 again under v2", c.Post("/auth/terms/accept", map[string]string{"version": "v1"}), http.StatusConflict, "terms_version_not_current")
		if res := c.Post("/auth/terms/accept", map[string]string{"version": "v2"}); res.Status != http.StatusOK {
			t.Fatalf("accepting v2 = %d %s", res.Status, res.Body)
		}
		if res := c.Get("/app"); res.Status != http.StatusOK {
			t.Fatalf("GET /app after accepting v2 = %d %s", res.Status, res.Body)
		}
		if got := acceptances(t, e); got != "v1,v2" {
			t.Fatalf("the record of consent holds %q, want v1,v2", got)
		}
		if res := c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d", res.Status)
		}
	})
}

// acceptances lists the versions in the record of consent.
func acceptances(t testing.TB, e *authtest.Engine) string {
	t.Helper()
	var out []string
	var v string
	if err := e.SQL().All(context.Background(), sqlb.Select(terms.AcceptanceVersion.Into(&v)).From(terms.Acceptances).
		OrderBy(terms.AcceptanceVersion.Asc()), func() error { out = append(out, v); return nil }); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, ",")
}

// TestGoCalls: the same as Go calls with a session token; a signed-out
// call is refused; a sign-out is allowed while the task is pending.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, "2026-03-01", nil)
		ctx := context.Background()
		f.account(t, "ada@example.com")
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		as := func() context.Context { return auth.WithSessionToken(ctx, in.Token) }
		if _, err := f.a.ListSessions(as()); !isCode(err, terms.ErrTermsNotAccepted) {
			t.Fatalf("ListSessions before accepting = %v", err)
		}
		if _, err := f.terms.Accept(ctx, "2026-03-01"); !isCode(err, auth.ErrNoSession) {
			t.Fatalf("Accept with no session = %v", err)
		}
		st, err := f.terms.Accept(as(), "2026-03-01")
		if err != nil || !st.Accepted {
			t.Fatalf("Accept = %+v, %v", st, err)
		}
		if _, err := f.a.ListSessions(as()); err != nil {
			t.Fatalf("ListSessions after accepting = %v", err)
		}
		if st, err := f.terms.Get(as()); err != nil || !st.Accepted || st.Version != "2026-03-01" {
			t.Fatalf("Get = %+v, %v", st, err)
		}
	})
}

func isCode(err error, code *auth.Error) bool {
	return err != nil && auth.AsError(err).Code == code.Code
}

// TestImpersonationCannotAccept (bug class: lifecycle gaps): an
// administrator impersonating a user is not held by the user's task, and
// cannot accept the terms in the user's name.
func TestImpersonationCannotAccept(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, "v1", nil)
		ctx := context.Background()
		boss := f.account(t, "boss@example.com")
		if _, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserRole.Set(admin.RoleAdmin), terms.UserVersion.Set("v1")).
			Where(auth.UserID.Eq(boss))); err != nil {
			t.Fatal(err)
		}
		ada := f.account(t, "ada@example.com")
		c := f.signedIn(t, "boss@example.com")
		if res := c.Post("/auth/admin/impersonate", map[string]any{"userId": ada, "minutes": 10}); res.Status != http.StatusOK {
			t.Fatalf("impersonate = %d %s", res.Status, res.Body)
		}
		if res := c.Get("/app"); res.Status != http.StatusOK {
			t.Fatalf("GET /app impersonating = %d %s", res.Status, res.Body)
		}
		want(t, "accepting while impersonating", c.Post("/auth/terms/accept", map[string]string{"version": "v1"}),
			http.StatusForbidden, "impersonation_forbidden")
		if got := acceptances(t, e); got != "" {
			t.Fatalf("the record of consent holds %q", got)
		}
	})
}

// TestConcurrentAccepts: 20 concurrent acceptances from the user's
// sessions all succeed and record one acceptance.
func TestConcurrentAccepts(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, "v1", nil)
		f.account(t, "ada@example.com")
		clients := make([]*authtest.Client, 20)
		for i := range clients {
			clients[i] = f.signedIn(t, "ada@example.com")
		}
		var wg sync.WaitGroup
		for _, c := range clients {
			wg.Go(func() {
				if res := c.Post("/auth/terms/accept", map[string]string{"version": "v1"}); res.Status != http.StatusOK {
					t.Errorf("accept = %d %s", res.Status, res.Body)
				}
			})
		}
		wg.Wait()
		if got := acceptances(t, e); got != "v1" {
			t.Fatalf("the record of consent holds %q, want one v1", got)
		}
	})
}

// TestFaultsAtEveryStatement: an acceptance with a failure at each
// statement and at the commit answers 500 and changes nothing; the
// session stays held.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, "v1", pool)
		n := 0
		var c *authtest.Client
		clean := e.SQL()
		state := func() string {
			var out []string
			var id, v string
			if err := clean.All(context.Background(), sqlb.Select(auth.UserID.Into(&id), terms.UserVersion.Into(&v)).From(auth.Users).
				OrderBy(auth.UserID.Asc()), func() error { out = append(out, id+" "+v); return nil }); err != nil {
				t.Fatal(err)
			}
			return strings.Join(out, "\n") + "\n" + acceptances(t, e)
		}
		var before string
		faults.Each(t, func(t *testing.T) {
			n++
			f.clock.Advance(time.Second)
			addr := fmt.Sprintf("user%d@example.com", n)
			f.account(t, addr)
			c = f.signedIn(t, addr)
			before = state()
		}, func() error {
			res := c.Post("/auth/terms/accept", map[string]string{"version": "v1"})
			if res.Status == http.StatusOK {
				return nil
			}
			if res.Status != http.StatusInternalServerError {
				t.Fatalf("accept with a fault = %d %s, want 500", res.Status, res.Body)
			}
			return fmt.Errorf("%d", res.Status)
		}, func(t *testing.T) {
			if after := state(); after != before {
				t.Fatalf("a failed accept changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			want(t, "GET /app after a failed accept", c.Get("/app"), http.StatusForbidden, "terms_not_accepted")
		})
	})
}

// TestHostileInputs: the operations with hostile inputs, as Go calls of
// a held session, never fail with a server error and accept nothing but
// the current version.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, "v1", nil)
		f.account(t, "ada@example.com")
		in, err := f.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		ctx := auth.WithSessionToken(context.Background(), in.Token)
		h := authtest.NewHostile(1, "v0", "V1", "v1 ", strings.Repeat("v", 65))
		for _, op := range f.terms.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(ctx, func(v any) error { h.Fill(v); input = v; return nil })
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%+v) = %v, want no server error", op.Info().Name, input, err)
				}
			}
		}
		if got := acceptances(t, e); got != "" {
			t.Fatalf("hostile versions were accepted: %q", got)
		}
		c := f.signedIn(t, "ada@example.com")
		for _, body := range []string{`{"version":"v1\u0000"}`, "{\"version\":\"\xff\"}", `{"version":"v1","userId":"x"}`} {
			if res := c.Post("/auth/terms/accept", body); res.Status != http.StatusBadRequest {
				t.Errorf("accept %q = %d %s, want 400", body, res.Status, res.Body)
			}
		}
	})
}
