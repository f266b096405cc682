package authui

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// outcome is what a form's action did: where to go on success, or the
// error, the values to show again and the field each error code concerns.
type outcome struct {
	to     string
	err    error
	keep   map[string]string
	fields map[string]string // error code → field; others concern the form
	back   string            // the page to go back to on failure; the form's page by default
	hide   bool              // answer 404, as for a path the site does not have (the admin pages)
}

// action is the work of one form, on its parsed values.
type action func(w http.ResponseWriter, r *http.Request, f url.Values) outcome

// form returns the POST handler of a page's form. It refuses a form of
// another site (403) and one without the browser's form token, then runs
// the action, whose calls run the operations' pipeline with the
// request's context. Whatever the outcome, the browser is sent to a page
// with a GET (PRG): on success where the action says, on failure back to
// the form, which shows the errors next to their fields. Only an internal
// error answers at once, 500, with the page.
func (u *ui) form(page string, do action) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		path := u.cfg.prefix + pagePath[page]
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		if err := r.ParseForm(); err != nil {
			u.fail(w, r, page, path, outcome{err: auth.ErrInvalidInput})
			return
		}
		if !sameOrigin(r, u.a) {
			v := u.newView(w, r, page, titles[page])
			v.Errors = []fieldError{{Code: auth.ErrInvalidOrigin.Code}}
			u.renderFailed(w, r, http.StatusForbidden, page, v)
			return
		}
		if !tokenMatches(r, u.a) {
			u.fail(w, r, page, path, outcome{err: errFormExpired})
			return
		}
		o := do(w, r, r.PostForm)
		// An account-security event the session survived (a password
		// change, signing out the other sessions) issued a stateless
		// session's token anew: the browser gets it, or is signed out.
		authhttp.RenewSessionCookie(w, r, u.a)
		if o.err == nil {
			seeOther(w, o.to)
			return
		}
		if o.hide {
			notFound(w, r)
			return
		}
		if o.back != "" {
			path = o.back
		}
		u.fail(w, r, page, path, o)
	}
}

// errFormExpired is a form without its browser's form token: one of
// another site, or one whose cookie is gone.
var errFormExpired = auth.NewError("form_expired", http.StatusForbidden, "authui: the form token is missing or wrong")

// fail sends the browser back to the form with its errors, or, for an
// internal error, shows the page at once with status 500.
func (u *ui) fail(w http.ResponseWriter, r *http.Request, page, back string, o outcome) {
	e := auth.AsError(o.err)
	fe := fieldError{Field: o.fields[e.Code], Code: e.Code}
	if e.RetryAfter > 0 {
		secs := int((e.RetryAfter + time.Second - 1) / time.Second)
		fe.Arg = strconv.Itoa(secs)
		w.Header().Set("Retry-After", fe.Arg)
	}
	if errors.Is(e, auth.ErrInternal) {
		v := u.newView(w, r, page, titles[page])
		v.Errors = []fieldError{fe}
		for k, val := range o.keep {
			v.Values[k] = val
		}
		u.renderFailed(w, r, http.StatusInternalServerError, page, v)
		return
	}
	setFlash(w, u.a, flash{Page: page, Errors: []fieldError{fe}, Values: o.keep})
	seeOther(w, back)
}

// renderFailed shows a page in answer to a POST that failed, with the
// page's own data: the account page's sessions, or for a caller no longer
// signed in, the sign-out page.
func (u *ui) renderFailed(w http.ResponseWriter, r *http.Request, status int, page string, v *view) {
	if page == pageAccount {
		if v.User == nil {
			page, v.Page, v.Title = pageSignOut, pageSignOut, titles[pageSignOut]
		} else if d, err := u.accountData(r); err == nil {
			v.Data = d
		} else {
			v.Data = accountData{} // the database failed again: the error shown says so
		}
	}
	if d, ok := u.settingsData(r, page); ok {
		v.Data = d
	}
	if page == pageSecurity {
		usr, required, ok := securityUser(r)
		if !ok {
			page, v.Page, v.Title = pageSignOut, pageSignOut, titles[pageSignOut]
		} else {
			v.User, v.Email = usr, primaryEmail(usr)
			v.Data, _ = u.securityData(w, r, required) // failed again: the error shown says so
		}
	}
	u.render(w, r, status, page, v)
}

// pagePath and titles are each page's path under the prefix, and the
// catalog key of its title.
var (
	pagePath = map[string]string{pageSignIn: "/sign-in", pageSignUp: "/sign-up", pageForgot: "/forgot-password",
		pageReset: "/reset-password", pageVerify: "/verify-email", pageSignOut: "/sign-out", pageAccount: "/account",
		pageMagicLink: magicLinkPath, pageSecondFactor: "/two-factor", pageEmailCode: emailCodePath,
		pageAdminUsers: adminUsersPath, pageAdminUser: adminUsersPath, pageAdminAudit: adminAuditPath,
		pageAddresses: addressesPath, pageProviders: providersPath, pageProviderLink: providersPath + "/continue",
		pageSecurity: securityPath}
	titles = map[string]string{pageSignIn: "title.sign_in", pageSignUp: "title.sign_up", pageForgot: "title.forgot",
		pageReset: "title.reset", pageVerify: "title.verify", pageSignOut: "title.sign_out", pageAccount: "title.account",
		pageMagicLink: "title.magic_link", pageSecondFactor: "title.second_factor", pageEmailCode: "title.email_code",
		pageAdminUsers: "admin.title_users", pageAdminUser: "admin.title_user", pageAdminAudit: "admin.title_audit",
		pageAddresses: "addresses.title", pageProviders: "providers.title", pageProviderLink: "providers.continue_title",
		pageSecurity: "title.security"}
)
