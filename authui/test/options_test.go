package test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestPrefix serves the pages under /me with the email plugin's links
// pointed there: every form, link and redirect stays under the prefix,
// and a sign-in goes on to AfterSignIn.
func TestPrefix(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, func(mail *authtest.Mailbox, base string) []auth.Plugin {
		return []auth.Plugin{email.New(email.WithSender(mail), email.WithLinkBase(base+"/me")), password.New(fastHasher(t))}
	}, nil, authui.Prefix("/me/"), authui.AfterSignIn("/dashboard"), authui.AppName("Acme"))
	b := s.browser(t)
	p := b.get("/me/sign-in")
	want(t, "prefixed page", p, `action="/me/sign-in"`, `href="/me/authui.css"`, `href="/me/forgot-password"`, "Sign in · Acme")
	if got := b.get("/sign-in"); got.Status != http.StatusNotFound {
		t.Errorf("GET /sign-in outside the prefix = %d", got.Status)
	}
	b.submit("/me/sign-up", "/me/sign-up", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "password": {"a good password"}})
	link := s.link(t, "ada@example.com", email.PurposeVerify)
	if !strings.HasPrefix(link, "/me/verify-email?token=") {
		t.Fatalf("the verification link opens %s", link)
	}
	_, next := b.submit(link, "/me/verify-email", nil)
	want(t, "verified", next, "Your email address is verified.")
	post, _ := b.submit("/me/sign-in", "/me/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"a good password"}})
	if post.Location != "/dashboard" {
		t.Errorf("sign-in went to %q, want AfterSignIn's /dashboard", post.Location)
	}
	if p := b.get("/me/account"); p.Status != http.StatusOK {
		t.Errorf("GET /me/account = %d", p.Status)
	}
}

// TestOptionsChecked: options that would send a browser elsewhere fail
// Handler, each named.
func TestOptionsChecked(t *testing.T) {
	a := instance(t)
	_, err := authui.Handler(a, authui.AfterSignIn("https://evil.example/"), authui.Prefix("me"), authui.Languages())
	if err == nil {
		t.Fatal("Handler accepted an AfterSignIn of another site, a prefix that is no path and no language")
	}
	for _, want := range []string{`AfterSignIn("https://evil.example/")`, `Prefix("me")`, "no language offered"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Handler's error lacks %q:\n%v", want, err)
		}
	}
}
