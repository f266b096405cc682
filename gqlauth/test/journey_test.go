package test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
)

const session = `{ coreSession { user { id primaryEmail } session { id } } }`

// TestJourney goes through sign-up, verification with the token from the
// capturing sender, sign-in in cookie mode and in bearer mode, the
// session, and sign-out, all over GraphQL, on every engine: the session
// cookie and the Auth-Token header reach the GraphQL request's answer as
// the routes give them.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		const addr, pw = "ada@example.com", "correct horse battery"
		b := f.browser()

		// Before verification the password does not sign in.
		r := b.do(`mutation { passwordSignUp(input: {email: "ada@example.com", password: "correct horse battery"}) { status } }`, nil)
		var up struct{ Status string }
		r.field(t, "passwordSignUp", &up)
		r = b.do(signIn, map[string]any{"e": addr, "p": pw})
		if got := r.code(t); got != "email_not_verified" {
			t.Fatalf("passwordSignIn before verifying = %q, want email_not_verified", got)
		}
		if st, _ := r.Errors[0].Extensions["status"].(float64); st < 400 {
			t.Errorf("the error's extensions.status = %v, want the HTTP status of its code", r.Errors[0].Extensions["status"])
		}
		token := f.mail.Token(t, addr, email.PurposeVerify)
		r = b.do(`mutation($t: String) { emailVerify(input: {token: $t}) { email } }`, map[string]any{"t": token})
		var v struct{ Email string }
		r.field(t, "emailVerify", &v)

		// Cookie mode: the answer sets the session cookie, which carries
		// the next requests.
		r = b.do(signIn, map[string]any{"e": addr, "p": pw})
		var in signedIn
		r.field(t, "passwordSignIn", &in)
		if !setsCookie(r.header, authhttp.CookieName(f.a)) {
			t.Fatalf("passwordSignIn in cookie mode set no %s cookie: %v", authhttp.CookieName(f.a), r.header.Values("Set-Cookie"))
		}
		if r.header.Get(authhttp.HeaderToken) != "" {
			t.Error("passwordSignIn in cookie mode sent the token in a header too")
		}
		var cur struct {
			User    struct{ ID, PrimaryEmail string }
			Session struct{ ID string }
		}
		b.do(session, nil).field(t, "coreSession", &cur)
		if cur.User.ID != in.User.ID || cur.Session.ID != in.Session.ID || cur.User.PrimaryEmail != addr {
			t.Fatalf("coreSession = %+v, want the session %s of %s", cur, in.Session.ID, in.User.ID)
		}
		var me string
		b.do(`{ me }`, nil).field(t, "me", &me)
		if me != in.User.ID {
			t.Errorf("me = %q, want %q", me, in.User.ID)
		}

		// Bearer mode: the token comes in the Auth-Token header, no cookie.
		app := f.app()
		r = app.do(signIn, map[string]any{"e": addr, "p": pw})
		var bin signedIn
		r.field(t, "passwordSignIn", &bin)
		app.token = r.header.Get(authhttp.HeaderToken)
		if app.token == "" || setsCookie(r.header, authhttp.CookieName(f.a)) {
			t.Fatalf("passwordSignIn in bearer mode: token %q, cookies %v; want the token and no cookie", app.token, r.header.Values("Set-Cookie"))
		}
		app.do(session, nil).field(t, "coreSession", &cur)
		if cur.Session.ID != bin.Session.ID || cur.Session.ID == in.Session.ID {
			t.Fatalf("coreSession in bearer mode = %s, want the bearer session %s", cur.Session.ID, bin.Session.ID)
		}

		// Sign-out in cookie mode clears the cookie and ends the session;
		// the bearer session lives on until its own sign-out.
		r = b.do(`mutation { coreSignOut }`, nil)
		var out bool
		r.field(t, "coreSignOut", &out)
		if !out || !clearsCookie(r.header, authhttp.CookieName(f.a)) {
			t.Fatalf("coreSignOut = %v, cookies %v; want true and the cookie cleared", out, r.header.Values("Set-Cookie"))
		}
		if got := b.do(session, nil).code(t); got != "no_session" {
			t.Errorf("coreSession after sign-out = %q, want no_session", got)
		}
		app.do(session, nil).field(t, "coreSession", &cur)
		app.do(`mutation { coreSignOut }`, nil).field(t, "coreSignOut", &out)
		if got := app.do(session, nil).code(t); got != "no_session" && got != "invalid_token" {
			t.Errorf("coreSession with the signed-out bearer token = %q, want no_session or invalid_token", got)
		}
	})
}

// setsCookie reports whether h sets the cookie name to a value.
func setsCookie(h http.Header, name string) bool {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name && c.Value != "" && c.MaxAge >= 0 {
			return true
		}
	}
	return false
}

// clearsCookie reports whether h deletes the cookie name.
func clearsCookie(h http.Header, name string) bool {
	for _, v := range h.Values("Set-Cookie") {
		if strings.HasPrefix(v, name+"=;") && strings.Contains(v, "Max-Age=0") {
			return true
		}
	}
	return false
}
