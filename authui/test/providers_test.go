package test

import (
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

const providers = "/account/providers"

// providerSite is a site with the email, password and oauth plugins, the
// latter with a provider "test" in the test process and GitHub's preset,
// its callback failures sent to the providers page as the docs advise,
// and its JSON routes mounted beside the pages. Ada (ada@example.com)
// has a verified account; the provider knows Grace (1001) and Ada's
// account there (2002).
func providerSite(t testing.TB, e *authtest.Engine, m mount, sv serve, opts ...authui.Option) (*site, *oauthtest.Provider) {
	t.Helper()
	return providerSiteOn(t, e, e.DB, m, sv, opts...)
}

// providerSiteOn is providerSite on another pool of e's database.
func providerSiteOn(t testing.TB, e *authtest.Engine, pool *sql.DB, m mount, sv serve, opts ...authui.Option) (*site, *oauthtest.Provider) {
	t.Helper()
	return settingsSite(t, e, pool, m, sv, nil, "ada@example.com", opts...)
}

// settingsSite is providerSiteOn with the phone plugin too when sms is
// set, its texts going there, and the account of who instead of Ada's.
func settingsSite(t testing.TB, e *authtest.Engine, pool *sql.DB, m mount, sv serve, sms *authtest.TextBox, who string, opts ...authui.Option) (*site, *oauthtest.Provider) {
	t.Helper()
	var op *oauthtest.Provider
	if m == nil && sv == nil {
		m = func(a *auth.Auth, pages http.Handler) http.Handler {
			mux := http.NewServeMux()
			mux.Handle("/oauth/", authhttp.Handler(a))
			mux.Handle("/", pages)
			return mux
		}
	}
	s := newSiteServed(t, e, pool, func(mail *authtest.Mailbox, base string) []auth.Plugin {
		op = oauthtest.NewProvider(t, oauthtest.WithRedirectURI(base+"/oauth/test/callback", base+"/auth/oauth/test/callback"),
			oauthtest.WithClock(func() time.Time { return start }))
		oa := oauth.New([]*oauth.Provider{
			oauth.OIDC("test", op.Issuer(), op.ClientID, auth.NewSecret(op.ClientSecret)),
			oauth.GitHub("id", auth.NewSecret("secret")),
		}, oauth.WithHTTPClient(op.Client()), oauth.WithSuccessURL("/account"), oauth.WithErrorURL(providers))
		plugins := append(passwordPlugins(t)(mail, base), oa)
		if sms != nil {
			plugins = append(plugins, phone.New(phone.WithSender(sms)))
		}
		return plugins
	}, nil, m, sv, opts...)
	op.AddUser(oauthtest.User{Subject: "1001", Email: "grace@example.com", EmailVerified: true, Name: "Grace"})
	op.AddUser(oauthtest.User{Subject: "2002", Email: "ada@work.example", EmailVerified: true, Name: "Ada"})
	s.signedUp(t, s.browser(t), who, "correct horse battery")
	return s, op
}

// linkTo posts the link form of a provider and follows the way to the
// provider and back: it returns the continue page and the page the
// browser ends on.
func (b *browser) linkTo(provider string) (onward, last page) {
	b.t.Helper()
	post, onward := b.submit(providers, providers+"/link", url.Values{"provider": {provider}})
	if post.Location != providers+"/continue" {
		return post, b.open(post.Location)
	}
	refresh := onward.Header.Get("Refresh")
	target, ok := strings.CutPrefix(refresh, "0; url=")
	if !ok {
		b.t.Fatalf("the continue page's Refresh = %q:\n%s", refresh, onward.Body)
	}
	last, _ = b.follow(target)
	return onward, last
}

// TestProvidersJourney links the test provider from the providers page
// and unlinks it, on every engine: the form goes to this site's continue
// page, which sends the browser on to the provider (a Refresh header and
// a link, no script); the callback comes back to the page with a notice.
func TestProvidersJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		want(t, "account nav", b.get("/account"), `<a href="/account/providers">Linked accounts</a>`)
		want(t, "nothing linked", b.get(providers), "No account of another service is linked yet.", "Link test", "Link GitHub")
		op.LogInAs("2002")
		onward, last := b.linkTo("test")
		want(t, "continue page", onward, `<a class="button" href="`+op.Issuer(), "Continue to test")
		if csp := onward.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self';") {
			t.Fatalf("the continue page's policy = %q", csp)
		}
		if again := b.get(providers + "/continue"); again.Status != http.StatusSeeOther || again.Header.Get("Refresh") != "" {
			t.Fatalf("the continue page a second time = %d, Refresh %q: want back to the providers", again.Status, again.Header.Get("Refresh"))
		}
		want(t, "linked", last, "The account is linked", "ada@work.example", `aria-label="Unlink your test account"`)
		if strings.Contains(last.Body, "Link test") {
			t.Fatal("a linked provider is offered for linking again")
		}
		_, next := b.submit(providers, providers+"/unlink", url.Values{"provider": {"test"}})
		want(t, "unlinked", next, "The account is unlinked.", "Link test")
		_, next = b.send(providers, providers+"/unlink", url.Values{"provider": {"test"}})
		want(t, "unlinked twice", next, "No account of this provider is linked.")
	})
}

