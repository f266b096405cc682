package sitetest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Admin walks the admin area of a running starter: a person made an
// administrator with the starter's -make-admin command finds another
// person, acts as them and stops, signs them out everywhere, bans them
// (their next request is signed out, and signing in is refused) and lifts
// the ban; a person who is not an administrator is refused every page
// and form of it. Each step is a subtest; it stops at the first that fails.
func Admin(t *testing.T, srv *Server) {
	base := strings.TrimSuffix(srv.URL, "/")
	stamp := time.Now().UnixNano()
	w := &adminWalk{srv: srv, base: base, mail: &mailbox{out: srv.Console},
		rootEmail: fmt.Sprintf("root.%d@example.com", stamp), userEmail: fmt.Sprintf("bob.%d@example.com", stamp)}
	for _, s := range []step{
		{"two people sign up", w.signUp},
		{"not yet an administrator", w.notAdmin},
		{"make an administrator", w.makeAdmin},
		{"find a person", w.find},
		{"act as them and stop", w.impersonate},
		{"sign them out everywhere", w.revoke},
		{"ban and lift the ban", w.ban},
	} {
		if !t.Run(s.name, s.run) {
			return
		}
	}
}

type adminWalk struct {
	srv                  *Server
	base                 string
	mail                 *mailbox
	rootEmail, userEmail string
	root, user           *browser
	userID               string
}

const adminPassword = "admin walk password"

// person signs up with email, verifies it and signs in on a new browser.
func (w *adminWalk) person(t *testing.T, name, email string) *browser {
	b := newBrowser(t, w.base, "admin-walk-"+name)
	b.post("/sign-up", url.Values{"name": {name}, "email": {email}, "password": {adminPassword}}).
		want(t, http.StatusOK, "Check your email")
	page := b.get(link(t, w.mail.next(t, "verify-email", email), w.base, "/verify-email"))
	b.post("/verify-email", url.Values{"token": {page.hidden(t, "token")}}).want(t, http.StatusOK, "Your email address is verified.")
	w.signIn(t, b, email)
	return b
}

func (w *adminWalk) signIn(t *testing.T, b *browser, email string) {
	b.post("/sign-in", url.Values{"email": {email}, "password": {adminPassword}}).want(t, http.StatusOK, "You are signed in.")
}

func (w *adminWalk) signUp(t *testing.T) {
	w.root = w.person(t, "Root", w.rootEmail)
	w.user = w.person(t, "Bob", w.userEmail)
}

// notAdmin: before the command, the admin area refuses both, and the
// command refuses an address no one has verified.
func (w *adminWalk) notAdmin(t *testing.T) {
	w.root.get("/admin").want(t, http.StatusForbidden, "This page is for administrators.")
	if strings.Contains(w.root.get("/account").Body, `href="/admin"`) {
		t.Fatal("the header links a person who is no administrator to the admin area")
	}
	out, err := w.srv.Command(context.Background(), "-make-admin", "nobody@example.com")
	if err == nil || !strings.Contains(err.Error(), "no one has verified the address nobody@example.com") {
		t.Fatalf("-make-admin of an unknown address = %v, want a refusal naming it\n%s", err, out)
	}
}

func (w *adminWalk) makeAdmin(t *testing.T) {
	out, err := w.srv.Command(context.Background(), "-make-admin", w.rootEmail)
	if err != nil || !strings.Contains(out, w.rootEmail+" is an administrator") {
		t.Fatalf("-make-admin = %v\n%s", err, out)
	}
	// The same session sees the role at its next request.
	w.root.get("/account").want(t, http.StatusOK, `href="/admin"`)
	w.root.get("/admin").want(t, http.StatusOK, "Find", w.rootEmail, w.userEmail)
}

// personID returns the ID in the link of the admin area's list to name's page.
func personID(t *testing.T, list answer, name string) string {
	t.Helper()
	m := regexp.MustCompile(`href="/admin/user\?id=([^"]+)">` + name + `</a>`).FindStringSubmatch(list.Body)
	if m == nil {
		t.Fatalf("the list links to no page of %s\n%s", name, list.Body)
	}
	return m[1]
}

