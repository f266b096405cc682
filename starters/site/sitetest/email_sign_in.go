package sitetest

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"
)

// Signing in without a password, from the sign-in page, as Grace. A link
// or a code is one factor like a password: her authenticator app is asked
// for after it too (else whoever reads her mail would skip it).

// magicLink signs Grace in with a mailed link, opened through the page
// that shows a button, passes the second step with a recovery code, and
// removes her authenticator app from the fresh session it makes.
func (j *journey) magicLink(t *testing.T) {
	g := j.grace
	sent := g.web.post("/sign-in/link", url.Values{"email": {g.email}, "next": {"/account"}})
	sent.want(t, http.StatusOK, "we sent it a link that signs you in")
	// An address of nobody answers alike, and gets nothing.
	g.web.post("/sign-in/link", url.Values{"email": {"nobody.at.all@example.com"}}).
		want(t, http.StatusOK, "we sent it a link that signs you in")
	path := link(t, j.mail.next(t, "magic-link", g.email), j.base, "/magic-link")
	page := g.web.get(path)
	page.want(t, http.StatusOK, `<button type="submit">Sign in</button>`)
	pending := g.web.post("/magic-link", url.Values{"token": {page.hidden(t, "token")}})
	pending.want(t, http.StatusOK, "Two-step verification")
	signedIn := g.web.post("/two-factor", url.Values{"method": {"recovery"}, "code": {g.codes[0]}, "next": {"/account"}})
	signedIn.want(t, http.StatusOK, "Signed in as <strong>Grace</strong>")
	signedIn.wantAt(t, "/account")
	if li := signedIn.item(t, "session", "journey-grace"); !regexp.MustCompile(`signed in with magiclink`).MatchString(li) {
		t.Fatalf("the session made by the link is not listed as such: %s", li)
	}
	id := answer{Body: signedIn.item(t, "factor", "Phone")}.hidden(t, "id")
	removed := g.web.post("/account/two-factor/remove", url.Values{"id": {id}})
	removed.want(t, http.StatusOK, "The authenticator app is removed", "Off: set up an authenticator app")
	// A used link works no more.
	g.web.post("/magic-link", url.Values{"token": {page.hidden(t, "token")}}).
		want(t, http.StatusBadRequest, "This link was used already or has expired")
}

var mailedCode = regexp.MustCompile(`enter this code in the window where you asked for it:\n\n(\d+)\n`)

// emailCode signs Grace in with a mailed code typed on the page, then with
// the mailed link opened on another device, which signs in this browser
// at its next check.
func (j *journey) emailCode(t *testing.T) {
	g := j.grace
	g.web.post("/sign-out", nil).want(t, http.StatusOK, "You are signed out.")
	start := g.web.post("/sign-in/code/start", url.Values{"email": {g.email}})
	start.want(t, http.StatusOK, "Type the code here")
	start.wantAt(t, "/sign-in/code")
	msg := j.mail.next(t, "email-challenge", g.email)
	m := mailedCode.FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("no code in the message:\n%s", msg)
	}
	g.web.post("/sign-in/code", url.Values{"code": {"not-it"}}).want(t, http.StatusBadRequest, "Type the code here")
	signedIn := g.web.post("/sign-in/code", url.Values{"code": {m[1]}})
	signedIn.want(t, http.StatusOK, "You are signed in.", "Signed in as <strong>Grace</strong>")
	signedIn.wantAt(t, "/account?done=signed-in")

	// The link, opened on a phone, signs in the browser that asked.
	g.web.post("/sign-out", nil).want(t, http.StatusOK, "You are signed out.")
	g.web.post("/sign-in/code/start", url.Values{"email": {g.email}, "next": {"/courses?q=cs"}}).want(t, http.StatusOK, "Type the code here")
	g.web.post("/sign-in/code", url.Values{"check": {"1"}}).want(t, http.StatusOK, "Not yet: open the link")
	phone := newBrowser(t, j.base, "journey-grace-phone")
	page := phone.get(link(t, j.mail.next(t, "email-challenge", g.email), j.base, "/email-challenge"))
	phone.post("/email-challenge", url.Values{"token": {page.hidden(t, "token")}}).
		want(t, http.StatusOK, "return to the window where you asked to sign in")
	phone.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
	back := g.web.post("/sign-in/code", url.Values{"check": {"1"}})
	back.want(t, http.StatusOK, "CS 161")
	back.wantAt(t, "/courses?q=cs")
	// The attempt is over: its cookie is gone.
	g.web.post("/sign-in/code", url.Values{"check": {"1"}}).want(t, http.StatusBadRequest, "start again")
}
