package sitetest

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// Organizations walks the organizations page of a running starter: Alice
// creates an organization and invites Bob by email; Carol, signed in with
// an address of her own, opens Bob's link and is refused, which leaves
// the link good; Bob signs up, verifies his address, opens the link,
// signs in and accepts; both see the organization with their role, and
// Alice makes it her active organization, which the header shows. Each
// step is a subtest; it stops at the first that fails.
func Organizations(t *testing.T, srv *Server) {
	base := strings.TrimSuffix(srv.URL, "/")
	stamp := time.Now().UnixNano()
	w := &orgWalk{base: base, mail: &mailbox{out: srv.Console}, stamp: stamp,
		bobEmail: fmt.Sprintf("bob.org.%d@example.com", stamp)}
	for _, s := range []step{
		{"create an organization", w.create},
		{"invite by email", w.invite},
		{"another person cannot accept the invitation", w.someoneElse},
		{"the invited person accepts", w.accept},
		{"switch the active organization", w.switchActive},
	} {
		if !t.Run(s.name, s.run) {
			return
		}
	}
}

type orgWalk struct {
	base, bobEmail string
	stamp          int64
	mail           *mailbox
	alice, bob     *browser
	carol          *browser // signed in with an address of her own
	slug, orgID    string
	invitation     string // the path of the invitation link
}

const orgPassword = "organization walk password"

// signUp signs name up with email on b and verifies the address.
func (w *orgWalk) signUp(t *testing.T, b *browser, name, email string) {
	b.post("/sign-up", url.Values{"name": {name}, "email": {email}, "password": {orgPassword}}).
		want(t, http.StatusOK, "Check your email")
	page := b.get(link(t, w.mail.next(t, "verify-email", email), w.base, "/verify-email"))
	b.post("/verify-email", url.Values{"token": {page.hidden(t, "token")}}).want(t, http.StatusOK, "Your email address is verified.")
}

// person signs up on a new browser, verifies and signs in.
func (w *orgWalk) person(t *testing.T, name, email string) *browser {
	b := newBrowser(t, w.base, "org-walk-"+name)
	w.signUp(t, b, name, email)
	b.post("/sign-in", url.Values{"email": {email}, "password": {orgPassword}}).want(t, http.StatusOK, "You are signed in.")
	return b
}

func (w *orgWalk) create(t *testing.T) {
	w.alice = w.person(t, "Alice", fmt.Sprintf("alice.org.%d@example.com", w.stamp))
	w.alice.get("/organizations").want(t, http.StatusOK, "No organization yet.", `action="/organizations/create"`)
	w.slug = fmt.Sprintf("acme-%d", w.stamp)
	created := w.alice.post("/organizations/create", url.Values{"name": {"Acme <Labs>"}, "slug": {w.slug}})
	created.want(t, http.StatusOK, "The organization is created", "Acme &lt;Labs&gt;", "your role: owner")
	created.wantAt(t, "/organizations?done=organization-created")
	// A slug in use is refused next to the form, which keeps its values.
	w.alice.post("/organizations/create", url.Values{"name": {"Copycat"}, "slug": {w.slug}}).
		want(t, http.StatusConflict, "An organization has this slug", `value="Copycat"`)
	w.orgID = answer{Body: created.item(t, "organization", "Acme &lt;Labs&gt;")}.hidden(t, "organizationId")
}

func (w *orgWalk) invite(t *testing.T) {
	// Alice's organization cannot be reached by guessing: an ID that is
	// not hers is refused as if it did not exist.
	w.alice.post("/organizations/invite", url.Values{"organizationId": {"01a20cbd-5bc7-7f26-8424-000000000000"}, "email": {w.bobEmail}}).
		want(t, http.StatusNotFound)
	// Another site cannot make Alice's browser invite someone.
	w.alice.postFrom("https://attacker.example", "/organizations/invite", url.Values{"organizationId": {w.orgID}, "email": {"mallory@example.com"}}).
		want(t, http.StatusForbidden, "origin is not allowed")
	sent := w.alice.post("/organizations/invite", url.Values{"organizationId": {w.orgID}, "email": {w.bobEmail}})
	sent.want(t, http.StatusOK, "The invitation is sent")
	w.invitation = link(t, w.mail.next(t, "organization-invitation", w.bobEmail), w.base, "/organizations/accept")
}

// someoneElse: Carol, signed in and verified but with another address,
// opens Bob's link and is refused; the refusal does not use the link up.
func (w *orgWalk) someoneElse(t *testing.T) {
	w.carol = w.person(t, "Carol", fmt.Sprintf("carol.org.%d@example.com", w.stamp))
	page := w.carol.get(w.invitation)
	page.want(t, http.StatusOK, `action="/organizations/accept"`)
	w.carol.post("/organizations/accept", url.Values{"token": {page.hidden(t, "token")}}).
		want(t, http.StatusForbidden, "This invitation was sent to an address your account has not verified")
	if strings.Contains(w.carol.get("/organizations").Body, "Acme") {
		t.Fatal("Carol sees the organization she was refused")
	}
	// Nor can Alice, who sent it, accept it for Bob.
	w.alice.post("/organizations/accept", url.Values{"token": {page.hidden(t, "token")}}).
		want(t, http.StatusForbidden, "This invitation was sent to an address")
}

func (w *orgWalk) accept(t *testing.T) {
	w.bob = newBrowser(t, w.base, "org-walk-Bob")
	w.signUp(t, w.bob, "Bob", w.bobEmail)
	// Signed out, the link leads to signing in, and back to it.
	signIn := w.bob.get(w.invitation)
	signIn.want(t, http.StatusOK, `action="/sign-in"`)
	page := w.bob.post("/sign-in", url.Values{"email": {w.bobEmail}, "password": {orgPassword}, "next": {signIn.hidden(t, "next")}})
	page.want(t, http.StatusOK, `action="/organizations/accept"`)
	token := page.hidden(t, "token")
	joined := w.bob.post("/organizations/accept", url.Values{"token": {token}})
	joined.want(t, http.StatusOK, "You joined the organization.", "Acme &lt;Labs&gt;", "your role: member")
	// The link works once.
	w.bob.post("/organizations/accept", url.Values{"token": {token}}).
		want(t, http.StatusBadRequest, "The link or token is invalid or has expired")
	w.alice.get("/organizations").want(t, http.StatusOK, "Acme &lt;Labs&gt;", "your role: owner")
}

func (w *orgWalk) switchActive(t *testing.T) {
	if strings.Contains(w.alice.get("/account").Body, `class="active-organization"`) {
		t.Fatal("the header shows an active organization before Alice chose one")
	}
	// Carol cannot make Alice's organization hers.
	w.carol.post("/organizations/active", url.Values{"organizationId": {w.orgID}}).want(t, http.StatusNotFound)
	switched := w.alice.post("/organizations/active", url.Values{"organizationId": {w.orgID}})
	switched.want(t, http.StatusOK, "Your active organization is changed.", "<strong>(active)</strong>")
	w.alice.get("/account").want(t, http.StatusOK, `Active: <strong>Acme &lt;Labs&gt;</strong>`)
	// It is the session's choice: Bob's header shows none.
	if strings.Contains(w.bob.get("/account").Body, `class="active-organization"`) {
		t.Fatal("Alice's choice of active organization shows in Bob's header")
	}
}
