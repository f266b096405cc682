package test

import (
	"context"
	"database/sql"
	"io"
	"maps"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/apikey"
)

var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// vocabulary is the test host's: its own resources and the admin
// plugin's.
func vocabulary() access.Resources {
	r := access.Resources{"project": {"read", "write", "delete"}, "billing": {"read", "manage"}}
	maps.Copy(r, access.AdminResources())
	return r
}

// roles are the test host's roles.
var roles = []access.Role{
	{Name: "viewer", Statements: access.Statements{"project": {"read"}}},
	{Name: "editor", Statements: access.Statements{"project": {"read", "write"}}},
	{Name: "owner", Statements: access.Statements{"project": {"read", "write", "delete"}, "billing": {"read", "manage"}}},
	{Name: "accountant", Statements: access.Statements{"billing": {"read"}}},
	{Name: "support", Statements: access.Statements{"admin.users": {"view"}}},
	{Name: "moderator", Statements: access.Statements{"admin.users": {"view", "ban", "impersonate"}}},
}

// events records the events of an instance.
type events struct {
	mu   sync.Mutex
	list []auth.Event
}

func (e *events) sink(_ context.Context, ev auth.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.list = append(e.list, ev)
}

func (e *events) count(typ string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, ev := range e.list {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

// fixture is an instance with the test sign-in, the access plugin, the
// admin plugin run through it and the apikey plugin whose scopes are the
// vocabulary's permissions, served as a host serves it: /api/project/<action>
// needs that permission on project.
type fixture struct {
	t      testing.TB
	a      *auth.Auth
	e      *authtest.Engine
	acc    *access.Plugin
	keys   *apikey.Plugin
	login  *authtest.Login
	events *events
	h      http.Handler
	first  *authtest.Client
}

func newFixture(t testing.TB, e *authtest.Engine, db *sql.DB) *fixture {
	t.Helper()
	f := &fixture{t: t, e: e, events: &events{}, login: authtest.NewLogin()}
	f.acc = access.New(vocabulary(), access.WithRoles(roles...))
	f.keys = apikey.New(apikey.WithPrefix("sk_test_"), apikey.WithScopes(access.KeyScopes(vocabulary())...))
	if db == nil {
		db = e.DB
	}
	var err error
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(authtest.NewClock(epoch).Now),
		auth.WithPlugins(f.login, f.acc, admin.New(admin.WithAuthorizer(f.acc.AdminAuthorizer())), f.keys),
		auth.WithoutRateLimits(), auth.WithEventSink(f.events.sink))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	for _, act := range []string{"read", "write", "delete"} {
		mux.Handle("/api/project/"+act, f.acc.RequirePermission("project", act)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, _ := authhttp.UserFrom(r)
			io.WriteString(w, u.ID)
		})))
	}
	f.h = authhttp.Middleware(f.a)(mux)
	f.first = authtest.NewClient(t, f.h)
	return f
}

// user makes a user by the test sign-in and returns their ID.
func (f *fixture) user(t testing.TB, name string) string {
	t.Helper()
	res, err := f.login.SignIn(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return res.User.ID
}

// signIn signs name in on a new bearer client and returns it and the user's ID.
func (f *fixture) signIn(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	return c, authtest.SignIn(t, c, "/auth", name).User.ID
}

// grant gives a role and fails the test on an error.
func (f *fixture) grant(t testing.TB, userID, scope, role string) {
	t.Helper()
	if _, err := f.acc.Grant(context.Background(), access.GrantRequest{UserID: userID, Scope: scope, Role: role}); err != nil {
		t.Fatalf("Grant(%s, %q, %s) = %v", userID, scope, role, err)
	}
}

// can checks a permission and fails the test on an error.
func (f *fixture) can(t testing.TB, s access.Subject, resource, action string) bool {
	t.Helper()
	ok, err := f.acc.Can(context.Background(), s, resource, action)
	if err != nil {
		t.Fatalf("Can(%s:%s) = %v", resource, action, err)
	}
	return ok
}

// withKey sends a request with an API key as "Authorization: Bearer <key>".
func (f *fixture) withKey(key, method, path string) *authtest.Response {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Origin = ""
	return c.Do(method, path, nil, http.Header{"Authorization": {"Bearer " + key}})
}

// key creates a key of a user with the scopes given and returns it.
func (f *fixture) key(t testing.TB, userID string, scopes ...string) string {
	t.Helper()
	c, err := f.keys.CreateFor(context.Background(), apikey.CreateForRequest{UserID: userID,
		CreateRequest: apikey.CreateRequest{Name: "script", Scopes: scopes}})
	if err != nil {
		t.Fatal(err)
	}
	return c.Secret.Reveal()
}
