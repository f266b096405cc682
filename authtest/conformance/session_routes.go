package conformance

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// sessionRoutes lists a user's sessions on three devices, revokes one,
// then the others, then signs out.
func sessionRoutes(t *testing.T, e *authtest.Engine, target Target) {
	clock := authtest.NewClock(start)
	srv := serve(t, target, newAuth(t, e, target, auth.WithClock(clock.Now)))
	browser, phone, laptop := srv.client(t), srv.client(t), srv.client(t)
	name := person(t, "ada")
	onBrowser := signIn(t, browser, name)
	clock.Advance(time.Second)
	onPhone := signIn(t, phone, name)
	clock.Advance(time.Second)
	onLaptop := signIn(t, laptop, name)

	list := listSessions(t, browser)
	if got, want := sessionIDs(list), []string{onLaptop.Session.ID, onPhone.Session.ID, onBrowser.Session.ID}; !slices.Equal(got, want) {
		t.Fatalf("GET /auth/sessions = %v, want %v (newest first)", got, want)
	}
	for _, s := range list.Sessions {
		if s.Current != (s.ID == onBrowser.Session.ID) {
			t.Errorf("session %s: current = %v, want it set on the caller's session only", s.ID, s.Current)
		}
	}

	wantError(t, "revoke of an unknown session", browser.Post("/auth/sessions/revoke", map[string]string{"id": "nope"}),
		http.StatusNotFound, "session_not_found")
	res := browser.Post("/auth/sessions/revoke", map[string]string{"id": onPhone.Session.ID})
	wantOK(t, "revoke of the phone's session", res)
	wantNoCookie(t, "revoke of another session", res)
	wantError(t, "the revoked phone's session", phone.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	wantError(t, "the revoked phone's "+MePath, phone.Get(MePath), http.StatusUnauthorized, "no_session")
	wantMe(t, laptop, onLaptop)

	res = browser.Post("/auth/sessions/revoke-others", nil)
	wantOK(t, "revoke-others", res)
	var revoked auth.Revoked
	res.Decode(t, &revoked)
	if revoked.Revoked != 1 {
		t.Errorf("revoke-others = %s, want 1 revoked", res.Body)
	}
	wantError(t, "the laptop's "+MePath+" after revoke-others", laptop.Get(MePath), http.StatusUnauthorized, "no_session")
	wantMe(t, browser, onBrowser)
	if got, want := sessionIDs(listSessions(t, browser)), []string{onBrowser.Session.ID}; !slices.Equal(got, want) {
		t.Errorf("GET /auth/sessions after revoke-others = %v, want %v", got, want)
	}

	res = browser.Post("/auth/sign-out", nil)
	wantOK(t, "sign-out", res)
	wantCookieCleared(t, "sign-out", res)
	wantError(t, "GET /auth/session after sign-out", browser.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	wantError(t, "GET "+MePath+" after sign-out", browser.Get(MePath), http.StatusUnauthorized, "no_session")
}

// revokeOwnSession revokes the caller's own session by its ID: the
// session ends and its cookie is cleared, and the user's other session
// lives on.
func revokeOwnSession(t *testing.T, e *authtest.Engine, target Target) {
	srv := serve(t, target, newAuth(t, e, target))
	c, other := srv.client(t), srv.client(t)
	name := person(t, "ada")
	in := signIn(t, c, name)
	onOther := signIn(t, other, name)

	res := c.Post("/auth/sessions/revoke", map[string]string{"id": in.Session.ID})
	wantOK(t, "revoke of the caller's session", res)
	wantCookieCleared(t, "revoke of the caller's session", res)
	wantError(t, "GET /auth/session after revoking it", c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	if got, want := sessionIDs(listSessions(t, other)), []string{onOther.Session.ID}; !slices.Equal(got, want) {
		t.Errorf("GET /auth/sessions on the other device = %v, want %v", got, want)
	}
}

// listSessions returns the caller's sessions.
func listSessions(tb testing.TB, c *client) auth.SessionList {
	tb.Helper()
	res := c.Get("/auth/sessions")
	wantOK(tb, "GET /auth/sessions", res)
	var list auth.SessionList
	res.Decode(tb, &list)
	return list
}

// sessionIDs returns the IDs of a list's sessions, in order.
func sessionIDs(l auth.SessionList) []string {
	ids := make([]string, len(l.Sessions))
	for i, s := range l.Sessions {
		ids[i] = s.ID
	}
	return ids
}
