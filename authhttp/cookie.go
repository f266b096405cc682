package authhttp

import (
	"net/http"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// CookieName returns the name of the session cookie of a's routes:
// "__Host-sesame_session" when the base URL is https, which binds the
// cookie to the exact host, path / and Secure, and "sesame_session" on
// http (development). Clients that keep the cookie themselves, such as a
// test or a benchmark sending "Cookie: <name>=<token>", take the name
// from here; browsers need nothing.
func CookieName(a *auth.Auth) string {
	if secure(a) {
		return "__Host-sesame_session"
	}
	return "sesame_session"
}

func secure(a *auth.Auth) bool { return a.BaseURL().Scheme == "https" }

// setSession sets the session cookie, or in bearer mode the token header.
func setSession(w http.ResponseWriter, r *http.Request, a *auth.Auth, token auth.Secret, expires time.Time) {
	if bearerMode(r) {
		w.Header().Set(HeaderToken, token.Reveal())
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: CookieName(a), Value: token.Reveal(), Path: "/", Expires: expires,
		MaxAge: max(int(expires.Sub(a.Now()).Seconds()), 1), HttpOnly: true, Secure: secure(a), SameSite: http.SameSiteLaxMode,
	})
}

// clearSession deletes the session cookie.
func clearSession(w http.ResponseWriter, a *auth.Auth) {
	http.SetCookie(w, &http.Cookie{
		Name: CookieName(a), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: secure(a), SameSite: http.SameSiteLaxMode,
	})
}

// SetSessionCookie gives a browser the session a Go call started, as the
// routes do after a sign-in (or, when the request asked for the bearer
// transport, the Auth-Token header). Server-rendered pages that sign people
// in through typed Go calls use it.
func SetSessionCookie(w http.ResponseWriter, r *http.Request, a *auth.Auth, s *auth.Session, token auth.Secret) {
	setSession(w, r, a, token, s.ExpiresAt)
}

// ClearSessionCookie deletes the session cookie, as the routes do after a
// sign-out.
func ClearSessionCookie(w http.ResponseWriter, a *auth.Auth) { clearSession(w, a) }
