package test

import (
	"context"
	"database/sql"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// site is an instance with its pages, served on a local port.
type site struct {
	a     *auth.Auth
	base  string
	mail  *authtest.Mailbox
	clock *authtest.Clock
	// idle waits until the server's handlers returned: messages go out
	// after the answer.
	idle func()
}

// fastHasher keeps hashing fast in tests.
func fastHasher(tb testing.TB) password.Option {
	tb.Helper()
	h, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		tb.Fatal(err)
	}
	return password.WithHasher(h)
}

// passwordPlugins are the email and password plugins.
func passwordPlugins(tb testing.TB) func(mail *authtest.Mailbox, base string) []auth.Plugin {
	return func(mail *authtest.Mailbox, base string) []auth.Plugin {
		return []auth.Plugin{email.New(email.WithSender(mail), email.WithAppName("Acme")), password.New(fastHasher(tb))}
	}
}

// newSite starts the pages of an instance on e, with the email and
// password plugins unless plugins says otherwise, on a local server
// whose address is the base URL.
func newSite(t testing.TB, e *authtest.Engine, plugins func(*authtest.Mailbox, string) []auth.Plugin, authOpts []auth.Option, opts ...authui.Option) *site {
	t.Helper()
	return newSiteOn(t, e, e.DB, plugins, authOpts, opts...)
}

// newSiteOn is newSite on another pool of e's database (a faulty one).
func newSiteOn(t testing.TB, e *authtest.Engine, pool *sql.DB, plugins func(*authtest.Mailbox, string) []auth.Plugin, authOpts []auth.Option, opts ...authui.Option) *site {
	t.Helper()
	return newSiteServed(t, e, pool, plugins, authOpts, nil, nil, opts...)
}

// newSiteMounted is newSiteOn with the pages mounted by m.
func newSiteMounted(t testing.TB, e *authtest.Engine, pool *sql.DB, plugins func(*authtest.Mailbox, string) []auth.Plugin, authOpts []auth.Option, m mount, opts ...authui.Option) *site {
	t.Helper()
	return newSiteServed(t, e, pool, plugins, authOpts, m, nil, opts...)
}

// serve serves the pages on ln with a server other than net/http's, and
// returns what waits until its handlers returned.
type serve func(t testing.TB, ln net.Listener, a *auth.Auth, pages http.Handler) (idle func())

// mount serves the pages, with whatever else the site serves: the pages
// alone when nil.
type mount func(a *auth.Auth, pages http.Handler) http.Handler

