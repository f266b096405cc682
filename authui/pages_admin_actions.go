package authui

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
)

// The forms of a user's page. Each calls the admin plugin's typed Go
// method with the request's context: the operation checks the caller's
// permission with its Authorizer, the freshness of the session and the
// target (never the caller's own account for a ban, a role or an
// impersonation), in its one pipeline.

// stopImpersonatingPath is the banner's form that ends an impersonation.
const stopImpersonatingPath = "/admin/stop-impersonating"

// dateLayout is the value of an <input type="date">.
const dateLayout = "2006-01-02"

func (u *ui) adminBan(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	id := r.PathValue("id")
	in := admin.BanRequest{UserID: id, Reason: strings.TrimSpace(f.Get("reason"))}
	keep := map[string]string{"reason": f.Get("reason"), "until": f.Get("until")}
	if s := f.Get("until"); s != "" {
		t, err := time.Parse(dateLayout, s)
		if err != nil {
			return u.adminOutcome(r, id, auth.ErrInvalidInput, map[string]string{auth.ErrInvalidInput.Code: "until"}, keep)
		}
		in.Until = t
	}
	if _, err := u.adm.Ban(r.Context(), in); err != nil {
		return u.adminOutcome(r, id, err, map[string]string{auth.ErrInvalidInput.Code: "until"}, keep)
	}
	return outcome{to: withDone(u.adminUserPath(id), "admin_banned")}
}

func (u *ui) adminUnban(_ http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	id := r.PathValue("id")
	if _, err := u.adm.Unban(r.Context(), id); err != nil {
		return u.adminOutcome(r, id, err, nil, nil)
	}
	return outcome{to: withDone(u.adminUserPath(id), "admin_unbanned")}
}

func (u *ui) adminRevoke(_ http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	id := r.PathValue("id")
	if err := u.adm.RevokeSessions(r.Context(), id); err != nil {
		return u.adminOutcome(r, id, err, nil, nil)
	}
	return outcome{to: withDone(u.adminUserPath(id), "admin_sessions_revoked")}
}

func (u *ui) adminSetRole(_ http.ResponseWriter, r *http.Request, f url.Values) outcome {
	id := r.PathValue("id")
	if _, err := u.adm.SetRole(r.Context(), admin.SetRoleRequest{UserID: id, Role: f.Get("role")}); err != nil {
		return u.adminOutcome(r, id, err, map[string]string{admin.ErrUnknownRole.Code: "role"}, nil)
	}
	return outcome{to: withDone(u.adminUserPath(id), "admin_role_set")}
}

// adminImpersonate starts acting as the user: the impersonation's
// session replaces the administrator's in this browser, whose every page
// then shows the banner that stops it.
func (u *ui) adminImpersonate(w http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	id := r.PathValue("id")
	res, err := u.adm.Impersonate(r.Context(), admin.ImpersonateRequest{UserID: id})
	if err != nil {
		return u.adminOutcome(r, id, err, nil, nil)
	}
	authhttp.SetSessionCookie(w, r, u.a, res.Session, res.Token)
	return outcome{to: withDone(u.cfg.prefix+"/account", "admin_impersonating")}
}

// stopImpersonating ends the browser's impersonation session and signs
// the browser out, as the plugin's route does: the administrator signs
// in again, and comes back to the user's page. An impersonation past its
// end is no session: the browser is signed out already.
func (u *ui) stopImpersonating(w http.ResponseWriter, r *http.Request, _ url.Values) outcome {
	s, ok := authhttp.SessionFrom(r)
	if !ok || s.ImpersonatorID == "" {
		return outcome{to: u.cfg.prefix + "/account"}
	}
	if _, err := u.adm.StopImpersonating(r.Context(), admin.StopRequest{}); err != nil {
		return outcome{err: err}
	}
	authhttp.ClearSessionCookie(w, u.a)
	if u.pw == nil {
		return outcome{to: withDone(u.cfg.prefix+"/sign-out", "admin_stopped")}
	}
	next := u.adminUserPath(s.UserID)
	return outcome{to: u.cfg.prefix + "/sign-in?done=admin_stopped&next=" + url.QueryEscape(next)}
}
