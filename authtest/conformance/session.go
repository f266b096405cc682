package conformance

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// cookieSession signs in as a browser does and reads the session back
// with the cookie.
func cookieSession(t *testing.T, e *authtest.Engine, target Target) {
	c := serve(t, target, newAuth(t, e, target)).client(t)
	wantError(t, "GET /auth/session before sign-in", c.Get("/auth/session"), http.StatusUnauthorized, "no_session")

	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": person(t, "ada")})
	wantOK(t, "sign-in", res)
	wantCookieSet(t, "sign-in", res, 0)
	if got := res.Header.Get("Auth-Token"); got != "" {
		t.Errorf("sign-in in cookie mode: Auth-Token = %q, want none", got)
	}
	var in authtest.LoginResult
	res.Decode(t, &in)

	res = c.Get("/auth/session")
	wantOK(t, "GET /auth/session", res)
	var info auth.SessionInfo
	res.Decode(t, &info)
	if info.User == nil || info.Session == nil || info.User.ID != in.User.ID || info.Session.ID != in.Session.ID {
		t.Errorf("GET /auth/session = %s, want user %s and session %s", res.Body, in.User.ID, in.Session.ID)
	}
	wantNoCookie(t, "GET /auth/session", res)
	wantMe(t, c, in)
}

// bearerSession signs in asking for the token in a header and sends it
// back as Authorization: Bearer, to Sesame's routes and to the host's.
func bearerSession(t *testing.T, e *authtest.Engine, target Target) {
	srv := serve(t, target, newAuth(t, e, target))
	c := srv.client(t).bearer()

	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": person(t, "ada")})
	if res.Status != http.StatusOK || c.Token == "" || len(res.Header.Values("Set-Cookie")) != 0 {
		t.Fatalf("bearer sign-in = %d, Auth-Token %q, Set-Cookie %q; want 200, a token and no cookie",
			res.Status, c.Token, res.Header.Values("Set-Cookie"))
	}
	var in authtest.LoginResult
	res.Decode(t, &in)

	res = c.Get("/auth/session")
	wantOK(t, "GET /auth/session by bearer", res)
	var info auth.SessionInfo
	res.Decode(t, &info)
	if info.Session == nil || info.Session.ID != in.Session.ID {
		t.Fatalf("GET /auth/session by bearer = %s, want session %s", res.Body, in.Session.ID)
	}
	wantMe(t, c, in)
	// No cookie, so no CSRF risk: a state change without Origin passes.
	res = c.Post("/auth/sessions/revoke-others", nil)
	wantOK(t, "bearer POST without Origin", res)
	if got := res.Header.Values("Set-Cookie"); len(got) != 0 {
		t.Errorf("bearer POST: Set-Cookie %q, want none", got)
	}

	other := srv.client(t).bearer()
	wantError(t, "GET "+MePath+" by bearer without a token", other.Get(MePath), http.StatusUnauthorized, "no_session")
	other.Token = "not-a-token"
	wantError(t, "GET "+MePath+" with a malformed token", other.Get(MePath), http.StatusUnauthorized, "no_session")
	wantError(t, "GET /auth/session with a malformed token", other.Get("/auth/session"), http.StatusUnauthorized, "invalid_token")
}

// malformedCookie sends a session cookie that cannot be a token: the
// session route says so, and the cookie is cleared.
func malformedCookie(t *testing.T, e *authtest.Engine, target Target) {
	srv := serve(t, target, newAuth(t, e, target))
	bad := http.Header{"Cookie": {cookieName + "=not-a-token"}}
	for _, path := range []string{"/auth/session", MePath} {
		code := "invalid_token"
		if path == MePath {
			code = "no_session" // RequireUser's answer to any caller without a user
		}
		res := srv.client(t).Do(http.MethodGet, path, nil, bad)
		wantError(t, "GET "+path+" with a malformed cookie", res, http.StatusUnauthorized, code)
		wantCookieCleared(t, "GET "+path+" with a malformed cookie", res)
	}
}

// requireUser calls the host's route guarded by RequireUser without a
// session, with one, and after signing out.
func requireUser(t *testing.T, e *authtest.Engine, target Target) {
	srv := serve(t, target, newAuth(t, e, target))
	c := srv.client(t)
	res := c.Get(MePath)
	wantError(t, "GET "+MePath+" without a session", res, http.StatusUnauthorized, "no_session")
	wantNoCookie(t, "GET "+MePath+" without a session", res)

	res = c.Post("/auth/authtest/sign-in", map[string]string{"name": person(t, "ada")})
	wantOK(t, "sign-in", res)
	cookie := wantCookieSet(t, "sign-in", res, 0)
	var in authtest.LoginResult
	res.Decode(t, &in)
	wantMe(t, c, in)

	res = c.Post("/auth/sign-out", nil)
	wantOK(t, "sign-out", res)
	wantCookieCleared(t, "sign-out", res)
	wantError(t, "GET "+MePath+" after sign-out", c.Get(MePath), http.StatusUnauthorized, "no_session")

	// The server ended the session: its token, replayed, names none.
	replay := http.Header{"Cookie": {cookieName + "=" + cookie.Value}}
	res = srv.client(t).Do(http.MethodGet, MePath, nil, replay)
	wantError(t, "GET "+MePath+" with the signed-out token", res, http.StatusUnauthorized, "no_session")
	wantCookieCleared(t, "GET "+MePath+" with the signed-out token", res)
}
