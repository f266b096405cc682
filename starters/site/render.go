package site

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/admin"
)

//go:embed templates/*.html
var templateFiles embed.FS

// pageNames are the templates under templates/, each rendered inside
// layout.html.
var pageNames = []string{"home", "sign-up", "sign-in", "verify", "undo", "forgot", "reset", "message",
	"account", "school", "courses", "course", "buildings", "not-found",
	"two-factor", "two-factor-setup", "recovery-codes", "email-code", "admin", "admin-user",
	"organizations", "organization-accept"}

// pages are the parsed templates by page name.
type pages map[string]*template.Template

func parsePages() pages {
	funcs := template.FuncMap{
		"when": func(t time.Time) string {
			if t.IsZero() {
				return ""
			}
			return t.UTC().Format("2 Jan 2006 15:04 UTC")
		},
	}
	layout := template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFiles, "templates/layout.html"))
	p := pages{}
	for _, name := range pageNames {
		p[name] = template.Must(template.Must(layout.Clone()).ParseFS(templateFiles, "templates/"+name+".html"))
	}
	return p
}

// view is what every page template sees.
type view struct {
	Title string
	// User is the signed-in person, and Email their primary address.
	User  *auth.User
	Email string
	// Notice says what the last action did; Error why it failed.
	Notice, Error string
	// Fix, shown after Error, links to what mends it: "Sign in again to
	// do this: sign in".
	Fix *link
	// Form holds the values to show again in a form, never a password.
	Form url.Values
	// Data is the page's own data.
	Data any
	// GitHub is set when sign-in with GitHub is configured.
	GitHub bool
	// Organization is the name of the session's active organization, shown
	// in the header, or "".
	Organization string
	// Admin is set for administrators: the header links to the admin area.
	Admin bool
	// Impersonation is set when an administrator acts as User: every page
	// says so, with a button to stop.
	Impersonation *admin.Impersonated
}

// link is a link a page shows: where it goes, and its text.
type link struct {
	Href, Text string
}

// message is the data of the message page.
type message struct {
	Text, Link, LinkText string
}

// notices are the messages a redirect asks for with ?done=: a fixed
// list, so that a link cannot make the site say anything else.
var notices = map[string]string{
	"signed-in":             "You are signed in.",
	"signed-out":            "You are signed out.",
	"school":                "You are signed in with your school account.",
	"school-linked":         "Your school account is linked: you can sign in with it from now on.",
	"email-verified":        "Your email address is verified.",
	"email-restored":        "Your previous email address is back, and every session was signed out. Sign in again, and change your password if someone else changed your email.",
	"password-reset":        "Your password is reset and every session was signed out. Sign in with the new password.",
	"password-changed":      "Your password is changed.",
	"email-change":          "We sent a link to your new address: open it to confirm the change.",
	"session-revoked":       "The session is signed out.",
	"sessions-revoked":      "Every other session is signed out.",
	"address-added":         "We sent a link to the new address: open it to verify it.",
	"address-removed":       "The address is removed.",
	"primary-changed":       "Your primary address is changed.",
	"two-factor-added":      "Your authenticator app is set up.",
	"two-factor-removed":    "The authenticator app is removed, and your other sessions are signed out.",
	"passkey-added":         "Your passkey is added: you can sign in with it.",
	"passkey-renamed":       "The passkey is renamed.",
	"passkey-removed":       "The passkey is removed, and your other sessions are signed out.",
	"banned":                "The person is banned: every session of theirs is signed out, and they cannot sign in until the ban ends.",
	"unbanned":              "The ban is lifted: the person can sign in again.",
	"user-sessions-revoked": "Every session of the person is signed out.",
	"impersonating":         "You are acting as this person: what you do here, you do as them, and it is recorded.",
	"impersonation-stopped": "You stopped acting as that person and are signed out: sign in again as yourself.",
	"organization-created":  "The organization is created: you are its owner.",
	"invitation-sent":       "The invitation is sent: it is accepted from the link in its mail.",
	"invitation-accepted":   "You joined the organization.",
	"organization-switched": "Your active organization is changed.",
}

