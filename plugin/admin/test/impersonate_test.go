package test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
)

// impersonate starts an impersonation from root's client and returns a
// client holding it; root keeps its own token.
func (f *fixture) impersonate(t testing.TB, root *authtest.Client, body map[string]any) *authtest.Client {
	t.Helper()
	own := root.Token
	mustOK(t, "impersonate", root.Post("/auth/admin/impersonate", body))
	c := f.client()
	c.Token, root.Token = root.Token, own
	return c
}

// TestImpersonation: an impersonation acts as the user, shows in the
// user's own list of sessions with the administrator's ID and its mark,
// records every action with both IDs, cannot run fresh-session or admin
// operations, and ends when the administrator stops it.
func TestImpersonation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		root, rootID := f.admin(t, "root")
		ada, adaID := f.signIn(t, "ada")
		imp := f.impersonate(t, root, map[string]any{"userId": adaID, "minutes": 30})
		var info auth.SessionInfo
		mustOK(t, "session", imp.Get("/auth/session")).Decode(t, &info)
		if info.User.ID != adaID || info.Session.ImpersonatorID != rootID || info.Session.Credential != auth.CredentialImpersonation {
			t.Fatalf("impersonation session = user %s impersonator %q credential %q", info.User.ID, info.Session.ImpersonatorID, info.Session.Credential)
		}
		if want := f.clock.Now().Add(30 * time.Minute); !info.Session.ExpiresAt.Equal(want) {
			t.Errorf("impersonation expires at %v, want %v", info.Session.ExpiresAt, want)
		}
		var list auth.SessionList
		mustOK(t, "ada's own list", ada.Get("/auth/sessions")).Decode(t, &list)
		shown := 0
		for _, s := range list.Sessions {
			if m, ok := admin.ImpersonationOf(s); ok {
				shown++
				if s.ImpersonatorID != rootID || m.By != rootID || !m.EndsAt.Equal(info.Session.ExpiresAt) {
					t.Errorf("ada sees impersonation %+v with mark %+v", s, m)
				}
			}
		}
		if shown != 1 || len(list.Sessions) != 2 {
			t.Errorf("ada's list has %d sessions, %d impersonations; want 2, 1", len(list.Sessions), shown)
		}
		mustOK(t, "host route", imp.Get("/app"))
		if evs := f.events.Of(admin.EventImpersonatedAction); len(evs) == 0 || evs[0].UserID != adaID || evs[0].Detail != "impersonator="+rootID {
			t.Errorf("impersonated actions = %+v, want ada's with root as impersonator", evs)
		}
		if evs := f.events.Of(admin.EventImpersonatedRequest); len(evs) == 0 || !strings.Contains(evs[0].Detail, rootID) {
			t.Errorf("impersonated requests = %+v", evs)
		}
		wantError(t, "fresh operation", imp.Post("/auth/test/fresh", nil), http.StatusForbidden, "impersonation_forbidden")
		mustOK(t, "ada's own fresh operation", ada.Post("/auth/test/fresh", nil))
		wantError(t, "admin operation", imp.Get("/auth/admin/users"), http.StatusForbidden, "impersonation_forbidden")
		var ended admin.Ended
		mustOK(t, "stop from the admin's session", root.Post("/auth/admin/stop-impersonating", map[string]string{"userId": adaID})).Decode(t, &ended)
		if ended.Ended != 1 {
			t.Errorf("stop ended %d sessions, want 1", ended.Ended)
		}
		wantError(t, "after stop", imp.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		mustOK(t, "ada's own session after stop", ada.Get("/auth/session"))

		imp = f.impersonate(t, root, map[string]any{"userId": adaID})
		mustOK(t, "stop from the impersonation", imp.Post("/auth/admin/stop-impersonating", nil)).Decode(t, &ended)
		wantError(t, "after stopping itself", imp.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	})
}

// TestImpersonationTimeBox: an impersonation ends by the clock, at the
// minutes asked (the plugin's mark) or the hour at most (the core's cap
// on refreshes), even when refreshes slide its expiry.
func TestImpersonationTimeBox(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil, auth.WithSessionUpdateAge(time.Minute))
		root, _ := f.admin(t, "root")
		_, adaID := f.signIn(t, "ada")
		imp := f.impersonate(t, root, map[string]any{"userId": adaID, "minutes": 10})
		f.clock.Advance(9 * time.Minute)
		mustOK(t, "at 9 minutes", imp.Get("/auth/session"))
		f.clock.Advance(time.Minute)
		// The refresh at 9 minutes slid the expiry: the mark ends it.
		wantError(t, "at 10 minutes", imp.Get("/auth/session"), http.StatusUnauthorized, "impersonation_ended")

		root, _ = f.signIn(t, "root")
		imp = f.impersonate(t, root, map[string]any{"userId": adaID})
		for range 5 { // refreshes every 12 minutes slide the expiry past the hour
			f.clock.Advance(12 * time.Minute)
			if f.clock.Now().Before(start.Add(10*time.Minute + time.Hour)) {
				mustOK(t, "within the hour", imp.Get("/auth/session"))
			}
		}
		// Past the hour the core's cap has ended the session itself.
		wantError(t, "past the hour", imp.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "past the hour, host route", imp.Get("/app"), http.StatusUnauthorized, "no_session")
	})
}

// TestImpersonatingAdmins: an administrator cannot impersonate another
// unless the Authorizer allows it (a role holding PermImpersonateAdmins).
func TestImpersonatingAdmins(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		roles := admin.DefaultRoles()
		roles["super"] = append(append([]admin.Permission{}, roles[admin.RoleAdmin]...), admin.PermImpersonateAdmins)
		f := newFixture(t, e, []admin.Option{admin.WithRoles(roles)})
		root, _ := f.admin(t, "root")
		_, bobID := f.admin(t, "bob")
		wantError(t, "admin impersonating an admin", root.Post("/auth/admin/impersonate", map[string]string{"userId": bobID}),
			http.StatusForbidden, "permission_denied")
		_, superID := f.signIn(t, "super")
		f.setRole(t, superID, "super")
		sup, _ := f.signIn(t, "super")
		imp, err := f.adm.Impersonate(goCtx(sup), admin.ImpersonateRequest{UserID: bobID, Minutes: 5})
		if err != nil || imp.Session.ImpersonatorID != superID || imp.User.ID != bobID || imp.Token.IsZero() {
			t.Fatalf("super impersonating an admin = %+v, %v", imp, err)
		}
		c := f.client()
		c.Token = imp.Token.Reveal()
		wantError(t, "an impersonated admin's admin operation", c.Get("/auth/admin/users"), http.StatusForbidden, "impersonation_forbidden")
		wantError(t, "admin granting a role above its own", root.Post("/auth/admin/set-role", map[string]string{"userId": bobID, "role": "super"}),
			http.StatusForbidden, "permission_denied")
		wantError(t, "admin demoting a super", root.Post("/auth/admin/set-role", map[string]string{"userId": superID}),
			http.StatusForbidden, "permission_denied")
		mustOK(t, "admin demoting an admin", root.Post("/auth/admin/set-role", map[string]string{"userId": bobID}))
	})
}
