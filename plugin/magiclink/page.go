package magiclink

import (
	"bytes"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"sync"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// ConfirmPage returns the page the links open, for the host to mount at
// [LinkPath] on the link base's origin:
//
//	mux.Handle("/magic-link", ml.ConfirmPage())
//
// A GET shows a button and changes nothing, so that mail scanners and
// link previews that fetch the link neither use it up nor sign anyone
// in. The button posts the token back to the page (a form: no JavaScript
// needed), which signs in through [Plugin.SignIn], with the request's
// client, origin check and rate limits, sets the session cookie, and
// sends the browser to the link's return address, or to the link base's
// origin. The page runs [authhttp.Middleware] itself unless the host's
// already did. A host with a page of its own serves it at LinkPath
// instead, and posts the token to POST /magic-link/sign-in.
func (p *Plugin) ConfirmPage() http.Handler { return p.page }

// page serves ConfirmPage; its middleware is made at the first request,
// once the plugin was passed to auth.New.
type page struct {
	p    *Plugin
	once sync.Once
	h    http.Handler
}

func (pg *page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if pg.p.a == nil {
		http.Error(w, "magiclink: the plugin was not passed to auth.New", http.StatusInternalServerError)
		return
	}
	pg.once.Do(func() { pg.h = authhttp.Middleware(pg.p.a)(http.HandlerFunc(pg.serve)) })
	pg.h.ServeHTTP(w, r)
}

// maxForm bounds the confirm form's body: a token and nothing else.
const maxForm = 4 << 10

func (pg *page) serve(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		token := r.URL.Query().Get("token")
		if token == "" {
			pg.render(w, http.StatusBadRequest, pageData{Message: "This link is incomplete. Ask for a new one."})
			return
		}
		pg.render(w, http.StatusOK, pageData{Token: auth.NewSecret(token), Action: r.URL.Path})
	case http.MethodPost:
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			pg.render(w, http.StatusBadRequest, pageData{Message: "This request is malformed."})
			return
		}
		res, err := pg.p.SignIn(r.Context(), auth.NewSecret(r.PostForm.Get("token")))
		if err != nil {
			pg.fail(w, err)
			return
		}
		authhttp.SetSessionCookie(w, r, pg.p.a, res.Session, res.Token)
		to := res.ReturnTo
		if to == "" {
			to = pg.p.cfg.linkBase + "/"
		}
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, to, http.StatusSeeOther)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		pg.render(w, http.StatusMethodNotAllowed, pageData{Message: "Method not allowed."})
	}
}

// fail shows why a sign-in failed, in words for people; an internal
// failure tells nothing more.
func (pg *page) fail(w http.ResponseWriter, err error) {
	e := auth.AsError(err)
	msg := "Something went wrong. Try again later."
	switch {
	case errors.Is(e, auth.ErrTokenInvalid), errors.Is(e, auth.ErrInvalidInput):
		msg = "This link was used already or has expired. Ask for a new one."
	case errors.Is(e, auth.ErrRateLimited):
		msg = "Too many attempts. Wait a moment and try again."
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+999_999_999)/1_000_000_000)))
		}
	case errors.Is(e, auth.ErrInvalidOrigin):
		msg = "This sign-in did not come from this site. Open the link again."
	}
	status := e.Status
	if status < 400 || status > 599 {
		status = http.StatusInternalServerError
	}
	pg.render(w, status, pageData{Message: msg})
}

// pageData is what the page template sees.
type pageData struct {
	Token           auth.Secret
	Action, Message string
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in</title>
<h1>Sign in</h1>
{{if .Message}}<p>{{.Message}}</p>{{else}}<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token.Reveal}}">
<button type="submit">Sign in</button>
</form>{{end}}
</html>
`))

// render writes the page whole, with its length, so that the client has
// it before any delivery runs.
func (pg *page) render(w http.ResponseWriter, status int, d pageData) {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, d); err != nil {
		status, b = http.StatusInternalServerError, *bytes.NewBufferString("internal error\n")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// The URL holds the token: no other site may see it in a Referer. Not
	// no-referrer, with which browsers post the form from origin "null",
	// which the origin check refuses.
	h.Set("Referrer-Policy", "same-origin")
	// Framed by another site, the button could be clicked on someone's
	// behalf with the framer's own link (a login CSRF).
	h.Set("Content-Security-Policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}
