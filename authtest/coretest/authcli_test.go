package coretest

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authcli"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// chores is a plugin with work for every command of authcli: two
// migrations, a sweep that reports a fixed count and a periodic job.
type chores struct {
	swept      int64 // what Sweep reports deleting
	fail       error // what Maintain returns
	maintained int   // how many times Maintain ran
}

func (*chores) Name() string          { return "chores" }
func (*chores) Tables() []*sqlb.Table { return nil }

func (*chores) Migrations() []auth.Migration {
	noop := func(context.Context, *sqlb.DB) error { return nil }
	return []auth.Migration{{ID: "001_start", Apply: noop}, {ID: "002_more", Apply: noop}}
}

func (p *chores) Sweep(context.Context, *sqlb.DB, time.Time) (int64, error) { return p.swept, nil }

func (p *chores) Maintain(context.Context, *auth.Auth) error {
	p.maintained++
	return p.fail
}

// newCLIAuth returns an instance on db that is not migrated yet, with the
// test sign-in plugin and whatever opts add.
func newCLIAuth(tb testing.TB, e *authtest.Engine, db *sql.DB, opts ...auth.Option) *auth.Auth {
	tb.Helper()
	base := []auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	return a
}

// runCLI runs authcli.Run with args and returns its exit code and output.
func runCLI(tb testing.TB, a *auth.Auth, args ...string) (code int, stdout, stderr string) {
	tb.Helper()
	var out, errOut strings.Builder
	code = authcli.Run(tb.Context(), a, args, authcli.WithOutput(&out, &errOut))
	return code, out.String(), errOut.String()
}

// TestAuthcliMigrate migrates a fresh database, then again: one line per
// plugin each time, the core first.
func TestAuthcliMigrate(t *testing.T) {
	runs := []struct {
		name   string
		stdout string
	}{
		{"first", "core: applied 001_core, 002_token_binding, 003_outbox, 004_identity_sign_up, 005_stateless_sessions\nchores: applied 001_start, 002_more\n"},
		{"second", "core: up to date\nchores: up to date\n"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		login := authtest.NewLogin()
		a := newCLIAuth(t, e, e.DB, auth.WithPlugins(login, &chores{}))
		for _, r := range runs {
			code, stdout, stderr := runCLI(t, a, "migrate")
			if code != authcli.ExitOK {
				t.Fatalf("%s Run(%q) = %d, want %d; stderr %q", r.name, "migrate", code, authcli.ExitOK, stderr)
			}
			if stdout != r.stdout || stderr != "" {
				t.Errorf("%s migrate printed %q and %q on stderr, want %q and nothing", r.name, stdout, stderr, r.stdout)
			}
		}
		if _, err := login.SignIn(t.Context(), "ada"); err != nil {
			t.Errorf("SignIn on the migrated database: %v", err)
		}
	})
}

// TestAuthcliSweep deletes expired sessions and rate counters and prints
// the counts by name, then finds nothing left to delete.
func TestAuthcliSweep(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		clock := authtest.NewClock(start)
		login := authtest.NewLogin()
		a := newCLIAuth(t, e, e.DB, auth.WithClock(clock.Now), auth.WithPlugins(login, &chores{swept: 3}))
		if err := a.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
		signIn := func(name string) authtest.LoginResult {
			t.Helper()
			res, err := login.SignIn(t.Context(), name)
			if err != nil {
				t.Fatalf("SignIn(%q): %v", name, err)
			}
			return res
		}
		signIn("ada")
		signIn("bob")
		clock.Advance(auth.DefaultSessionLifetime + time.Hour) // ada's and bob's sessions and counters expire
		live := signIn("cy")

		for _, want := range []string{
			"chores: deleted 3\noutbox: deleted 0\nrate_limits: deleted 2\nsessions: deleted 2\ntokens: deleted 0\nunverified_identities: deleted 0\n",
			"chores: deleted 3\noutbox: deleted 0\nrate_limits: deleted 0\nsessions: deleted 0\ntokens: deleted 0\nunverified_identities: deleted 0\n",
		} {
			code, stdout, stderr := runCLI(t, a, "sweep")
			if code != authcli.ExitOK {
				t.Fatalf("Run(%q) = %d, want %d; stderr %q", "sweep", code, authcli.ExitOK, stderr)
			}
			if stdout != want || stderr != "" {
				t.Errorf("sweep printed %q and %q on stderr, want %q and nothing", stdout, stderr, want)
			}
		}
		if _, err := a.GetSession(auth.WithSessionToken(t.Context(), live.Token)); err != nil {
			t.Errorf("GetSession of the live session after sweep: %v", err)
		}
	})
}

// TestAuthcliMaintain runs the plugins' job once; a failing job exits 1.
func TestAuthcliMaintain(t *testing.T) {
	errJob := errors.New("chores: the job failed")
	tests := []struct {
		name   string
		fail   error
		code   int
		stdout string
		stderr string // prefix
	}{
		{"job succeeds", nil, authcli.ExitOK, "maintenance done\n", ""},
		{"job fails", errJob, authcli.ExitError, "", "auth maintain: auth: maintain chores: " + errJob.Error()},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				p := &chores{fail: tt.fail}
				a := newCLIAuth(t, e, e.DB, auth.WithPlugins(authtest.NewLogin(), p))
				code, stdout, stderr := runCLI(t, a, "maintain")
				if code != tt.code {
					t.Errorf("Run(%q) = %d, want %d; stderr %q", "maintain", code, tt.code, stderr)
				}
				if stdout != tt.stdout || !strings.HasPrefix(stderr, tt.stderr) || (tt.stderr == "") != (stderr == "") {
					t.Errorf("maintain printed %q and %q on stderr, want %q and %q", stdout, stderr, tt.stdout, tt.stderr)
				}
				if p.maintained != 1 {
					t.Errorf("maintain ran the plugin's job %d times, want 1", p.maintained)
				}
			})
		}
	})
}

