// Package linkpage serves the page a link mailed to a person opens, for
// the plugins whose links sign in (magiclink, emailchallenge). A GET
// shows a button and changes nothing, so that mail scanners and link
// previews that fetch the link neither use it up nor sign anyone in; the
// button posts the token back to the page (a form: no JavaScript
// needed), which runs the plugin's operation with the request's client,
// origin check and rate limits.
package linkpage

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

// Page is the page of one plugin's links.
type Page struct {
	// Plugin names the plugin, for the error of a page served before the
	// plugin was passed to auth.New.
	Plugin string
	// Auth returns the instance, nil until auth.New made it.
	Auth func() *auth.Auth
	// Button is the button's label.
	Button string
	// Incomplete is the message of a link without its token, Used that of
	// a link that no longer works (used, expired, replaced).
	Incomplete, Used string
	// Dead are the plugin's error codes that mean the link no longer
	// works, besides the core's invalid token and input.
	Dead []*auth.Error
	// Confirm runs the plugin's operation with the posted token. It
	// returns where to send the browser (once it set the session cookie),
	// or a message to show instead.
	Confirm func(w http.ResponseWriter, r *http.Request, token auth.Secret) (redirect, message string, err error)

	once sync.Once
	h    http.Handler
}

// ServeHTTP serves the page, behind authhttp.Middleware (which does
// nothing when the host's already ran).
func (p *Page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a := p.Auth()
	if a == nil {
		http.Error(w, p.Plugin+": the plugin was not passed to auth.New", http.StatusInternalServerError)
		return
	}
	p.once.Do(func() { p.h = authhttp.Middleware(a)(http.HandlerFunc(p.serve)) })
	p.h.ServeHTTP(w, r)
}

// maxForm bounds the form's body: a token and nothing else.
const maxForm = 4 << 10

func (p *Page) serve(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		token := r.URL.Query().Get("token")
		if token == "" {
			p.render(w, http.StatusBadRequest, data{Message: p.Incomplete})
			return
		}
		p.render(w, http.StatusOK, data{Token: auth.NewSecret(token), Action: r.URL.Path, Button: p.Button})
	case http.MethodPost:
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			p.render(w, http.StatusBadRequest, data{Message: "This request is malformed."})
			return
		}
		to, msg, err := p.Confirm(w, r, auth.NewSecret(r.PostForm.Get("token")))
		switch {
		case err != nil:
			p.fail(w, err)
		case msg != "":
			p.render(w, http.StatusOK, data{Message: msg})
		default:
			w.Header().Set("Cache-Control", "no-store")
			http.Redirect(w, r, to, http.StatusSeeOther)
		}
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		p.render(w, http.StatusMethodNotAllowed, data{Message: "Method not allowed."})
	}
}

// fail shows why the operation failed, in words for people; an internal
// failure tells nothing more.
func (p *Page) fail(w http.ResponseWriter, err error) {
	e := auth.AsError(err)
	msg := "Something went wrong. Try again later."
	switch {
	case errors.Is(e, auth.ErrTokenInvalid), errors.Is(e, auth.ErrInvalidInput), p.dead(e):
		msg = p.Used
	case errors.Is(e, auth.ErrRateLimited):
		msg = "Too many attempts. Wait a moment and try again."
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+999_999_999)/1_000_000_000)))
		}
	case errors.Is(e, auth.ErrInvalidOrigin):
		msg = "This request did not come from this site. Open the link again."
	}
	status := e.Status
	if status < 400 || status > 599 {
		status = http.StatusInternalServerError
	}
	p.render(w, status, data{Message: msg})
}

func (p *Page) dead(e *auth.Error) bool {
	for _, d := range p.Dead {
		if errors.Is(e, d) {
			return true
		}
	}
	return false
}

// data is what the template sees.
type data struct {
	Token                   auth.Secret
	Action, Message, Button string
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in</title>
<h1>Sign in</h1>
{{if .Message}}<p>{{.Message}}</p>{{else}}<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token.Reveal}}">
<button type="submit">{{.Button}}</button>
</form>{{end}}
</html>
`))

// render writes the page whole, with its length, so that the client has
// it before any delivery runs.
func (p *Page) render(w http.ResponseWriter, status int, d data) {
	var b bytes.Buffer
	if err := page.Execute(&b, d); err != nil {
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
