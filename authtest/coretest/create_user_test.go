package coretest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// failAfter is an after-hook that fails the operation named op while on.
type failAfter struct {
	op string
	on bool
}

func (p *failAfter) Name() string { return "failafter" }
func (p *failAfter) After(_ context.Context, c *auth.Call, _, _ any) error {
	if p.on && c.Op().Name == p.op {
		return errors.New("the after-hook fails")
	}
	return nil
}

// count returns how many rows a table has.
func count(t *testing.T, a *auth.Auth, table *sqlb.Table) int64 {
	t.Helper()
	var n int64
	if err := a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(table)); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCreateUser: the server operation creates a person with identifiers
// in one transaction with the hooks, refuses an identifier that names
// another person and writes nothing then, takes over another person's
// claim that names nobody, and has no route.
func TestCreateUser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		who := newWhoPlugin()
		cnt := &counter{runs: map[string]int{}}
		fail := &failAfter{op: auth.OpCreateUser}
		f := newEmailFixture(t, e, auth.WithPlugins(who, cnt, fail))
		ctx := context.Background()
		whoIs := func(addr string) string {
			t.Helper()
			res, err := who.who.Run(ctx, whoRequest{Kind: email.Kind, Value: addr})
			if errors.Is(err, auth.ErrIdentityNotFound) {
				return ""
			}
			if err != nil {
				t.Fatalf("WhoIs(%s) = %v", addr, err)
			}
			return res.UserID
		}
		f.signUpVerified(t, f.c, "held@example.com")
		f.ok(t, authtest.NewClient(t, f.h), "/auth/test/sign-up", map[string]string{"email": "signup@example.com", "name": "Lin"})
		f.ok(t, authtest.NewClient(t, f.h), "/auth/test/sign-up", map[string]string{"email": "claim@example.com", "name": "Sam"})
		sent := len(f.mail.Messages(""))
		held, signup := whoIs("held@example.com"), whoIs("signup@example.com")

		verified := func(kind, value string) auth.NewIdentity {
			return auth.NewIdentity{Kind: kind, Value: value, Verified: true}
		}
		claim := func(kind, value string) auth.NewIdentity { return auth.NewIdentity{Kind: kind, Value: value} }
		tests := []struct {
			name string
			in   auth.NewUser
			want error
			// names are the addresses the new user must hold after, as
			// WhoIs answers.
			names []string
		}{
			{"a verified address and another identity", auth.NewUser{Name: " Ada ", Image: "https://example.com/ada.png",
				Identities: []auth.NewIdentity{verified(email.Kind, "Ada@Example.com"), verified("authtest", "ada")}}, nil, []string{"ada@example.com"}},
			{"an unverified free address", auth.NewUser{Name: "Bob", Identities: []auth.NewIdentity{claim(email.Kind, "bob@example.com")}},
				nil, []string{"bob@example.com"}},
			{"no identity", auth.NewUser{Name: "Nobody"}, nil, nil},
			{"an address another person holds verified", auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "held@example.com")}},
				auth.ErrIdentityTaken, nil},
			{"unverified, another person's unverified sign-up address", auth.NewUser{Identities: []auth.NewIdentity{claim(email.Kind, "signup@example.com")}},
				auth.ErrIdentityTaken, nil},
			{"a taken second identity writes nothing", auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "fresh@example.com"),
				verified(email.Kind, "held@example.com")}}, auth.ErrIdentityTaken, nil},
			{"verified, another person's unverified sign-up address", auth.NewUser{Name: "Lin", Identities: []auth.NewIdentity{verified(email.Kind, "signup@example.com")}},
				nil, []string{"signup@example.com"}},
			{"an unknown kind", auth.NewUser{Identities: []auth.NewIdentity{verified("phone", "+15550100")}}, auth.ErrInvalidInput, nil},
			{"a malformed address", auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "not an address")}}, auth.ErrInvalidInput, nil},
			{"an address given twice", auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "twice@example.com"),
				claim(email.Kind, "TWICE@example.com")}}, auth.ErrInvalidInput, nil},
			{"an empty value", auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "")}}, auth.ErrInvalidInput, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				users, ids := count(t, f.a, auth.Users), count(t, f.a, auth.Identities)
				u, err := f.a.CreateUser(ctx, tt.in)
				if !errors.Is(err, tt.want) {
					t.Fatalf("CreateUser(%+v) = %v, want %v", tt.in, err, tt.want)
				}
				if err != nil {
					if u != nil {
						t.Errorf("CreateUser(%+v) = %+v with an error, want no user", tt.in, u)
					}
					if gotU, gotI := count(t, f.a, auth.Users), count(t, f.a, auth.Identities); gotU != users || gotI != ids {
						t.Errorf("a refused CreateUser left %d users and %d identities, want %d and %d", gotU, gotI, users, ids)
					}
					return
				}
				if u.ID == "" || u.Name != strings.TrimSpace(tt.in.Name) || u.Image != tt.in.Image {
					t.Errorf("CreateUser(%+v) = %+v", tt.in, u)
				}
				for _, addr := range tt.names {
					if got := whoIs(addr); got != u.ID {
						t.Errorf("WhoIs(%s) after CreateUser = %q, want the new user %q", addr, got, u.ID)
					}
				}
			})
		}
		if got := whoIs("held@example.com"); got != held {
			t.Errorf("WhoIs(held@example.com) = %q, want its holder %q still", got, held)
		}
		if got := whoIs("signup@example.com"); got == signup || got == "" {
			t.Errorf("WhoIs(signup@example.com) = %q, want the seeded user, not the stale claim's %q", got, signup)
		}
		if got := whoIs("fresh@example.com"); got != "" {
			t.Errorf("WhoIs(fresh@example.com) = %q after a refused CreateUser, want nobody", got)
		}
		if msgs := f.mail.Messages(""); len(msgs) != sent {
			t.Errorf("CreateUser sent %v, want no message", msgs[sent:])
		}
		if cnt.runs[auth.OpCreateUser] == 0 {
			t.Error("CreateUser did not run the before-hooks")
		}

		// The hooks run in the operation's transaction: an after-hook's
		// failure undoes the user and the identities.
		fail.on = true
		users := count(t, f.a, auth.Users)
		_, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{verified(email.Kind, "hooked@example.com")}})
		if !errors.Is(err, auth.ErrInternal) || count(t, f.a, auth.Users) != users || whoIs("hooked@example.com") != "" {
			t.Errorf("CreateUser with a failing after-hook = %v, left %d users (want %d), want internal and nothing written",
				err, count(t, f.a, auth.Users), users)
		}
		fail.on = false

		// No transport serves it.
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			for _, path := range []string{"/auth", "/auth/"} {
				wantError(t, method+" "+path, f.c.Do(method, path, map[string]any{"name": "x"}, nil), http.StatusNotFound, "not_found")
			}
		}
	})
}
