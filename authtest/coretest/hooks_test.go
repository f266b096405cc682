package coretest

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

var (
	errHookRefused = auth.NewError("hook_refused", http.StatusConflict, "refused by a hook")
	errBlocked     = auth.NewError("blocked", http.StatusForbidden, "blocked by a session check")
	errUndeclared  = auth.NewError("undeclared", http.StatusTeapot, "nobody declared this")
)

// hooks is a plugin whose hooks and session check do what a test says.
type hooks struct {
	failAfter  bool
	block      bool
	committed  []string
	undeclared bool
}

func (h *hooks) Name() string              { return "hooks" }
func (h *hooks) ErrorCodes() []*auth.Error { return []*auth.Error{errHookRefused, errBlocked} }
func (h *hooks) After(_ context.Context, c *auth.Call, _, _ any) error {
	if h.undeclared {
		return errUndeclared
	}
	if h.failAfter && c.Started() != nil {
		return errHookRefused
	}
	return nil
}
func (h *hooks) Committed(_ context.Context, op auth.OpInfo, _, _ any) {
	h.committed = append(h.committed, op.Name)
}
func (h *hooks) CheckSession(context.Context, *auth.Call) error {
	if h.block {
		return errBlocked
	}
	return nil
}

func countRows(t *testing.T, db *sqlb.DB, table *sqlb.Table) int64 {
	t.Helper()
	var n int64
	if err := db.One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(table)); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestHooks: an after-hook's error rolls the whole operation back and
// reaches the caller with its code; commit hooks run only after a commit;
// a session check blocks sessions with its code; an undeclared code
// becomes internal.
func TestHooks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		h := &hooks{}
		f := newFixture(t, e, auth.WithPlugins(h))
		f.signIn(t, f.c, "ada")
		if len(h.committed) != 1 || h.committed[0] != "authtest.signIn" {
			t.Errorf("commit hooks ran for %v, want [authtest.signIn]", h.committed)
		}

		h.failAfter, h.committed = true, nil
		users, sessions := countRows(t, f.a.DB(), auth.Users), countRows(t, f.a.DB(), auth.Sessions)
		stranger := authtest.NewClient(t, f.h)
		res := stranger.Post("/auth/authtest/sign-in", map[string]string{"name": "bob"})
		wantError(t, "sign-in refused by an after-hook", res, http.StatusConflict, "hook_refused")
		if res.Header.Get("Set-Cookie") != "" {
			t.Errorf("a rolled-back sign-in set a cookie: %q", res.Header.Get("Set-Cookie"))
		}
		if u, s := countRows(t, f.a.DB(), auth.Users), countRows(t, f.a.DB(), auth.Sessions); u != users || s != sessions {
			t.Errorf("after the refused sign-in: %d users, %d sessions; want %d, %d (all rolled back)", u, s, users, sessions)
		}
		if len(h.committed) != 0 {
			t.Errorf("commit hooks ran after a rollback: %v", h.committed)
		}
		h.failAfter = false

		h.block = true
		wantError(t, "session of a blocked user", f.c.Get("/auth/session"), http.StatusForbidden, "blocked")
		h.block = false

		h.undeclared = true
		wantError(t, "undeclared error code", f.c.Get("/auth/session"), http.StatusInternalServerError, "internal")
		h.undeclared = false

		if _, err := f.a.GetSession(context.Background()); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("GetSession without a session = %v, want ErrNoSession", err)
		}
	})
}

// TestMemorySessionsUndoneOnRollback: a session created in a store outside
// the database is deleted when the operation rolls back.
func TestMemorySessionsUndoneOnRollback(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		h := &hooks{failAfter: true}
		store := auth.NewMemorySessionStore()
		a := authtest.NewAuth(t, e, auth.WithPlugins(h), auth.WithSessionStore(store))
		res := authtest.NewClient(t, handler(a)).Post("/auth/authtest/sign-in", map[string]string{"name": "bob"})
		wantError(t, "refused sign-in", res, http.StatusConflict, "hook_refused")
		if n, _ := store.Sweep(context.Background(), nil, start.AddDate(10, 0, 0)); n != 0 {
			t.Errorf("the memory store kept %d sessions of a rolled-back sign-in", n)
		}
	})
}
