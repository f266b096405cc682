package coretest

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// brokenCopy is a session store that fails while broken is set: the
// fault injection of a mirror's copy (a Redis that went down).
type brokenCopy struct {
	auth.SessionStore
	broken atomic.Bool
}

var errCopyDown = errors.New("the copy is down")

func (b *brokenCopy) Create(ctx context.Context, db *sqlb.DB, s *auth.Session, h []byte) error {
	if b.broken.Load() {
		return errCopyDown
	}
	return b.SessionStore.Create(ctx, db, s, h)
}

func (b *brokenCopy) Lookup(ctx context.Context, a *auth.Auth, h []byte, now time.Time) (*auth.Session, *auth.User, error) {
	if b.broken.Load() {
		return nil, nil, errCopyDown
	}
	return b.SessionStore.Lookup(ctx, a, h, now)
}

func (b *brokenCopy) Delete(ctx context.Context, db *sqlb.DB, userID, keep string, ids ...string) (int64, error) {
	if b.broken.Load() {
		return 0, errCopyDown
	}
	return b.SessionStore.Delete(ctx, db, userID, keep, ids...)
}

// TestMirrorSessionStore: every session is in both stores; requests read
// the copy first and the primary when the copy misses or fails; a copy
// that cannot end a session fails the sign-out, and the session stays
// usable until a sign-out succeeds; a copy that cannot store a new
// session fails the sign-in, leaving no session in either store.
func TestMirrorSessionStore(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		cp := &brokenCopy{SessionStore: auth.NewMemorySessionStore()}
		f := newFixture(t, e, auth.WithSessionStore(auth.MirrorSessionStore(auth.DatabaseSessionStore(), cp)))
		ctx := context.Background()
		rows := func() int {
			var n int64
			if err := e.SQL().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Sessions)); err != nil {
				t.Fatal(err)
			}
			return int(n)
		}
		in := f.signIn(t, f.c, "ada")
		if got := rows(); got != 1 {
			t.Fatalf("%d rows in auth_session after a sign-in, want 1", got)
		}
		if list, err := cp.List(ctx, nil, in.User.ID, f.clock.Now()); err != nil || len(list) != 1 {
			t.Fatalf("the copy lists %d sessions (%v), want 1", len(list), err)
		}

		// The copy is read first: a row the host deletes by SQL alone is
		// still served from it (the documented reason to end sessions
		// through Sesame only).
		if _, err := e.SQL().Exec(ctx, sqlb.Delete(auth.Sessions).All()); err != nil {
			t.Fatal(err)
		}
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("a session in the copy only = %d %s, want 200 from the copy", res.Status, res.Body)
		}

		// A copy that fails a lookup: the primary answers.
		f.c = authtest.NewClient(t, f.h)
		f.signIn(t, f.c, "grace")
		cp.broken.Store(true)
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("with the copy down, session = %d %s, want 200 from the primary", res.Status, res.Body)
		}
		// ... but cannot end a session: the sign-out fails and changes nothing.
		wantError(t, "sign-out with the copy down", f.c.Post("/auth/sign-out", nil), http.StatusInternalServerError, "internal")
		cp.broken.Store(false)
		if res := f.c.Get("/auth/session"); res.Status != http.StatusOK {
			t.Fatalf("after a failed sign-out, session = %d %s, want it still there", res.Status, res.Body)
		}
		if res := f.c.Post("/auth/sign-out", nil); res.Status != http.StatusOK {
			t.Fatalf("sign-out = %d %s", res.Status, res.Body)
		}
		wantError(t, "after sign-out", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		if got := rows(); got != 0 {
			t.Errorf("%d rows in auth_session after the sign-out, want 0", got)
		}

		// A copy that cannot store the session fails the sign-in.
		cp.broken.Store(true)
		c := authtest.NewClient(t, f.h)
		wantError(t, "sign-in with the copy down", c.Post("/auth/authtest/sign-in", map[string]string{"name": "lin"}),
			http.StatusInternalServerError, "internal")
		cp.broken.Store(false)
		if got := rows(); got != 0 {
			t.Errorf("%d rows in auth_session after a failed sign-in, want 0", got)
		}
	})
}
