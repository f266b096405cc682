package authui

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// pageTemplate is one page's parsed templates.
type pageTemplate struct{ t *template.Template }

// contentSecurityPolicy allows the pages their one style sheet and forms
// posting to this site: no script at all (but scriptPolicy's, with the
// passkey plugin), inline or not, no inline
// style, nothing from elsewhere, no framing.
const contentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// scriptPolicy allows the pages of scriptPages, with the passkey plugin,
// the one script of this site that runs the WebAuthn calls, and its
// requests to this site: still no inline script, nothing from elsewhere.
const scriptPolicy = "script-src 'self'; connect-src 'self'"

// scriptPages are the pages that load the passkey script.
var scriptPages = map[string]bool{pageSignIn: true, pageSecondFactor: true, pageSecurity: true}

// newView returns the view of a page for a request: its language, the
// signed-in person, the browser's form token (set when it has none), the
// notice a redirect asked for, and the errors and values of the last
// POST of this page.
func (u *ui) newView(w http.ResponseWriter, r *http.Request, page, title string) *view {
	lang := negotiate(r.Header.Get("Accept-Language"), u.cfg.languages)
	v := &view{cat: u.catalogs[lang], prefix: u.cfg.prefix, Lang: lang, Page: page, Title: title, AppName: u.cfg.appName,
		Has: has{Password: u.pw != nil, Email: u.mail != nil, MagicLink: u.ml != nil, EmailCode: u.ec != nil, TwoFactor: u.tf != nil,
			Admin: u.adm != nil, Audit: u.aud != nil, Phone: u.ph != nil, OAuth: u.oa != nil, Passkey: u.pk},
		Methods: u.methods, Values: map[string]string{}}
	if v.AppName == "" {
		v.AppName = v.T("app.name")
	}
	if usr, ok := authhttp.UserFrom(r); ok {
		v.User, v.Email = usr, primaryEmail(usr)
	}
	v.CSRF = formToken(w, r, u.a)
	if u.adm != nil {
		u.adminView(r, v)
	}
	if done := r.URL.Query().Get("done"); done != "" {
		if _, ok := english["done."+done]; ok { // a fixed list: a link cannot make the page say anything else
			v.Notice = "done." + done
		}
	}
	if code := r.URL.Query().Get("error"); callbackErrors[code] { // a fixed list, as for done
		v.Errors = append(v.Errors, fieldError{Code: code})
	}
	if fl, ok := takeFlash(w, r, u.a); ok && fl.Page == page {
		v.Errors = fl.Errors
		for k, val := range fl.Values {
			v.Values[k] = val
		}
	}
	return v
}

// page returns the GET handler of a page with no data of its own; fill,
// if any, adds to its view.
func (u *ui) page(name, title string, fill func(r *http.Request, v *view)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := u.newView(w, r, name, title)
		if fill != nil {
			fill(r, v)
		}
		u.render(w, r, http.StatusOK, name, v)
	}
}

// keepQuery shows query parameters of a link (a token) in the form,
// unless the last POST's values replace them.
func keepQuery(names ...string) func(r *http.Request, v *view) {
	return func(r *http.Request, v *view) {
		for _, n := range names {
			if q := r.URL.Query().Get(n); q != "" && v.Values[n] == "" {
				v.Values[n] = q
			}
		}
	}
}

// render writes a page whole, with its length: the Middleware delivers
// the messages of the request's operations after it.
func (u *ui) render(w http.ResponseWriter, r *http.Request, status int, name string, v *view) {
	var buf bytes.Buffer
	if err := u.pages[name].t.ExecuteTemplate(&buf, "layout", v); err != nil {
		u.a.Logger().ErrorContext(r.Context(), "authui: render a page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", v.Lang)
	secure(h)
	if u.pk && scriptPages[name] {
		h.Set("Content-Security-Policy", contentSecurityPolicy+"; "+scriptPolicy)
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// secure sets the headers of every page and redirect.
func secure(h http.Header) {
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "same-origin") // links carry tokens: never send them to another site
	h.Set("X-Content-Type-Options", "nosniff")
}

// seeOther sends the browser to a page of this site with a GET after a
// form: the answer is complete, its length said.
func seeOther(w http.ResponseWriter, to string) {
	h := w.Header()
	secure(h)
	h.Set("Location", to)
	h.Set("Content-Length", "0")
	w.WriteHeader(http.StatusSeeOther)
}

// withDone returns path with the notice done in its query.
func withDone(path, done string) string { return path + "?done=" + url.QueryEscape(done) }

// primaryEmail returns the user's primary address, or "".
func primaryEmail(usr *auth.User) string {
	e, _ := usr.Fields["primaryEmail"].(string)
	return e
}

// samples returns the views the start-up check renders a page with: a
// signed-out and a signed-in one, each with every kind of notice and
// error, so that a replaced template that calls what views lack fails
// at start-up rather than in front of a person.
func (u *ui) samples(page string) []*view {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	base := func() *view {
		return &view{cat: english, prefix: u.cfg.prefix, Lang: "en", AppName: "App", Title: "title.sign_in",
			Has: has{Password: true, Email: true, MagicLink: true, EmailCode: true, TwoFactor: true, Phone: true, OAuth: true,
				Passkey: true}, Methods: []authhttp.UIButton{{Name: "x", Label: "X", Method: "GET", Action: "/x"}},
			Values: map[string]string{"email": "a@example.com", "token": "t", "next": "/"}, CSRF: "c",
			Notice: "done.signed_in", Errors: []fieldError{{Code: "internal"}, {Field: "email", Code: "email_not_verified"}}}
	}
	out := base()
	in := base()
	in.User, in.Email = &auth.User{ID: "u", Name: "Ada", CreatedAt: now}, "a@example.com"
	in.Data = accountData{Sessions: []*auth.Session{{ID: "s", LastSeenAt: now, UserAgent: "UA", Current: true}, {ID: "t", IP: "192.0.2.1"}}}
	in.Admin, in.Has.Admin, in.Has.Audit = true, true, true
	switch page {
	case pageAccount:
		return []*view{in}
	case pageSecondFactor:
		out.Data, in.Data = secondFactorData{TOTP: true, Recovery: true, Passkey: true}, secondFactorData{TOTP: true}
	case pageSecurity:
		return securitySamples(in)
	case pageEmailCode:
		out.Data, in.Data = emailCodeData{Waiting: true}, emailCodeData{}
	case pageAdminUsers, pageAdminUser, pageAdminAudit:
		return adminSamples(page, in, now)
	case pageAddresses, pageProviders, pageProviderLink:
		return settingsSamples(page, in, now)
	}
	acting := *in // an impersonation session's: the banner
	acting.Admin, acting.Acting = false, "Ada"
	return []*view{out, in, &acting}
}
