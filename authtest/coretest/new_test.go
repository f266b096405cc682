package coretest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// stub is a configurable plugin for validation tests.
type stub struct {
	name     string
	ops      []auth.Operation
	kinds    []auth.IdentityKind
	tables   []*sqlb.Table
	validate error
	// check, when set, is what Validate does with the instance.
	check func(a *auth.Auth) error
}

func (s *stub) Name() string                       { return s.name }
func (s *stub) Operations() []auth.Operation       { return s.ops }
func (s *stub) IdentityKinds() []auth.IdentityKind { return s.kinds }
func (s *stub) Tables() []*sqlb.Table              { return s.tables }
func (s *stub) Migrations() []auth.Migration       { return nil }
func (s *stub) Validate(a *auth.Auth) error {
	if s.check != nil {
		return s.check(a)
	}
	return s.validate
}

func noop(name, path string) *auth.Op[auth.Empty, auth.Empty] {
	return &auth.Op[auth.Empty, auth.Empty]{Name: name, Method: http.MethodPost, Path: path,
		Handler: func(context.Context, *auth.Call, auth.Empty) (auth.Empty, error) { return auth.Empty{}, nil }}
}

// TestNewReportsEveryProblem builds configurations with several mistakes
// and expects New to name each of them in one error.
func TestNewReportsEveryProblem(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := auth.WithDB(e.DB, e.Dialect)
		base := auth.WithBaseURL("http://localhost/auth")
		kind := auth.IdentityKind{Name: "email", Normalize: func(s string) (string, error) { return strings.ToLower(s), nil }}
		handler := func(context.Context, *auth.Call, auth.Empty) (auth.Empty, error) { return auth.Empty{}, nil }
		tests := []struct {
			name string
			opts []auth.Option
			want []string
		}{
			{"nothing at all", nil, []string{"WithDB is required", "WithBaseURL is required", "no plugin can sign anyone in"}},
			{"bad base URL and sessions", []auth.Option{db, auth.WithBaseURL("localhost/auth"), auth.WithPlugins(authtest.NewLogin()),
				auth.WithSessionLifetime(500 * 24 * 3600e9), auth.WithFreshAge(0), auth.WithUnverifiedIdentityTTL(0)},
				[]string{`base URL "localhost/auth"`, "session lifetime", "fresh age", "unverified identity TTL"}},
			{"clashing plugins", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin(),
				&stub{name: "a", ops: []auth.Operation{noop("a.x", "/x"), noop("a.x", "/y"), noop("a.z", "/sign-out")}, kinds: []auth.IdentityKind{kind}},
				&stub{name: "b", ops: []auth.Operation{noop("b.y", "/x")}, kinds: []auth.IdentityKind{kind, {Name: "nameless"}}},
				&stub{name: "a"})},
				[]string{`operation "a.x" is already registered`, "route POST /sign-out", `route POST /x of "b.y"`,
					`identity kind "email" is claimed twice`, `identity kind "nameless" needs`, `name "a" is empty, reserved or taken`}},
			{"half a route", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin(), &stub{name: "h", ops: []auth.Operation{
				&auth.Op[auth.Empty, auth.Empty]{Name: "h.noPath", Method: http.MethodPost, Handler: handler},
				&auth.Op[auth.Empty, auth.Empty]{Name: "h.noMethod", Path: "/h", Handler: handler}}})},
				[]string{`operation "h.noPath": path must start with /`, `operation "h.noMethod": method must be`}},
			{"tables", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin()), auth.RenameTable("auth_nothing", "x"),
				auth.RenameTable("auth_user", "bad name"), auth.WithTablePrefix("p_")},
				[]string{`RenameTable("auth_nothing")`, `"bad name", which is not a valid identifier`}},
			{"rate rules", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin()),
				auth.WithRateLimit("nope.op", auth.RateRules{}), auth.WithRateLimit("core.signOut", auth.RateRules{IP: auth.RateRule{Limit: 3}}),
				auth.WithRateLimit("core.revokeSession", auth.RateRules{IP: auth.RateRule{Limit: 3, Window: time.Microsecond}})},
				[]string{`WithRateLimit("nope.op"): no such operation`, `WithRateLimit("core.signOut"): a rate rule needs`,
					`WithRateLimit("core.revokeSession"): a rate rule needs a positive limit and a window of a millisecond or more`}},
			{"plugin's own complaint", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin(),
				&stub{name: "fussy", validate: errors.New("no way to recover a password")})},
				[]string{"plugin fussy: no way to recover a password"}},
			{"plugin's complaint besides the core's", []auth.Option{db, base, auth.RenameTable("auth_nothing", "x"),
				auth.WithPlugins(authtest.NewLogin(), &stub{name: "fussy", validate: errors.New("no way to recover a password")})},
				[]string{`RenameTable("auth_nothing")`, "plugin fussy: no way to recover a password"}},
			{"Validate of a half-made instance", []auth.Option{auth.WithBaseURL("localhost/auth"), auth.WithPlugins(authtest.NewLogin(),
				&stub{name: "curious", check: func(a *auth.Auth) error {
					return fmt.Errorf("base URL host %q, dialect %v, DB %v, users in %s", a.BaseURL().Host, a.Dialect(), a.DB(), a.TableName(auth.Users))
				}})},
				[]string{"WithDB is required", `base URL "localhost/auth"`, `plugin curious: base URL host "", dialect <nil>, DB <nil>, users in auth_user`}},
			{"Validate that panics on a half-made instance", []auth.Option{base, auth.WithPlugins(authtest.NewLogin(),
				&stub{name: "reckless", check: func(a *auth.Auth) error {
					_, err := a.DB().Exec(context.Background(), sqlb.Delete(auth.Users))
					return err
				}})},
				[]string{"WithDB is required", "plugin reckless: panicked in Validate on this configuration"}},
			{"Validate that panics", []auth.Option{db, base, auth.WithPlugins(authtest.NewLogin(),
				&stub{name: "buggy", check: func(*auth.Auth) error { panic("a bug") }})},
				[]string{"plugin buggy: panicked in Validate on this configuration: a bug"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				a, err := auth.New(tt.opts...)
				if err == nil || a != nil {
					t.Fatalf("New = %v, %v; want an error", a, err)
				}
				for _, want := range tt.want {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("New error lacks %q:\n%v", want, err)
					}
				}
			})
		}
	})
}

