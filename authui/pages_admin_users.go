package authui

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/audit"
)

// adminUsersData is the search page's: the users found and the link to
// the next page ("" after the last).
type adminUsersData struct {
	Users []adminUserRow
	Next  string
	Roles []string
}

// adminUserRow is a user as the search lists them.
type adminUserRow struct {
	ID, Name, Email, Role string
	Banned                bool
}

// searchCalls bounds the searches one page makes to fill itself when the
// ban and role filters, which the pages apply, leave out users.
const searchCalls = 5

func (u *ui) adminUsersPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := u.newView(w, r, pageAdminUsers, titles[pageAdminUsers])
	for _, k := range []string{"query", "by", "kind", "banned", "role"} {
		v.Values[k] = q.Get(k)
	}
	in := admin.ListUsersRequest{Query: q.Get("query"), By: q.Get("by"), Kind: q.Get("kind"), Cursor: q.Get("cursor")}
	d := adminUsersData{Roles: u.adm.RoleNames()}
	for calls := 0; calls < searchCalls && len(d.Users) < admin.DefaultPage; calls++ {
		in.Limit = admin.DefaultPage - len(d.Users)
		res, err := u.adm.ListUsers(r.Context(), in)
		if err != nil {
			u.failSearch(w, r, v, err)
			return
		}
		for _, usr := range res.Users {
			if row := u.userRow(usr); keeps(q, row) {
				d.Users = append(d.Users, row)
			}
		}
		if in.Cursor = res.NextCursor; in.Cursor == "" {
			break
		}
	}
	d.Next = u.nextPage(adminUsersPath, q, in.Cursor)
	v.Data = d
	u.render(w, r, http.StatusOK, pageAdminUsers, v)
}

// failSearch shows the search's error next to the query, or 404 to a
// caller the operation refuses.
func (u *ui) failSearch(w http.ResponseWriter, r *http.Request, v *view, err error) {
	if e := auth.AsError(err); e.Code == auth.ErrInvalidInput.Code {
		v.Errors = append(v.Errors, fieldError{Field: "query", Code: e.Code})
		v.Data = adminUsersData{Roles: u.adm.RoleNames()}
		u.render(w, r, http.StatusBadRequest, pageAdminUsers, v)
		return
	}
	u.failPage(w, r, pageAdminUsers, v, err)
}

func (u *ui) userRow(usr *auth.User) adminUserRow {
	_, banned := admin.BanOf(usr, u.a.Now())
	return adminUserRow{ID: usr.ID, Name: usr.Name, Email: primaryEmail(usr), Role: admin.RoleOf(usr), Banned: banned}
}

// keeps reports whether a user passes the search's ban and role filters.
func keeps(q url.Values, row adminUserRow) bool {
	switch q.Get("banned") {
	case "yes":
		if !row.Banned {
			return false
		}
	case "no":
		if row.Banned {
			return false
		}
	}
	switch role := q.Get("role"); role {
	case "":
		return true
	case "-":
		return row.Role == ""
	default:
		return row.Role == role
	}
}

// adminUserData is a user's page: who they are, their identifiers, ban,
// role and sessions, and with the audit plugin their latest records.
type adminUserData struct {
	User       *auth.User
	Identities []*auth.Identity
	Sessions   []*auth.Session
	Banned     bool
	Ban        admin.Ban
	Role       string
	Roles      []string
	// Own is the caller's own account, which they may not ban, give a
	// role or impersonate.
	Own     bool
	Records []auditRow
}

// historyLength is how many of a user's records their page shows.
const historyLength = 10

func (u *ui) adminUserPage(w http.ResponseWriter, r *http.Request) {
	v := u.newView(w, r, pageAdminUser, titles[pageAdminUser])
	d, err := u.adminUserData(r, r.PathValue("id"))
	if err != nil {
		u.failPage(w, r, pageAdminUser, v, err)
		return
	}
	v.Data = d
	u.render(w, r, http.StatusOK, pageAdminUser, v)
}

// adminUserData loads a user's page, each part an operation of the
// plugins' run with the request's session: the admin plugin's decide
// whether the caller may see the user; the audit log is read only after
// they said yes.
func (u *ui) adminUserData(r *http.Request, id string) (adminUserData, error) {
	ctx := r.Context()
	det, err := u.adm.GetUser(ctx, id)
	if err != nil {
		return adminUserData{}, err
	}
	sessions, err := u.adm.ListUserSessions(ctx, id)
	if err != nil {
		return adminUserData{}, err
	}
	me, _ := authhttp.UserFrom(r)
	ban, banned := admin.BanOf(det.User, u.a.Now())
	d := adminUserData{User: det.User, Identities: det.Identities, Sessions: sessions, Banned: banned, Ban: ban,
		Role: admin.RoleOf(det.User), Roles: u.adm.RoleNames(), Own: me != nil && me.ID == det.User.ID}
	if d.Role != "" && !slices.Contains(d.Roles, d.Role) {
		d.Roles = append(d.Roles, d.Role) // a role of the host's, kept as it is
	}
	if u.aud != nil {
		page, err := u.aud.Query(ctx, audit.Filter{UserID: det.User.ID, Limit: historyLength})
		if err != nil {
			return adminUserData{}, err
		}
		d.Records = auditRows(page.Records)
	}
	return d, nil
}

// nextPage is the link to the next page of a list at path, with the
// query q and the cursor the list gave; "" when there is none.
func (u *ui) nextPage(path string, q url.Values, cursor string) string {
	if cursor == "" {
		return ""
	}
	next := url.Values{}
	for k, val := range q {
		next[k] = val
	}
	next.Set("cursor", cursor)
	return u.cfg.prefix + path + "?" + next.Encode()
}
