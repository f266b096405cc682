package authui

import (
	"net/http"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
)

// shown carries what the security page shows once after the POST that
// made it, across the redirect (PRG): a new authenticator key, with its
// factor to confirm, or new recovery codes. It travels in a cookie of a
// minute, HttpOnly, read by the next GET of the page and deleted then, so
// that a reload, the back button or another tab never shows it again; it
// names the session it was made for, and another session's GET drops it
// unseen. Secrets never travel in a URL.
type shown struct {
	Session  string   `json:"s"`
	FactorID string   `json:"f,omitempty"`
	Key      string   `json:"k,omitempty"`
	URI      string   `json:"u,omitempty"`
	Codes    []string `json:"c,omitempty"`
}

// shownCookie returns the name of the cookie: with the __Host- prefix on
// https, so that no sibling domain sets it.
func shownCookie(a *auth.Auth) string { return pageCookieName(a, "authui_shown") }

// setShown keeps sh for the next GET of the security page, bound to the
// request's session.
func setShown(w http.ResponseWriter, r *http.Request, a *auth.Auth, sh shown) {
	if s, ok := currentSession(r); ok {
		sh.Session = s.ID
	}
	http.SetCookie(w, pageCookie(a, shownCookie(a), encodeJSON(sh), 60))
}

// takeShown reads what the page shows once, and deletes it: only for the
// session it was made for.
func takeShown(w http.ResponseWriter, r *http.Request, a *auth.Auth) (shown, bool) {
	c, err := r.Cookie(shownCookie(a))
	if err != nil {
		return shown{}, false
	}
	http.SetCookie(w, pageCookie(a, shownCookie(a), "", -1))
	var sh shown
	s, ok := currentSession(r)
	if !decodeJSON(c.Value, &sh) || !ok || sh.Session != s.ID {
		return shown{}, false
	}
	return sh, true
}

// currentSession returns the request's session: a full one, or one a
// mandatory second factor holds until it enrols one.
func currentSession(r *http.Request) (*auth.Session, bool) {
	if s, ok := authhttp.SessionFrom(r); ok {
		return s, true
	}
	if s, _, ok := enrolling(r); ok {
		return s, true
	}
	return nil, false
}