// TestServerOperations: operations with neither method nor path are
// server operations; several share the absence of a route, and none is
// served over HTTP.
func TestServerOperations(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		handler := func(context.Context, *auth.Call, auth.Empty) (auth.Empty, error) { return auth.Empty{}, nil }
		s1 := &auth.Op[auth.Empty, auth.Empty]{Name: "s.one", Writes: true, Handler: handler}
		s2 := &auth.Op[auth.Empty, auth.Empty]{Name: "s.two", Handler: handler}
		f := newFixture(t, e, auth.WithPlugins(&stub{name: "s", ops: []auth.Operation{s1, s2}}))
		for _, op := range []*auth.Op[auth.Empty, auth.Empty]{s1, s2} {
			if !op.Info().ServerOnly() {
				t.Errorf("%s: ServerOnly() = false, want true", op.Name)
			}
			if _, err := op.Run(context.Background(), auth.Empty{}); err != nil {
				t.Errorf("%s.Run = %v", op.Name, err)
			}
		}
		wantError(t, "POST /auth", f.c.Post("/auth", map[string]any{}), http.StatusNotFound, "not_found")
	})
}

// TestOpBelongsToOneInstance: an operation value serves one instance.
func TestOpBelongsToOneInstance(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		login := authtest.NewLogin()
		opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(login)}
		if _, err := auth.New(opts...); err != nil {
			t.Fatal(err)
		}
		if _, err := auth.New(opts...); err == nil || !strings.Contains(err.Error(), "belongs to another instance") {
			t.Errorf("second New with the same plugin value = %v, want a refusal", err)
		}
		if _, err := authtest.NewLogin().SignIn(context.Background(), "x"); !errors.Is(err, auth.ErrUnbound) {
			t.Errorf("Run of an unregistered operation = %v, want ErrUnbound", err)
		}
	})
}
