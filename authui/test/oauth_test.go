package test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// oauthSite is a site with the password and oauth plugins, the latter
// with a provider "test" in the test process and GitHub's preset, and
// the JSON routes mounted beside the pages (the oauth routes at /oauth/).
func oauthSite(t *testing.T, e *authtest.Engine, opts ...authui.Option) (*site, **oauthtest.Provider) {
	t.Helper()
	var op *oauthtest.Provider
	s := newSiteMounted(t, e, e.DB, func(mail *authtest.Mailbox, base string) []auth.Plugin {
		op = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(base+"/oauth/test/callback"),
			oauthtest.WithClock(func() time.Time { return start }))
		oa := oauth.New([]*oauth.Provider{
			oauth.OIDC("test", op.Issuer(), op.ClientID, auth.NewSecret(op.ClientSecret)),
			oauth.GitHub("id", auth.NewSecret("secret")),
		}, oauth.WithHTTPClient(op.Client()), oauth.WithSuccessURL("/account"), oauth.WithErrorURL("/sign-in"))
		return append(passwordPlugins(t)(mail, base), oa)
	}, nil, func(a *auth.Auth, pages http.Handler) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/oauth/", authhttp.Handler(a))
		mux.Handle("/", pages)
		return mux
	}, opts...)
	return s, &op
}

// follow fetches a URL and follows every redirect, to this site or the
// provider, as a browser does: it returns the last answer and the URLs
// on the way.
func (b *browser) follow(target string) (page, []string) {
	b.t.Helper()
	p, hops := b.get(target), []string{target}
	for i := 0; (p.Status == http.StatusFound || p.Status == http.StatusSeeOther) && i < 10; i++ {
		next := p.Location
		if strings.HasPrefix(next, "/") {
			next = b.s.base + next
		}
		hops = append(hops, next)
		p = b.get(next)
	}
	return p, hops
}

// TestOAuthButtons: the oauth plugin's providers show as "Continue with"
// links on the sign-in page, in the page's language; following one goes
// through the provider and back signed in, with the pages' form-action
// policy untouched, since the way to the provider is a link's navigation.
func TestOAuthButtons(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := oauthSite(t, e)
		(*op).AddUser(oauthtest.User{Subject: "1001", Email: "grace@example.com", EmailVerified: true, Name: "Grace"})
		(*op).LogInAs("1001")
		b := s.browser(t)
		signIn := b.get("/sign-in")
		want(t, "buttons", signIn, `<a class="button" href="/oauth/test/start">Continue with test</a>`,
			`<a class="button" href="/oauth/github/start">Continue with GitHub</a>`)
		if csp := signIn.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self';") {
			t.Fatalf("the sign-in page's policy is %q, want form-action 'self'", csp)
		}
		b.lang = "de"
		want(t, "German buttons", b.get("/sign-in"), "Weiter mit GitHub")
		b.lang = ""

		last, hops := b.follow(s.base + "/oauth/test/start")
		if len(hops) < 4 || !strings.HasPrefix(hops[1], (*op).Issuer()) {
			t.Fatalf("the button's way = %v, want through the provider", hops)
		}
		want(t, "signed in through the provider", last, "Your account", "grace@example.com")
	})
}

// TestBrowserOAuthButton clicks the provider's button in headless
// Chromium, scripts off: the browser goes to the provider and comes back
// signed in. A form's redirect to another origin would be stopped by the
// pages' form-action 'self'; the button is a link, so nothing is.
func TestBrowserOAuthButton(t *testing.T) {
	exe := authtest.Chromium(t)
	axe := axeSource(t)
	s, op := oauthSite(t, authtest.SQLiteEngine(t))
	(*op).AddUser(oauthtest.User{Subject: "1001", Email: "grace@example.com", EmailVerified: true, Name: "Grace"})
	(*op).LogInAs("1001")
	tb := newTab(t, exe, s, false, axe)
	tb.open("/sign-in", "sign-in")
	tb.check("sign-in-oauth")
	tb.press(`main a.button[href="/oauth/test/start"]`, `main[data-page="account"]`)
}
