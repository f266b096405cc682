package exampletest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Journey walks the journey of the package documentation through the
// program served at baseURL, whose email sender is mail. Each step is a
// subtest; the journey stops at the first that fails.
func Journey(t *testing.T, baseURL string, mail *Mailbox) {
	j := &journey{base: strings.TrimSuffix(baseURL, "/"), mail: mail,
		email: fmt.Sprintf("ada.%d@example.com", time.Now().UnixNano())}
	j.browser, j.api = newBrowser(t, j.base), newAPIClient(t, j.base)
	for _, s := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"sign up", j.signUp},
		{"verification page", j.verificationPage},
		{"verify", j.verify},
		{"sign in, cookie mode", j.signInCookie},
		{"sign in, bearer mode", j.signInBearer},
		{"protected route", j.protected},
		{"sign out, cookie mode", j.signOutCookie},
		{"sign out, bearer mode", j.signOutBearer},
	} {
		if !t.Run(s.name, s.run) {
			return
		}
	}
}

type journey struct {
	base, email  string
	mail         *Mailbox
	browser, api *client
	verifyPath   string // the path and query of the verification link
	token        string // its token
}

const (
	password = "correct horse battery"
	name     = "Ada Lovelace"
	// elsewhere is another site's origin, which Sesame's CSRF check refuses.
	elsewhere = "https://attacker.example"
)

func (j *journey) signUp(t *testing.T) {
	var out struct{ Status string }
	res := j.browser.post("/auth/password/sign-up", map[string]string{"email": j.email, "password": password, "name": name}, j.base)
	res.want(t, http.StatusOK, "")
	if res.decode(t, &out); out.Status != "verification_sent" {
		t.Fatalf("sign-up = %s, want status verification_sent", res.body)
	}
	// Until the address is verified, the right password is told so.
	j.browser.post("/auth/password/sign-in", map[string]string{"email": j.email, "password": password}, j.base).
		want(t, http.StatusForbidden, "email_not_verified")
}

// verificationPage opens the emailed link: it lands on the program's own
// page, on the site's origin (not under /auth), which posts the token to
// Sesame's route.
func (j *journey) verificationPage(t *testing.T) {
	link := j.mail.Link(t, j.email, "verify-email")
	if got := link.Scheme + "://" + link.Host + link.Path; got != j.base+"/verify-email" {
		t.Fatalf("the verification link goes to %s, want %s/verify-email", got, j.base)
	}
	j.verifyPath, j.token = link.RequestURI(), link.Query().Get("token")
	page := j.browser.get(j.verifyPath)
	page.want(t, http.StatusOK, "")
	if ct := page.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("GET %s: Content-Type %q, want a page", j.verifyPath, ct)
	}
	if !strings.Contains(string(page.body), `"/auth/email/verify"`) {
		t.Errorf("GET %s: the page does not post to /auth/email/verify\n%s", j.verifyPath, page.body)
	}
	if rp := page.header.Get("Referrer-Policy"); rp != "same-origin" {
		t.Errorf("GET %s: Referrer-Policy %q, want same-origin: the URL holds the token", j.verifyPath, rp)
	}
}

// verify posts the token as the page does, from the site's origin; from
// another site, or from the "null" origin, Sesame refuses it.
func (j *journey) verify(t *testing.T) {
	body := map[string]string{"token": j.token}
	j.browser.post("/auth/email/verify", body, elsewhere).want(t, http.StatusForbidden, "invalid_origin")
	j.browser.post("/auth/email/verify", body, "null").want(t, http.StatusForbidden, "invalid_origin")
	var out struct{ Email string }
	res := j.browser.post("/auth/email/verify", body, j.base)
	res.want(t, http.StatusOK, "")
	if res.decode(t, &out); out.Email != j.email {
		t.Fatalf("verify = %s, want the address %s", res.body, j.email)
	}
	// A link works once.
	j.browser.post("/auth/email/verify", body, j.base).want(t, http.StatusBadRequest, "invalid_token_or_expired")
}

func (j *journey) signInCookie(t *testing.T) {
	res := j.browser.post("/auth/password/sign-in", map[string]string{"email": j.email, "password": password}, j.base)
	res.want(t, http.StatusOK, "")
	var cookie *http.Cookie
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == "sesame_session" {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.Value == "" {
		t.Fatalf("cookie sign-in set no HttpOnly session cookie: %q", res.header["Set-Cookie"])
	}
	if res.header.Get("Auth-Token") != "" {
		t.Errorf("cookie sign-in also answered an Auth-Token header")
	}
}

func (j *journey) signInBearer(t *testing.T) {
	res := j.api.post("/auth/password/sign-in", map[string]string{"email": j.email, "password": password}, "")
	res.want(t, http.StatusOK, "")
	if j.api.token == "" || len(res.header["Set-Cookie"]) > 0 {
		t.Fatalf("bearer sign-in: Auth-Token %q, Set-Cookie %q; want a token and no cookie", j.api.token, res.header["Set-Cookie"])
	}
}

// protected reads the program's own protected route with each session,
// and without one.
func (j *journey) protected(t *testing.T) {
	for _, c := range []*client{j.browser, j.api} {
		var me struct{ ID, Name, Email string }
		res := c.get("/api/me")
		res.want(t, http.StatusOK, "")
		if res.decode(t, &me); me.ID == "" || me.Name != name || me.Email != j.email {
			t.Fatalf("GET /api/me (bearer %v) = %s, want the user %s <%s>", c.bearer, res.body, name, j.email)
		}
	}
	newBrowser(t, j.base).get("/api/me").want(t, http.StatusUnauthorized, "no_session")
}

func (j *journey) signOutCookie(t *testing.T) {
	// A form of another site would post with the browser's cookie.
	j.browser.post("/auth/sign-out", nil, elsewhere).want(t, http.StatusForbidden, "invalid_origin")
	j.browser.get("/api/me").want(t, http.StatusOK, "")
	j.browser.post("/auth/sign-out", nil, j.base).want(t, http.StatusOK, "")
	j.browser.get("/api/me").want(t, http.StatusUnauthorized, "no_session")
}

func (j *journey) signOutBearer(t *testing.T) {
	j.api.post("/auth/sign-out", nil, "").want(t, http.StatusOK, "")
	j.api.get("/api/me").want(t, http.StatusUnauthorized, "no_session")
}
