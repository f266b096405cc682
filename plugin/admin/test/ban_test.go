package test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/sqlb"
)

// stores are the session stores and caches a ban must hold on.
var stores = []struct {
	name string
	opts func() []auth.Option
}{
	{"database", func() []auth.Option { return nil }},
	{"cache", func() []auth.Option {
		return []auth.Option{auth.WithSessionCache(auth.NewMemorySessionCache(), 0)}
	}},
	{"memory store", func() []auth.Option { return []auth.Option{auth.WithSessionStore(auth.NewMemorySessionStore())} }},
}

// TestBanTakesEffectAtOnce: a ban over HTTP ends every session of the
// user on the very next request of each (operations and host routes), on
// every store and with the cache, and refuses a new sign-in; unbanning
// lets the user sign in again.
func TestBanTakesEffectAtOnce(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, st := range stores {
			t.Run(st.name, func(t *testing.T) {
				f := newFixture(t, e, nil, st.opts()...)
				root, _ := f.admin(t, "root")
				ada1, ada := f.signIn(t, "ada")
				ada2, _ := f.signIn(t, "ada")
				for _, c := range []*authtest.Client{ada1, ada2} {
					mustOK(t, "session before the ban", c.Get("/auth/session"))
					mustOK(t, "host route before the ban", c.Get("/app"))
				}
				mustOK(t, "ban", root.Post("/auth/admin/ban", map[string]string{"userId": ada, "reason": "spam"}))
				wantError(t, "first session after the ban", ada1.Get("/auth/session"), http.StatusUnauthorized, "no_session")
				wantError(t, "second session's host route after the ban", ada2.Get("/app"), http.StatusUnauthorized, "no_session")
				c := f.client()
				wantError(t, "sign-in while banned", c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}),
					http.StatusForbidden, "banned")
				var sessions struct{ Sessions []*auth.Session }
				mustOK(t, "list", root.Get("/auth/admin/user/sessions?userId="+ada)).Decode(t, &sessions)
				if len(sessions.Sessions) != 0 {
					t.Errorf("a banned user has %d sessions, want 0", len(sessions.Sessions))
				}
				var u auth.User
				mustOK(t, "unban", root.Post("/auth/admin/unban", map[string]string{"userId": ada})).Decode(t, &u)
				if u.Fields["banned"] != false {
					t.Errorf("after unban banned = %v", u.Fields["banned"])
				}
				mustOK(t, "sign-in after unban", c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}))
				if evs := f.events.Of(string(admin.Banned)); len(evs) != 1 || evs[0].UserID != ada {
					t.Errorf("banned events = %+v, want one about ada", evs)
				}
			})
		}
	})
}

// TestSessionCheckRefusesBanned: a session that outlived a ban (the
// host's own SQL set it, as another instance's store might keep one) is
// refused by the session check on its next request, on every store.
func TestSessionCheckRefusesBanned(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, st := range stores {
			t.Run(st.name, func(t *testing.T) {
				f := newFixture(t, e, nil, st.opts()...)
				ada1, ada := f.signIn(t, "ada "+st.name)
				mustOK(t, "before", ada1.Get("/auth/session"))
				ctx := context.Background()
				if _, err := f.a.DB().Exec(ctx, sqlb.Update(auth.Users).Set(admin.UserBanned.Set(true)).Where(auth.UserID.Eq(ada))); err != nil {
					t.Fatal(err)
				}
				if err := f.a.UserChanged(ctx, ada); err != nil {
					t.Fatal(err)
				}
				wantError(t, "operation of a banned session", ada1.Get("/auth/session"), http.StatusForbidden, "banned")
				wantError(t, "host route of a banned session", ada1.Get("/app"), http.StatusForbidden, "banned")
				mustOK(t, "sign-out of a banned session", ada1.Post("/auth/sign-out", nil))
			})
		}
	})
}

// TestTimedBan: a ban with an end refuses sign-ins until the clock
// reaches it, then lifts itself.
func TestTimedBan(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		root, _ := f.admin(t, "root")
		_, ada := f.signIn(t, "ada")
		until := f.clock.Now().Add(time.Hour)
		u, err := f.adm.Ban(goCtx(root), admin.BanRequest{UserID: ada, Reason: "cool off", Until: until})
		if err != nil {
			t.Fatal(err)
		}
		if ban, on := admin.BanOf(u, f.clock.Now()); !on || !ban.Until.Equal(until) || ban.Reason != "cool off" {
			t.Errorf("BanOf = %+v, %v; want until %v", ban, on, until)
		}
		c := f.client()
		f.clock.Advance(59 * time.Minute)
		wantError(t, "sign-in a minute before the end", c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}),
			http.StatusForbidden, "banned")
		f.clock.Advance(time.Minute)
		mustOK(t, "sign-in at the end", c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"}))
		mustOK(t, "session after the end", c.Get("/auth/session"))
		root, _ = f.signIn(t, "root")
		if _, err := f.adm.Ban(goCtx(root), admin.BanRequest{UserID: ada, Until: f.clock.Now()}); !errorIs(err, auth.ErrInvalidInput) {
			t.Errorf("a ban ending now = %v, want invalid_input", err)
		}
	})
}

// TestAdminGuards: nobody bans, impersonates or changes the role of their
// own account; a role must be known; the Authorizer's refusal has a code.
func TestAdminGuards(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		root, rootID := f.admin(t, "root")
		_, ada := f.signIn(t, "ada")
		wantError(t, "ban self", root.Post("/auth/admin/ban", map[string]string{"userId": rootID}), http.StatusBadRequest, "own_account")
		wantError(t, "impersonate self", root.Post("/auth/admin/impersonate", map[string]string{"userId": rootID}), http.StatusBadRequest, "own_account")
		wantError(t, "demote self", root.Post("/auth/admin/set-role", map[string]string{"userId": rootID}), http.StatusBadRequest, "own_account")
		wantError(t, "unknown role", root.Post("/auth/admin/set-role", map[string]string{"userId": ada, "role": "king"}), http.StatusBadRequest, "unknown_role")
		wantError(t, "unknown user", root.Post("/auth/admin/ban", map[string]string{"userId": "0190a1b2-0000-7000-8000-000000000000"}), http.StatusNotFound, "user_not_found")
		wantError(t, "malformed user", root.Get("/auth/admin/user?userId=x'--"), http.StatusNotFound, "user_not_found")
		f.clock.Advance(11 * time.Minute)
		wantError(t, "ban from a stale session", root.Post("/auth/admin/ban", map[string]string{"userId": ada}), http.StatusForbidden, "fresh_session_required")
		mustOK(t, "revoke from a stale session", root.Post("/auth/admin/revoke-sessions", map[string]string{"userId": ada}))
	})
}

func errorIs(err error, target *auth.Error) bool {
	e, ok := err.(*auth.Error)
	return ok && e.Code == target.Code
}