func (w *adminWalk) find(t *testing.T) {
	found := w.root.get("/admin?" + url.Values{"query": {strings.ToUpper(w.userEmail[:8])}, "by": {"identifier"}}.Encode())
	found.want(t, http.StatusOK, w.userEmail)
	if strings.Contains(found.Body, ">Root</a>") {
		t.Fatalf("a search for Bob's address lists Root too\n%s", found.Body)
	}
	w.userID = personID(t, found, "Bob")
	page := w.root.get("/admin/user?id=" + w.userID)
	page.want(t, http.StatusOK, w.userEmail, "verified", "admin-walk-Bob", "active")
	w.root.get("/admin/user?id=no-such-person").want(t, http.StatusNotFound, "There is no such person.")
	// Bob is refused every page and form of the admin area.
	w.user.get("/admin").want(t, http.StatusForbidden, "This page is for administrators.")
	w.user.get("/admin/user?id="+w.userID).want(t, http.StatusForbidden, "This page is for administrators.")
	for _, path := range []string{"/admin/ban", "/admin/revoke-sessions", "/admin/impersonate"} {
		w.user.post(path, url.Values{"userId": {w.userID}}).want(t, http.StatusForbidden, "This page is for administrators.")
	}
}

func (w *adminWalk) impersonate(t *testing.T) {
	acting := w.root.post("/admin/impersonate", url.Values{"userId": {w.userID}})
	acting.want(t, http.StatusOK, "You are acting as "+w.userEmail, "You are acting as this person")
	acting.wantAt(t, "/account?done=impersonating")
	// Bob sees the administrator's session in his list.
	if li := w.user.get("/account").item(t, "session", "admin-walk-Root"); li == "" {
		t.Fatal("Bob's account page does not list the administrator's session")
	}
	// Acting as Bob cannot change how one gets into his account.
	w.root.post("/account/password", url.Values{"currentPassword": {adminPassword}, "newPassword": {"taken over by root"}}).
		want(t, http.StatusForbidden, "cannot be done while impersonating")
	stopped := w.root.post("/admin/stop-impersonating", nil)
	stopped.want(t, http.StatusOK, "You stopped acting as that person")
	if strings.Contains(w.user.get("/account").Body, "admin-walk-Root") {
		t.Fatal("the impersonation session outlived its stop")
	}
	w.signIn(t, w.root, w.rootEmail)
}

func (w *adminWalk) revoke(t *testing.T) {
	w.root.post("/admin/revoke-sessions", url.Values{"userId": {w.userID}}).
		want(t, http.StatusOK, "Every session of the person is signed out.", "No session.")
	w.user.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
	w.signIn(t, w.user, w.userEmail)
}

func (w *adminWalk) ban(t *testing.T) {
	w.root.post("/admin/ban", url.Values{"userId": {w.userID}, "days": {"many"}}).
		want(t, http.StatusBadRequest, "Days: a number of days")
	banned := w.root.post("/admin/ban", url.Values{"userId": {w.userID}, "reason": {"spam <b>links</b>"}, "days": {"7"}})
	banned.want(t, http.StatusOK, "The person is banned", "banned (spam &lt;b&gt;links&lt;/b&gt;) until")
	w.user.get("/account").wantAt(t, "/sign-in?next=%2Faccount")
	w.user.post("/sign-in", url.Values{"email": {w.userEmail}, "password": {adminPassword}}).
		want(t, http.StatusForbidden, "This account is banned")
	// An administrator cannot ban themselves out of the area.
	rootID := personID(t, w.root.get("/admin"), "Root")
	w.root.post("/admin/ban", url.Values{"userId": {rootID}}).want(t, http.StatusBadRequest, "You cannot do this to your own account")
	w.root.post("/admin/unban", url.Values{"userId": {w.userID}}).want(t, http.StatusOK, "The ban is lifted", "active")
	w.signIn(t, w.user, w.userEmail)
}
