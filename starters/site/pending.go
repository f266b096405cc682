package site

import (
	"net/http"
	"net/url"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// SecondFactorPath is the page where a session that signed in with its
// password and waits for its second factor enters it.
const SecondFactorPath = "/two-factor"

// SecondFactorRedirect returns where the browser must go instead of the
// page it asked for, and true, when its session waits for a second
// factor: blocked is the refusal of the session's check, as the adapters'
// BlockedSession (authhttp.BlockedSessionFrom) returns it. Such a session
// reaches no page but [SecondFactorPath], signing out and the passkey
// script; the JSON routes under [AuthPrefix] and [APIPrefix] answer for
// themselves (403 second_factor_required, or the challenge's operations).
// The next parameter brings the browser back to the page it asked for.
//
// Every starter calls it from a middleware of its framework, after the
// session middleware and before the routes, since the adapters'
// RequireUser answers a blocked session with the check's JSON refusal,
// which suits a script, not a page.
func (app *App) SecondFactorRedirect(blocked *auth.Error, method, requestURI string) (string, bool) {
	if blocked == nil || blocked.Code != twofactor.ErrSecondFactorRequired.Code {
		return "", false
	}
	u, err := url.ParseRequestURI(requestURI)
	if err != nil {
		return SecondFactorPath, true
	}
	switch p := u.Path; {
	case p == SecondFactorPath, p == "/sign-out", p == ScriptPath, under(p, AuthPrefix), under(p, APIPrefix):
		return "", false
	}
	page := requestURI
	if method != http.MethodGet && method != http.MethodHead {
		page = app.comeBack(u.Path)
	}
	if page == "/" {
		return SecondFactorPath, true
	}
	return SecondFactorPath + "?next=" + url.QueryEscape(page), true
}

// secondFactorGate is the net/http middleware of [App.Handler] that sends
// a session waiting for its second factor to [SecondFactorPath].
func (app *App) secondFactorGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _, blocked := authhttp.BlockedSessionFrom(r)
		if to, ok := app.SecondFactorRedirect(blocked, r.Method, r.URL.RequestURI()); ok {
			seeOther(w, r, to)
			return
		}
		next.ServeHTTP(w, r)
	})
}
