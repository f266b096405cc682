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
		sendToken(w, token)
		return
	}
	setCookie(w, a, token, expires)
}

// sendToken sets the Auth-Token header of a bearer client.
func sendToken(w http.ResponseWriter, token auth.Secret) {
	noStore(w)
	w.Header().Set(HeaderToken, token.Reveal())
}

// noStore keeps an answer that carries a session token (a host's own
// route may be cacheable) out of every cache between client and server.
func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// setCookie sets the session cookie.
func setCookie(w http.ResponseWriter, a *auth.Auth, token auth.Secret, expires time.Time) {
	noStore(w)
	http.SetCookie(w, &http.Cookie{
		Name: CookieName(a), Value: token.Reveal(), Path: "/", Expires: expires,
		MaxAge: max(int(expires.Sub(a.Now()).Seconds()), 1), HttpOnly: true, Secure: secure(a), SameSite: http.SameSiteLaxMode,
	})
}

// sendReissued gives the client the token its stateless session was
// issued anew with during the request, if it was: as the cookie it came
// in, or else in the Auth-Token header, with Cache-Control: no-store.
func sendReissued(w http.ResponseWriter, a *auth.Auth, req *auth.Request, s *auth.Session) {
	token, ok := req.TakeReissued()
	if !ok || s == nil {
		return
	}
	if !req.CookieAuth {
		sendToken(w, token)
		return
	}
	setCookie(w, a, token, s.ExpiresAt)
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

// RenewSessionCookie gives the client the token its stateless session
// ([auth.WithStatelessSessions]) was issued anew with by Go calls made
// for r, as the routes do: after an account-security event the session
// survived (a password change, signing out the other sessions) its old
// token is over. Server-rendered pages that make such calls through the
// typed Go methods call it before they answer; it does nothing when the
// token did not change, and for every other kind of session.
func RenewSessionCookie(w http.ResponseWriter, r *http.Request, a *auth.Auth) {
	if req := auth.RequestFrom(r.Context()); req != nil {
		s, _ := req.Session()
		sendReissued(w, a, req, s)
	}
}

// ClearSessionCookie deletes the session cookie, as the routes do after a
// sign-out.
func ClearSessionCookie(w http.ResponseWriter, a *auth.Auth) { clearSession(w, a) }