// newSiteServed is newSiteOn with the pages mounted by m on net/http's
// server, or served by sv.
func newSiteServed(t testing.TB, e *authtest.Engine, pool *sql.DB, plugins func(*authtest.Mailbox, string) []auth.Plugin, authOpts []auth.Option, m mount, sv serve, opts ...authui.Option) *site {
	t.Helper()
	if plugins == nil {
		plugins = passwordPlugins(t)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return serveSite(t, e, pool, plugins, authOpts, m, sv, ln, "http://"+ln.Addr().String(), opts...)
}

// serveSite is newSiteServed on ln, whose base URL is base.
func serveSite(t testing.TB, e *authtest.Engine, pool *sql.DB, plugins func(*authtest.Mailbox, string) []auth.Plugin, authOpts []auth.Option, m mount, sv serve, ln net.Listener, base string, opts ...authui.Option) *site {
	t.Helper()
	s := &site{base: base, mail: &authtest.Mailbox{}, clock: authtest.NewClock(start)}
	a, err := auth.New(append([]auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(s.base),
		auth.WithPlugins(plugins(s.mail, s.base)...), auth.WithClock(s.clock.Now), auth.WithoutRateLimits()}, authOpts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	h, err := authui.Handler(a, opts...)
	if err != nil {
		t.Fatal(err)
	}
	s.a = a
	if sv != nil {
		s.idle = sv(t, ln, a, h)
		return s
	}
	if m != nil {
		h = m(a, h)
	}
	tracked, idle := authtest.Tracked(h)
	srv := &http.Server{Handler: tracked}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.idle = idle
	return s
}

// browser is a client that behaves as a browser with scripts off: a
// cookie jar, forms posted with the Origin and Sec-Fetch-Site of the
// page, redirects followed by hand so that tests see each one.
type browser struct {
	t      testing.TB
	s      *site
	client *http.Client
	lang   string
}

func (s *site) browser(t testing.TB) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &browser{t: t, s: s, client: &http.Client{Jar: jar, Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// page is an answer, read whole.
type page struct {
	Status   int
	Header   http.Header
	Body     string
	Location string
}

func (b *browser) do(req *http.Request) page {
	b.t.Helper()
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	b.s.idle()
	return page{Status: resp.StatusCode, Header: resp.Header, Body: string(data), Location: resp.Header.Get("Location")}
}

// get fetches a page, without following a redirect.
func (b *browser) get(path string) page {
	b.t.Helper()
	target := path
	if !strings.HasPrefix(path, "http") {
		target = b.s.base + path
	}
	req, err := http.NewRequest(http.MethodGet, target, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(req)
}

// open fetches a page and follows its redirects.
func (b *browser) open(path string) page {
	b.t.Helper()
	p := b.get(path)
	for i := 0; p.Status == http.StatusSeeOther && i < 5; i++ {
		p = b.get(p.Location)
	}
	return p
}

// postRaw posts a form from origin, as a browser sends it.
func (b *browser) postRaw(origin, path string, form url.Values) page {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.s.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		req.Header.Set("Origin", origin)
		site := "same-origin"
		if origin != b.s.base {
			site = "cross-site"
		}
		req.Header.Set("Sec-Fetch-Site", site)
	}
	return b.do(req)
}

// submit opens the page of a form, fills it in as a person does (the form
// token is the page's), posts it and follows the redirect: it returns the
// POST's answer and the page it leads to.
func (b *browser) submit(pagePath, action string, fields url.Values) (post, next page) {
	b.t.Helper()
	form := b.open(pagePath)
	vals := hiddenFields(b.t, form.Body, action)
	for k, v := range fields {
		vals[k] = v
	}
	post = b.postRaw(b.s.base, action, vals)
	if post.Status != http.StatusSeeOther {
		return post, post
	}
	return post, b.open(post.Location)
}

var (
	tokenRE  = regexp.MustCompile(`name="csrf" value="([^"]+)"`)
	formRE   = regexp.MustCompile(`(?s)<form[^>]*action="([^"]*)"[^>]*>(.*?)</form>`)
	hiddenRE = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// hiddenFields returns the hidden fields of the page's first form that
// posts to action, failing the test when the page has none.
func hiddenFields(tb testing.TB, body, action string) url.Values {
	tb.Helper()
	for _, f := range formRE.FindAllStringSubmatch(body, -1) {
		if html.UnescapeString(f[1]) != action {
			continue
		}
		vals := url.Values{}
		for _, h := range hiddenRE.FindAllStringSubmatch(f[2], -1) {
			vals.Set(html.UnescapeString(h[1]), html.UnescapeString(h[2]))
		}
		return vals
	}
	tb.Fatalf("no form posts to %s on the page:\n%s", action, body)
	return nil
}

// token returns the form token of a page.
func token(tb testing.TB, body string) string {
	tb.Helper()
	m := tokenRE.FindStringSubmatch(body)
	if m == nil {
		tb.Fatalf("no form token in the page:\n%s", body)
	}
	return m[1]
}

// signedUp creates a verified account through the pages.
func (s *site) signedUp(t testing.TB, b *browser, addr, pw string) {
	t.Helper()
	b.submit("/sign-up", "/sign-up", url.Values{"name": {"Ada"}, "email": {addr}, "password": {pw}})
	link := s.link(t, addr, email.PurposeVerify)
	_, next := b.submit(link, "/verify-email", nil)
	if !strings.Contains(next.Body, "Your email address is verified.") {
		t.Fatalf("verifying %s led to:\n%s", addr, next.Body)
	}
}

// signIn signs in through the sign-in page and returns the page it leads to.
func (b *browser) signIn(addr, pw string) page {
	b.t.Helper()
	_, next := b.submit("/sign-in", "/sign-in", url.Values{"email": {addr}, "password": {pw}})
	return next
}

var linkRE = regexp.MustCompile(`https?://\S+`)

// link returns the path and query of the link in the newest message of a
// purpose to an address, as a person clicks it.
func (s *site) link(t testing.TB, addr, purpose string) string {
	t.Helper()
	m := linkRE.FindString(s.mail.Last(t, addr, purpose).Text)
	u, err := url.Parse(m)
	if err != nil || m == "" {
		t.Fatalf("no link in the %s message to %s", purpose, addr)
	}
	if got := u.Scheme + "://" + u.Host; got != s.base {
		t.Fatalf("the %s link goes to %s, want this site %s", purpose, got, s.base)
	}
	return u.RequestURI()
}

// emailOnly is the email plugin alone.
func emailOnly(mail *authtest.Mailbox) auth.Plugin { return email.New(email.WithSender(mail)) }
