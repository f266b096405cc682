package test

import (
	"context"
	"database/sql"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

// adminSite is a site with the email, password, admin and audit plugins.
// The admin plugin knows two roles besides "admin": "support" staff may
// look users up and nothing more; "super" may do what "admin" does and
// impersonate administrators (support staff among them) too.
type adminSite struct {
	*site
	pw  *password.Plugin
	adm *admin.Plugin
	aud *audit.Plugin
}

// supportRoles are the default roles, "support" and "super".
func supportRoles() admin.Roles {
	r := admin.DefaultRoles()
	r["support"] = []admin.Permission{admin.PermViewUsers}
	r["super"] = append(append([]admin.Permission{}, r[admin.RoleAdmin]...), admin.PermImpersonateAdmins)
	return r
}

// newAdminSite serves the pages of an instance with the admin plugin,
// and the audit plugin unless noAudit, on pool, with more options of
// the instance's.
func newAdminSite(t testing.TB, e *authtest.Engine, pool *sql.DB, m mount, sv serve, noAudit bool, authOpts []auth.Option, opts ...authui.Option) *adminSite {
	t.Helper()
	as := &adminSite{}
	plugins := func(mail *authtest.Mailbox, base string) []auth.Plugin {
		as.pw, as.adm, as.aud = password.New(fastHasher(t)), admin.New(admin.WithRoles(supportRoles())), audit.New()
		out := []auth.Plugin{email.New(email.WithSender(mail), email.WithAppName("Acme")), as.pw, as.adm}
		if noAudit {
			return out
		}
		return append(out, as.aud)
	}
	as.site = newSiteServed(t, e, pool, plugins, authOpts, m, sv, opts...)
	return as
}

// person creates a user with a verified address and a password, and the
// role if any, as a host's seeding command would (server calls).
func (as *adminSite) person(t testing.TB, name, addr, pw, role string) *auth.User {
	t.Helper()
	ctx := context.Background()
	u, err := as.a.CreateUser(ctx, auth.NewUser{Name: name, Identities: []auth.NewIdentity{{Kind: "email", Value: addr, Verified: true}}})
	if err != nil {
		t.Fatalf("CreateUser(%s) = %v", addr, err)
	}
	if err := as.pw.SetPassword(ctx, u.ID, auth.NewSecret(pw)); err != nil {
		t.Fatalf("SetPassword(%s) = %v", addr, err)
	}
	if role != "" {
		if _, err := as.adm.GrantRole(ctx, admin.GrantRoleRequest{Kind: "email", Identifier: addr, Role: role}); err != nil {
			t.Fatalf("GrantRole(%s, %s) = %v", addr, role, err)
		}
	}
	return u
}

// user loads a user as the database holds them now.
func (as *adminSite) user(t testing.TB, id string) *auth.User {
	t.Helper()
	sel, user := as.a.SelectUser(nil)
	if err := as.a.DB().One(context.Background(), sqlb.Select(sel...).From(auth.Users).Where(auth.UserID.Eq(id))); err != nil {
		t.Fatalf("load user %s: %v", id, err)
	}
	return user()
}

// banned reports whether the user is banned now.
func (as *adminSite) banned(t testing.TB, id string) bool {
	t.Helper()
	_, on := admin.BanOf(as.user(t, id), as.a.Now())
	return on
}

// hidden fails the test unless p is the answer of a path the site does
// not have: 404, and nothing of the administration pages.
func hidden(t *testing.T, what string, p page) {
	t.Helper()
	if p.Status != http.StatusNotFound || p.Body != "404 page not found\n" {
		t.Fatalf("%s = %d, want the site's plain 404:\n%s", what, p.Status, p.Body)
	}
}

// userPage is the administration page of a user.
func userPage(u *auth.User) string { return "/admin/users/" + u.ID }

// sessions counts the sessions of a user in the database.
func (as *adminSite) sessions(t testing.TB, id string) int64 {
	t.Helper()
	var n int64
	if err := as.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Sessions).
		Where(auth.SessionUserID.Eq(id))); err != nil {
		t.Fatal(err)
	}
	return n
}