// TestProviderLinkedToAnother: Ada links the provider account that
// Grace signs in with. The plugin refuses it at the callback; the
// providers page shows why, and the account stays Grace's alone, as it
// does when Ada then posts its unlink.
func TestProviderLinkedToAnother(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		op.LogInAs("1001")
		grace := s.browser(t)
		if last, _ := grace.follow(s.base + "/oauth/test/start"); !strings.Contains(last.Body, "grace@example.com") {
			t.Fatalf("Grace's sign-in with the provider led to:\n%s", last.Body)
		}
		ada := s.signedInAs(t, "ada@example.com", "correct horse battery")
		_, last := ada.linkTo("test")
		want(t, "taken", last, "This account of the provider is linked to another person here", "No account of another service is linked yet.")
		// Ada's unlink of the provider names no account of hers: Grace's
		// stays.
		_, next := ada.send(providers, providers+"/unlink", url.Values{"provider": {"test"}})
		want(t, "Ada unlinks", next, "No account of this provider is linked.")
		want(t, "Grace keeps it", grace.get(providers), "grace@example.com", `aria-label="Unlink your test account"`)
	})
}

// TestProviderUnlinkLastWayIn: Grace signed up with the provider, which
// gave no address: unlinking it would leave no way in, so the plugin's
// refusal shows and the account stays linked.
func TestProviderUnlinkLastWayIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		op.AddUser(oauthtest.User{Subject: "3003", Name: "Noemail"})
		op.LogInAs("3003")
		b := s.browser(t)
		b.follow(s.base + "/oauth/test/start")
		_, next := b.submit(providers, providers+"/unlink", url.Values{"provider": {"test"}})
		want(t, "last way in", next, "This is your only way to sign in", `aria-label="Unlink your test account"`)
	})
}

// TestProvidersNeedAFreshSession: a stale session is told before it
// tries, and its link and unlink are refused with the way to sign in
// again: the link form does not go on to the provider.
func TestProvidersNeedAFreshSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		op.LogInAs("2002")
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		b.linkTo("test")
		s.clock.Advance(s.a.Sessions().FreshAge + time.Second)
		again := `<a href="/sign-in?next=%2Faccount%2Fproviders">Sign in again, then come back here</a>`
		want(t, "stale", b.get(providers), "For your security", again)
		post, next := b.submit(providers, providers+"/link", url.Values{"provider": {"github"}})
		if post.Location != providers {
			t.Fatalf("a stale link went to %q, want back to the page", post.Location)
		}
		want(t, "stale link", next, "Sign in again to do this.", again)
		_, next = b.submit(providers, providers+"/unlink", url.Values{"provider": {"test"}})
		want(t, "stale unlink", next, "Sign in again to do this.", `aria-label="Unlink your test account"`)
	})
}

// TestProviderFormsRefused: the link and unlink forms from another site
// (403) or without the form token change nothing; a provider that is
// not configured is refused; the continue page follows no address but a
// web page's, whatever its cookie says.
func TestProviderFormsRefused(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		op.LogInAs("2002")
		b := s.signedInAs(t, "ada@example.com", "correct horse battery")
		b.linkTo("test")
		tok := token(t, b.get(providers).Body)
		for _, action := range []string{"/link", "/unlink"} {
			form := url.Values{"provider": {"test"}, "csrf": {tok}}
			if p := b.postRaw("https://evil.example", providers+action, form); p.Status != http.StatusForbidden {
				t.Fatalf("POST %s from another site = %d", action, p.Status)
			}
			form.Del("csrf")
			if p := b.postRaw(s.base, providers+action, form); p.Location != providers {
				t.Fatalf("POST %s without the token = %d %q", action, p.Status, p.Location)
			}
		}
		want(t, "still linked", b.get(providers), `aria-label="Unlink your test account"`)
		_, next := b.send(providers, providers+"/link", url.Values{"provider": {"nowhere"}})
		want(t, "unknown provider", next, "There is no such provider.")

		u, _ := url.Parse(s.base)
		for _, bad := range []string{`{"Provider":"test","URL":"javascript:alert(1)"}`, `{"Provider":"test","URL":"//evil.example/"}`,
			`{"Provider":"nowhere","URL":"https://evil.example/"}`, "not base64"} {
			b.client.Jar.SetCookies(u, []*http.Cookie{{Name: "authui_onward", Value: encodeB64(bad), Path: "/"}})
			if p := b.get(providers + "/continue"); p.Status != http.StatusSeeOther || p.Location != providers || p.Header.Get("Refresh") != "" {
				t.Errorf("continue with cookie %s = %d to %q, Refresh %q", bad, p.Status, p.Location, p.Header.Get("Refresh"))
			}
		}
	})
}

// TestProviderErrorSignedOut: a failed sign-in with a provider comes to
// the providers page (the plugin's error page); signed out, the browser
// goes on to the sign-in page, which shows why.
func TestProviderErrorSignedOut(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s, op := providerSite(t, e, nil, nil)
		op.AddUser(oauthtest.User{Subject: "4004", Email: "ada@example.com", EmailVerified: true})
		op.LogInAs("4004")
		last, hops := s.browser(t).follow(s.base + "/oauth/test/start")
		want(t, "account exists", last, "An account with this email exists")
		if !strings.Contains(strings.Join(hops, " "), "/sign-in?next=%2Faccount%2Fproviders&error=account_exists") {
			t.Fatalf("the way = %v", hops)
		}
		want(t, "a made-up code", s.browser(t).open("/sign-in?error=made_up"), "Sign in")
		if p := s.browser(t).open("/sign-in?error=made_up"); strings.Contains(p.Body, "summary") {
			t.Fatal("the sign-in page shows an error code from the URL that is not a provider's")
		}
	})
}