// contentSecurityPolicy allows the pages their own inline style, forms
// posting to this site, and scripts of this site ([ScriptPath], the
// passkey buttons) calling this site: no inline script, nothing from
// elsewhere.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// render writes a page with status. html/template escapes every value.
func (app *App) render(w http.ResponseWriter, r *http.Request, status int, name string, v view) {
	if u, ok := authhttp.UserFrom(r); ok {
		v.User, v.Email, v.Admin = u, primaryEmail(u), admin.RoleOf(u) == admin.RoleAdmin
		org, err := app.activeOrganization(r.Context())
		if err != nil {
			app.log.ErrorContext(r.Context(), "site: read the active organization", "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		v.Organization = org
	}
	if s, ok := authhttp.SessionFrom(r); ok {
		if m, ok := admin.ImpersonationOf(s); ok {
			v.Impersonation = &m
		}
	}
	if v.Notice == "" {
		v.Notice = notices[r.URL.Query().Get("done")]
	}
	v.GitHub = app.github
	v.Error = sentence(v.Error) // messages are lower case, for logs and JSON
	var buf bytes.Buffer
	if err := app.pages[name].ExecuteTemplate(&buf, "layout", v); err != nil {
		app.log.ErrorContext(r.Context(), "site: render a page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "same-origin") // links carry tokens: never send them to another site
	h.Set("X-Content-Type-Options", "nosniff")
	// Whole and with its length, the page is complete at the browser
	// before the Middleware runs the deliveries its operations left.
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// fail shows an error on the page it happened on: an operation's message
// and status, or for an internal failure (logged by Sesame) a message
// with no detail and 500.
func (app *App) fail(w http.ResponseWriter, r *http.Request, name string, v view, err error) {
	e := auth.AsError(err)
	status := e.Status
	v.Error = e.Message
	if e.Code == auth.ErrInternal.Code || status < 400 || status > 599 {
		v.Error, status = "Something went wrong on our side. Please try again later.", http.StatusInternalServerError
	}
	if errors.Is(err, auth.ErrInvalidOrigin) && app.baseURL != "" {
		// Most often the app was opened at another address than its base
		// URL (127.0.0.1 for localhost): say where it works.
		v.Error += " (forms work only on pages opened at " + app.baseURL + ", the app's base URL)"
		v.Fix = &link{Href: app.baseURL + app.pageOf(r), Text: "open this page there"}
	}
	if errors.Is(err, auth.ErrFreshSessionRequired) {
		// Signing in again makes a fresh session, and comes back here.
		v.Fix = &link{Href: SignInPath + "?next=" + url.QueryEscape(app.pageOf(r)), Text: "sign in"}
	}
	if e.RetryAfter > 0 {
		secs := strconv.Itoa(int((e.RetryAfter + time.Second - 1) / time.Second))
		w.Header().Set("Retry-After", secs)
		v.Error += ": try again in " + secs + " seconds"
	}
	app.render(w, r, status, name, v)
}

// failed shows the message page for an error outside any form.
func (app *App) failed(w http.ResponseWriter, r *http.Request, status int, text string) {
	title := http.StatusText(status)
	app.render(w, r, status, "message", view{Title: title, Error: text, Data: message{Link: "/", LinkText: "Home"}})
}

// parseForm reads a posted form of at most 64 KiB, answering 400 itself
// when it cannot.
func (app *App) parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		app.failed(w, r, http.StatusBadRequest, "The form could not be read.")
		return false
	}
	return true
}

// seeOther sends the browser to a page of this site with a GET, after a
// form changed something. The answer is complete (no body, its length
// said) before the Middleware runs the deliveries of the form's operation.
// to is one of the site's paths, or a return address checked by nextPage.
func seeOther(w http.ResponseWriter, _ *http.Request, to string) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Location", to)
	h.Set("Content-Length", "0")
	w.WriteHeader(http.StatusSeeOther)
}

// nextPage returns where a next parameter may send the browser: the
// address as the core's one redirect check resolves it (a page of this
// site), else fallback.
func (app *App) nextPage(next, fallback string) string {
	if to, ok := app.auth.RedirectTarget(next); ok {
		return to
	}
	return fallback
}

// sentence returns msg with its first letter in upper case.
func sentence(msg string) string {
	if msg == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(msg)
	return string(unicode.ToUpper(r)) + msg[n:]
}

// primaryEmail returns the user's primary address, or "".
func primaryEmail(u *auth.User) string {
	e, _ := u.Fields["primaryEmail"].(string)
	return e
}