// TestAuthcliUsage covers help and usage errors. The instance's database
// is closed: none of these may touch it.
func TestAuthcliUsage(t *testing.T) {
	const usage = "usage: auth <command>"
	tests := []struct {
		args   []string
		code   int
		stdout []string // what stdout holds; stderr must then be empty
		stderr []string // what stderr holds; stdout must then be empty
	}{
		{[]string{"-h"}, authcli.ExitOK, []string{usage, "migrate", "sweep", "maintain"}, nil},
		{[]string{"-help"}, authcli.ExitOK, []string{usage}, nil},
		{[]string{"--help"}, authcli.ExitOK, []string{usage}, nil},
		{[]string{"help"}, authcli.ExitOK, []string{usage, "migrate", "sweep", "maintain"}, nil},
		{[]string{"migrate", "-h"}, authcli.ExitOK, []string{"usage: auth migrate"}, nil},
		{[]string{"sweep", "--help"}, authcli.ExitOK, []string{"usage: auth sweep"}, nil},
		{[]string{"maintain", "-help"}, authcli.ExitOK, []string{"usage: auth maintain"}, nil},
		{nil, authcli.ExitUsage, nil, []string{usage, "migrate", "sweep", "maintain"}},
		{[]string{"frobnicate"}, authcli.ExitUsage, nil, []string{`auth: unknown command "frobnicate"`, usage}},
		{[]string{"migrate", "now"}, authcli.ExitUsage, nil, []string{`auth migrate: unexpected argument "now"`}},
		{[]string{"sweep", "-x"}, authcli.ExitUsage, nil, []string{"-x", "usage: auth sweep"}},
		{[]string{"migrate", "--print-sql", "--check"}, authcli.ExitUsage, nil, []string{"--print-sql and --check exclude each other"}},
		{[]string{"migrate", "--dialect", "mysql"}, authcli.ExitUsage, nil, []string{"--dialect needs --print-sql"}},
		{[]string{"migrate", "--print-sql", "--dialect", "oracle"}, authcli.ExitUsage, nil, []string{`unknown dialect "oracle"`}},
		{[]string{"migrate", "--help"}, authcli.ExitOK, []string{"-print-sql", "-check", "-dialect"}, nil},
		// An empty database's SQL for any engine needs no connection.
		{[]string{"migrate", "--print-sql", "--dialect", "mysql"}, authcli.ExitOK, []string{"CREATE TABLE IF NOT EXISTS `auth_user`", "-- core 004_identity_sign_up"}, nil},
		{[]string{"migrate", "--print-sql", "--dialect", "postgres"}, authcli.ExitOK, []string{`CREATE TABLE IF NOT EXISTS "auth_user"`, "TIMESTAMPTZ(6)"}, nil},
		{[]string{"migrate", "--print-sql", "--dialect", "sqlite"}, authcli.ExitOK, []string{`CREATE TABLE IF NOT EXISTS "auth_token"`, "BLOB"}, nil},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		db := e.Open(t)
		a := newCLIAuth(t, e, db, auth.WithPlugins(authtest.NewLogin()))
		db.Close()
		for _, tt := range tests {
			name := strings.Join(tt.args, " ")
			if name == "" {
				name = "no arguments"
			}
			t.Run(name, func(t *testing.T) {
				code, stdout, stderr := runCLI(t, a, tt.args...)
				if code != tt.code {
					t.Errorf("Run(%q) = %d, want %d; stderr %q", tt.args, code, tt.code, stderr)
				}
				wantOutput(t, tt.args, "stdout", stdout, tt.stdout)
				wantOutput(t, tt.args, "stderr", stderr, tt.stderr)
			})
		}
	})
}

// wantOutput checks that out holds each of want, or is empty when want is.
func wantOutput(tb testing.TB, args []string, stream, out string, want []string) {
	tb.Helper()
	if len(want) == 0 && out != "" {
		tb.Errorf("Run(%q) printed %q on %s, want nothing", args, out, stream)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			tb.Errorf("Run(%q) printed %q on %s, want it to hold %q", args, out, stream, w)
		}
	}
}

// TestAuthcliDatabaseFailure runs the commands that need the database
// with its pool closed: they exit 1 and say why on stderr.
func TestAuthcliDatabaseFailure(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, cmd := range []string{"migrate", "sweep"} {
			t.Run(cmd, func(t *testing.T) {
				db := e.Open(t)
				a := newCLIAuth(t, e, db, auth.WithPlugins(authtest.NewLogin()))
				if err := db.Close(); err != nil {
					t.Fatal(err)
				}
				code, stdout, stderr := runCLI(t, a, cmd)
				if code != authcli.ExitError {
					t.Errorf("Run(%q) = %d, want %d", cmd, code, authcli.ExitError)
				}
				if want := "auth " + cmd + ": "; !strings.HasPrefix(stderr, want) || !strings.HasSuffix(stderr, "\n") {
					t.Errorf("Run(%q) printed %q on stderr, want an error line starting %q", cmd, stderr, want)
				}
				if stdout != "" {
					t.Errorf("Run(%q) printed %q on stdout, want nothing", cmd, stdout)
				}
			})
		}
	})
}
