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
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/password"
)

// emailCodePlugins are the email, password and emailchallenge plugins.
func emailCodePlugins(tb testing.TB) func(mail *authtest.Mailbox, base string) []auth.Plugin {
	return func(mail *authtest.Mailbox, base string) []auth.Plugin {
		return []auth.Plugin{email.New(email.WithSender(mail), email.WithAppName("Acme")), password.New(fastHasher(tb)),
			emailchallenge.New()}
	}
}

// askCode asks for a code for addr on b's /email-code page and returns
// the POST's answer and the page it leads to.
func (b *browser) askCode(addr string) (post, next page) {
	b.t.Helper()
	return b.submit("/email-code", "/email-code/start", url.Values{"email": {addr}})
}

// TestEmailCode walks sign-in by a mailed code on every engine: asking
// answers alike for known and unknown addresses; a wrong code shows next
// to its field; the right code works only in the browser that asked;
// the mailed link, opened in another browser, signs in only the one that
// asked (through "I opened the link"); opening the link changes nothing.
func TestEmailCode(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newSite(t, e, emailCodePlugins(t), nil)
		s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
		b := s.browser(t)

		want(t, "sign-in page", b.get("/sign-in"), `href="/email-code"`, "Email me a sign-in code")
		known, next := b.askCode("ada@example.com")
		want(t, "code sent", next, "a code is on its way", `name="code"`, `autocomplete="one-time-code"`, "I opened the link")
		unknown, _ := s.browser(t).askCode("nobody@example.com")
		if known.Status != unknown.Status || known.Location != unknown.Location {
			t.Fatalf("asking answers %d %q for a known address, %d %q for an unknown one", known.Status, known.Location, unknown.Status, unknown.Location)
		}
		code := s.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)

		_, next = b.submit("/email-code", "/email-code", url.Values{"code": {"000000"}})
		want(t, "wrong code", next, `<p class="field-error" id="code-error">The code is wrong or has expired.</p>`)

		other := s.browser(t)
		vals := url.Values{"code": {code}, "csrf": {token(t, other.get("/email-code").Body)}}
		other.postRaw(s.base, "/email-code", vals)
		if other.signedIn() {
			t.Fatal("the right code signed in a browser that did not ask for it")
		}

		post, next := b.submit("/email-code", "/email-code", url.Values{"code": {code}})
		if post.Location != "/account" {
			t.Fatalf("the right code goes to %q, want the account", post.Location)
		}
		want(t, "signed in by code", next, "Your account", "ada@example.com")
		b.submit("/account", "/sign-out", nil)

		// The link, opened in another browser: that one confirms, the
		// asking one is signed in when it says it opened the link.
		b.askCode("ada@example.com")
		_, next = b.submit("/email-code", "/email-code/status", nil)
		want(t, "link not opened yet", next, "The link was not opened yet.")
		link := s.link(t, "ada@example.com", emailchallenge.PurposeChallenge)
		phone := s.browser(t)
		want(t, "landing", phone.get(link), "Confirm this sign-in?", `name="token"`)
		_, next = phone.submit(link, "/email-challenge", nil)
		want(t, "approved elsewhere", next, "return to the window where you asked")
		if phone.signedIn() {
			t.Fatal("the link signed in the browser that opened it, not the one that asked")
		}
		if b.signedIn() {
			t.Fatal("the asking browser is signed in before it asks")
		}
		_, next = b.submit("/email-code", "/email-code/status", nil)
		want(t, "signed in by the link", next, "Your account")
		b.submit("/account", "/sign-out", nil)

		// The link in the browser that asked signs it in at once; used,
		// it does nothing.
		b.askCode("ada@example.com")
		link = s.link(t, "ada@example.com", emailchallenge.PurposeChallenge)
		_, next = b.submit(link, "/email-challenge", nil)
		want(t, "signed in by the link here", next, "Your account")
		b.submit("/account", "/sign-out", nil)
		_, next = b.submit(link, "/email-challenge", nil)
		if b.signedIn() || !strings.Contains(next.Body, `id="summary"`) {
			t.Fatalf("a used link: signed in %v, page:\n%s", b.signedIn(), next.Body)
		}
		if p := b.get("/email-code"); p.Status != http.StatusOK {
			t.Fatalf("GET /email-code = %d", p.Status)
		}
	})
}

// TestEmailCodeTextsInTheCatalog renders the email-code pages in the
// pseudo-locale, and in German.
func TestEmailCodeTextsInTheCatalog(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, emailCodePlugins(t), nil, authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo()))
	s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
	b := s.browser(t)
	b.lang = "x-pseudo, en;q=0.5"
	inPseudo(t, "request", b.get("/email-code"))
	inPseudo(t, "landing", b.get("/email-challenge?token=x"))
	_, p := b.askCode("ada@example.com")
	inPseudo(t, "code entry", p)
	_, p = b.submit("/email-code", "/email-code", url.Values{"code": {"000000"}})
	inPseudo(t, "code error", p)
	_, p = b.submit("/email-challenge?token=x", "/email-challenge", nil)
	inPseudo(t, "link error", p)
	b.lang = "de"
	want(t, "German", b.get("/email-code"), "Mit einem Code anmelden", "Ich habe den Link geöffnet")
}
