package authui

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
)

// The administration pages, with the admin plugin: a search of users,
// each user's page with the actions as forms, and, with the audit plugin,
// the audit log. The plugin's operations decide who may do what (its
// Authorizer); the pages only call them. To everyone the operations
// refuse (not signed in, no permission, a banned account, an
// impersonation session) every page and form under /admin answers 404,
// as for a path the site does not have: the area's existence is not
// shown, and the navigation links to it only for those it lets in.

// adminUsersPath is the search of users; a user's page is under it.
const adminUsersPath = "/admin/users"

// adminRoutes adds the administration pages to the mux.
func (u *ui) adminRoutes(mux *http.ServeMux) {
	p := u.cfg.prefix
	mux.HandleFunc("GET "+p+adminUsersPath, u.adminUsersPage)
	mux.HandleFunc("GET "+p+adminUsersPath+"/{id}", u.adminUserPage)
	for _, a := range []struct {
		path string
		do   action
	}{{"ban", u.adminBan}, {"unban", u.adminUnban}, {"revoke-sessions", u.adminRevoke}, {"role", u.adminSetRole},
		{"impersonate", u.adminImpersonate}} {
		mux.HandleFunc("POST "+p+adminUsersPath+"/{id}/"+a.path, u.form(pageAdminUser, a.do))
	}
	mux.HandleFunc("POST "+p+stopImpersonatingPath, u.form(pageAccount, u.stopImpersonating))
	if u.aud != nil {
		mux.HandleFunc("GET "+p+adminAuditPath, u.adminAuditPage)
	}
}

// administers reports whether the caller may view users: the admin
// plugin's operation asked for the caller's own record, so that its
// Authorizer and its session checks (bans, impersonation) decide. An
// error is a failure (a database's), not a refusal.
func (u *ui) administers(r *http.Request) (bool, error) {
	me, ok := authhttp.UserFrom(r)
	if !ok {
		return false, nil
	}
	_, err := u.adm.ListUsers(r.Context(), admin.ListUsersRequest{By: admin.ByID, Query: me.ID, Limit: 1})
	if refused(err) {
		return false, nil
	}
	return err == nil, err
}

// refused reports whether err is a refusal of the caller (no session,
// no permission, a session check's block) rather than a failure or a
// mistake of the input.
func refused(err error) bool {
	if err == nil {
		return false
	}
	e := auth.AsError(err)
	switch {
	case e.Status == http.StatusUnauthorized:
		return true
	case e.Status == http.StatusForbidden:
		return e.Code != auth.ErrFreshSessionRequired.Code && e.Code != auth.ErrInvalidOrigin.Code
	}
	return false
}

// adminView fills in what the layout shows of administration: the
// banner of an impersonation session, and the link to the pages for
// those who may see them.
func (u *ui) adminView(r *http.Request, v *view) {
	s, ok := authhttp.SessionFrom(r)
	if !ok {
		return
	}
	if s.ImpersonatorID != "" {
		usr, _ := authhttp.UserFrom(r)
		v.Acting = displayName(usr)
		return
	}
	in, err := u.administers(r)
	if err != nil {
		// The page goes on without the link, and says that something failed.
		u.a.Logger().ErrorContext(r.Context(), "authui: check the caller's admin permission", "err", err)
		v.Errors = append(v.Errors, fieldError{Code: auth.AsError(err).Code})
	}
	v.Admin = in
}

// displayName is how the pages name a user: their name, else their
// primary address, else their ID.
func displayName(usr *auth.User) string {
	switch {
	case usr == nil:
		return ""
	case usr.Name != "":
		return usr.Name
	case primaryEmail(usr) != "":
		return primaryEmail(usr)
	}
	return usr.ID
}

// notFound answers as for a path the site does not have.
func notFound(w http.ResponseWriter, r *http.Request) {
	secure(w.Header())
	http.NotFound(w, r)
}

// failPage shows an administration page with the error of loading it:
// 404 to a caller the operations refuse, else the error on the page.
func (u *ui) failPage(w http.ResponseWriter, r *http.Request, page string, v *view, err error) {
	if refused(err) {
		notFound(w, r)
		return
	}
	e := auth.AsError(err)
	v.Errors = append(v.Errors, fieldError{Code: e.Code})
	u.render(w, r, e.Status, page, v)
}

// adminUserPath is the page of a user.
func (u *ui) adminUserPath(id string) string {
	return u.cfg.prefix + adminUsersPath + "/" + url.PathEscape(id)
}

// adminOutcome is the outcome of a user page's form that failed: back
// to the user's page with the error, or 404 when the caller may not
// administer at all (whatever the operation answered first: a stale
// session, a bad input), so that a form posted by anyone else shows
// nothing of the area. A failure stays a failure.
func (u *ui) adminOutcome(r *http.Request, id string, err error, fields map[string]string, keep map[string]string) outcome {
	if !errors.Is(err, auth.ErrInternal) {
		in, perr := u.administers(r)
		if perr != nil {
			return outcome{err: perr}
		}
		if !in {
			return outcome{err: err, hide: true}
		}
	}
	return outcome{err: err, back: u.adminUserPath(id), fields: fields, keep: keep}
}

// adminSamples returns the views the start-up check renders an
// administration page with: with data and without.
func adminSamples(page string, in *view, now time.Time) []*view {
	empty := *in
	usr := &auth.User{ID: "u", Name: "Ada", CreatedAt: now}
	switch page {
	case pageAdminUsers:
		in.Data = adminUsersData{Users: []adminUserRow{{ID: "u", Name: "Ada", Email: "a@example.com", Role: "admin", Banned: true}},
			Next: "/admin/users?cursor=x", Roles: []string{"admin"}}
		empty.Data = adminUsersData{}
	case pageAdminUser:
		rows := []auditRow{{Time: now, Type: "banned", UserID: "u", ActorID: "a", Detail: "d", IP: "192.0.2.1"}}
		in.Data = adminUserData{User: usr, Identities: []*auth.Identity{{Kind: "email", Value: "a@example.com", VerifiedAt: now}},
			Sessions: []*auth.Session{{ID: "s", LastSeenAt: now, UserAgent: "UA", ImpersonatorID: "a"}, {ID: "t", IP: "192.0.2.1"}},
			Banned:   true, Ban: admin.Ban{Reason: "spam", Until: now}, Role: "admin", Roles: []string{"admin"}, Records: rows}
		empty.Data = adminUserData{User: usr, Own: true}
	case pageAdminAudit:
		in.Data = adminAuditData{Records: []auditRow{{Time: now, Type: "banned", UserID: "u", ActorID: "a", Detail: "d", IP: "192.0.2.1"}},
			Next: "/admin/audit?cursor=x"}
		empty.Data = adminAuditData{}
	}
	return []*view{in, &empty}
}
