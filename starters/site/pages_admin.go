package site

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
)

// The admin area, for people whose role is admin (give it with
// -make-admin): find people, see their addresses and sessions, ban and
// unban them, sign them out everywhere, and act as them for a while. Each
// form calls the admin plugin's typed Go method, which asks the plugin's
// Authorizer first: the pages only show what the calls answer.

// AdminPath is the admin area's first page.
const AdminPath = "/admin"

// impersonationMinutes is how long acting as someone lasts from these pages.
const impersonationMinutes = 30

// adminRow is a person in the admin area's list.
type adminRow struct {
	ID, Name, Email, Role string
	Banned                bool
}

// adminList is the data of the admin area's first page.
type adminList struct {
	Rows []adminRow
	// Next is the address of the next page, "" on the last.
	Next string
}

// adminUser is the data of a person's page in the admin area.
type adminUser struct {
	adminRow
	CreatedAt  time.Time
	Ban        admin.Ban
	Identities []*auth.Identity
	Sessions   []*auth.Session
}

func (app *App) row(u *auth.User) adminRow {
	_, banned := admin.BanOf(u, app.auth.Now())
	return adminRow{ID: u.ID, Name: u.Name, Email: primaryEmail(u), Role: admin.RoleOf(u), Banned: banned}
}

func (app *App) adminPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := view{Title: "Admin", Form: keep(q, "query", "by")}
	if v.Form.Get("by") == "" {
		v.Form.Set("by", admin.ByIdentifier)
	}
	page, err := app.admin.ListUsers(r.Context(), admin.ListUsersRequest{
		Query: strings.TrimSpace(q.Get("query")), By: v.Form.Get("by"), Cursor: q.Get("cursor")})
	if err != nil {
		app.adminFail(w, r, "admin", v, err)
		return
	}
	var d adminList
	for _, u := range page.Users {
		d.Rows = append(d.Rows, app.row(u))
	}
	if page.NextCursor != "" {
		next := url.Values{"query": {v.Form.Get("query")}, "by": {v.Form.Get("by")}, "cursor": {page.NextCursor}}
		d.Next = AdminPath + "?" + next.Encode()
	}
	v.Data = d
	app.render(w, r, http.StatusOK, "admin", v)
}

func (app *App) adminUserPage(w http.ResponseWriter, r *http.Request) {
	app.showAdminUser(w, r, r.URL.Query().Get("id"), http.StatusOK, nil)
}

// showAdminUser renders a person's page, with the error of a form that
// failed on it.
func (app *App) showAdminUser(w http.ResponseWriter, r *http.Request, id string, status int, failed error) {
	v := view{Title: "Person"}
	d, err := app.adminUserData(r.Context(), id)
	if err != nil {
		app.adminFail(w, r, "message", v, err)
		return
	}
	v.Title, v.Data = cmp.Or(d.Name, d.Email, "Person"), d
	if failed != nil {
		app.adminFail(w, r, "admin-user", v, failed)
		return
	}
	app.render(w, r, status, "admin-user", v)
}

func (app *App) adminUserData(ctx context.Context, id string) (adminUser, error) {
	u, err := app.admin.GetUser(ctx, id)
	if err != nil {
		return adminUser{}, err
	}
	sessions, err := app.admin.ListUserSessions(ctx, id)
	if err != nil {
		return adminUser{}, err
	}
	ban, _ := admin.BanOf(u.User, app.auth.Now())
	return adminUser{adminRow: app.row(u.User), CreatedAt: u.User.CreatedAt, Ban: ban,
		Identities: u.Identities, Sessions: sessions}, nil
}

// adminFail is fail, with a plain answer for people who are not
// administrators.
func (app *App) adminFail(w http.ResponseWriter, r *http.Request, name string, v view, err error) {
	if errors.Is(err, admin.ErrPermissionDenied) {
		app.failed(w, r, http.StatusForbidden, "This page is for administrators.")
		return
	}
	if errors.Is(err, auth.ErrUserNotFound) || errors.Is(err, auth.ErrInvalidInput) && name == "message" {
		app.failed(w, r, http.StatusNotFound, "There is no such person.")
		return
	}
	app.fail(w, r, name, v, err)
}

// adminAction runs a form of a person's page: do, then back to the page
// with the notice done, or the page again with the error.
func (app *App) adminAction(done string, do func(ctx context.Context, id string, f url.Values) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !app.parseForm(w, r) {
			return
		}
		id := r.PostForm.Get("userId")
		if err := do(r.Context(), id, r.PostForm); err != nil {
			app.showAdminUser(w, r, id, http.StatusOK, err)
			return
		}
		seeOther(w, r, AdminPath+"/user?"+url.Values{"id": {id}, "done": {done}}.Encode())
	}
}

func (app *App) ban(ctx context.Context, id string, f url.Values) error {
	in := admin.BanRequest{UserID: id, Reason: strings.TrimSpace(f.Get("reason"))}
	if days := f.Get("days"); days != "" && days != "0" {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || n > 3650 {
			return auth.ErrInvalidInput.With("days: a number of days from 1 to 3650, or empty for a ban until it is lifted")
		}
		in.Until = app.auth.Now().AddDate(0, 0, n)
	}
	_, err := app.admin.Ban(ctx, in)
	return err
}

func (app *App) unban(ctx context.Context, id string, _ url.Values) error {
	_, err := app.admin.Unban(ctx, id)
	return err
}

func (app *App) revokeUserSessions(ctx context.Context, id string, _ url.Values) error {
	return app.admin.RevokeSessions(ctx, id)
}

// impersonate signs the browser in as the person for a while: the
// impersonation's cookie replaces the administrator's, who signs in
// again after stopping.
func (app *App) impersonate(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	id := r.PostForm.Get("userId")
	imp, err := app.admin.Impersonate(r.Context(), admin.ImpersonateRequest{UserID: id, Minutes: impersonationMinutes})
	if err != nil {
		app.showAdminUser(w, r, id, http.StatusOK, err)
		return
	}
	authhttp.SetSessionCookie(w, r, app.auth, imp.Session, imp.Token)
	seeOther(w, r, "/account?done=impersonating")
}

// stopImpersonating ends the impersonation session of the browser, which
// is then signed out.
func (app *App) stopImpersonating(w http.ResponseWriter, r *http.Request) {
	if !app.parseForm(w, r) {
		return
	}
	if s, ok := authhttp.SessionFrom(r); !ok || s.ImpersonatorID == "" {
		seeOther(w, r, AdminPath)
		return
	}
	if _, err := app.admin.StopImpersonating(r.Context(), admin.StopRequest{}); err != nil {
		app.fail(w, r, "message", view{Title: "Stop acting as someone", Data: message{Link: "/", LinkText: "Home"}}, err)
		return
	}
	authhttp.ClearSessionCookie(w, app.auth)
	seeOther(w, r, SignInPath+"?"+url.Values{"next": {AdminPath}, "done": {"impersonation-stopped"}}.Encode())
}

// MakeAdmin gives the administrator role to the person who holds email,
// verified: the starters' -make-admin.
func (app *App) MakeAdmin(ctx context.Context, email string) error {
	_, err := app.admin.GrantRole(ctx, admin.GrantRoleRequest{Kind: "email", Identifier: email, Role: admin.RoleAdmin})
	if errors.Is(err, auth.ErrIdentityNotFound) {
		return fmt.Errorf("no one has verified the address %s: sign up with it and open the link we send first", email)
	}
	return err
}
