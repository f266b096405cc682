package coretest

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestBadSessionCookies: a malformed cookie answers invalid_token and is
// cleared; a well-formed cookie naming no session answers no_session and
// is cleared too.
func TestBadSessionCookies(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e)
		for _, tt := range []struct {
			name, value, code string
		}{
			{"malformed", "not-a-token", "invalid_token"},
			{"too long", strings.Repeat("A", 44), "invalid_token"},
			{"unknown", strings.Repeat("A", 43), "no_session"},
		} {
			res := f.c.Do(http.MethodGet, "/auth/session", nil, http.Header{"Cookie": {"sesame_session=" + tt.value}})
			wantError(t, tt.name+" cookie", res, http.StatusUnauthorized, tt.code)
			if !strings.Contains(res.Header.Get("Set-Cookie"), "Max-Age=0") {
				t.Errorf("%s cookie: Set-Cookie %q, want the cookie cleared", tt.name, res.Header.Get("Set-Cookie"))
			}
		}
	})
}

// TestNativeIDTypes runs the session journey with IDs stored as native
// uuid columns on PostgreSQL (WithSQLTypes), and as text elsewhere.
func TestNativeIDTypes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		var opts []auth.Option
		if e.Dialect == sqlb.Postgres {
			opts = append(opts, auth.WithSQLTypes(map[string]string{"id": "UUID"}))
		}
		f := newFixture(t, e, opts...)
		in := f.signIn(t, f.c, "ada")
		var info auth.SessionInfo
		f.c.Get("/auth/session").Decode(t, &info)
		if info.User.ID != in.User.ID || info.Session.ID != in.Session.ID {
			t.Fatalf("session = %+v, want user %s session %s", info, in.User.ID, in.Session.ID)
		}
		if res := f.c.Post("/auth/sessions/revoke", map[string]string{"id": in.Session.ID}); res.Status != http.StatusOK {
			t.Fatalf("revoke = %d %s", res.Status, res.Body)
		}
		if e.Dialect == sqlb.Postgres {
			var typ string
			err := e.DB.QueryRow(`SELECT data_type FROM information_schema.columns WHERE table_name = 'auth_session' AND column_name = 'user_id'`).Scan(&typ)
			if err != nil || typ != "uuid" {
				t.Errorf("auth_session.user_id type = %q, %v; want uuid", typ, err)
			}
		}
	})
}
