package test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
)

// pseudo is a pseudo-locale: every English message marked, so that a
// text of a page that is not marked comes from outside the catalog.
func pseudo() map[string]string {
	out := map[string]string{}
	for k, v := range authui.DefaultMessages("en") {
		out[k] = "⟦" + v + "⟧"
	}
	return out
}

var (
	// dataRE finds the elements that hold data, not text of the pages
	// (names, addresses, devices, times), which are marked translate="no".
	dataRE = regexp.MustCompile(`(?s)<(\w+)[^>]*translate="no"[^>]*>.*?</(\w+)>`)
	textRE = regexp.MustCompile(`>([^<]*)<`)
	attrRE = regexp.MustCompile(`\s(aria-label|placeholder|title|alt)="([^"]*)"`)
)

// unmarked returns the texts of a page outside the catalog.
func unmarked(body string) []string {
	body = dataRE.ReplaceAllString(body, "")
	var out []string
	for _, m := range textRE.FindAllStringSubmatch(body, -1) {
		text := strings.TrimSpace(m[1])
		if text != "" && !(strings.HasPrefix(text, "⟦") && strings.HasSuffix(text, "⟧")) {
			out = append(out, text)
		}
	}
	for _, m := range attrRE.FindAllStringSubmatch(body, -1) {
		if !strings.HasPrefix(m[2], "⟦") || !strings.HasSuffix(m[2], "⟧") {
			out = append(out, m[1]+"="+m[2])
		}
	}
	return out
}

// inPseudo fails the test unless the page is in the pseudo-locale with
// every text from the catalog.
func inPseudo(t *testing.T, what string, p page) {
	t.Helper()
	if !strings.Contains(p.Body, `<html lang="x-pseudo">`) {
		t.Fatalf("%s: not in the pseudo-locale:\n%s", what, p.Body)
	}
	if bad := unmarked(p.Body); len(bad) > 0 {
		t.Errorf("%s: texts outside the catalog: %q", what, bad)
	}
}

// TestEveryTextInTheCatalog renders every page, signed out and in, with
// notices and errors, in a pseudo-locale: every text node and every
// labelling attribute is a message of the catalog.
func TestEveryTextInTheCatalog(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, nil, nil, authui.Languages("en", "de", "x-pseudo"), authui.Messages("x-pseudo", pseudo()))
	b := s.browser(t)
	b.lang = "x-pseudo, en;q=0.5"
	check := func(what string, p page) { t.Helper(); inPseudo(t, what, p) }
	for _, p := range []string{"/sign-in", "/sign-up", "/forgot-password", "/reset-password", "/reset-password?token=x",
		"/verify-email", "/verify-email?token=x", "/sign-out", "/sign-in?done=signed_up"} {
		check("signed out "+p, b.get(p))
	}
	_, p := b.submit("/sign-up", "/sign-up", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "password": {"x"}})
	check("sign-up error", p)
	_, p = b.submit("/sign-in", "/sign-in", url.Values{"email": {"ada@example.com"}, "password": {"wrong"}})
	check("sign-in error", p)
	_, p = b.submit("/reset-password?token=x", "/reset-password", url.Values{"password": {"a long enough one"}})
	check("reset error", p)
	s.signedUp(t, s.browser(t), "bob@example.com", "bob's good password")
	_, p = b.submit("/sign-in", "/sign-in", url.Values{"email": {"bob@example.com"}, "password": {"bob's good password"}})
	check("account", p)
	_, p = b.submit("/account", "/account/password", url.Values{"currentPassword": {"wrong"}, "newPassword": {"a new good one"}})
	check("account error", p)
	_, p = b.submit("/account", "/account/profile", url.Values{"name": {" "}})
	check("profile error", p)
	check("sign-out", b.get("/sign-out"))
}

// TestGerman renders the pages in German for a browser that asks for it.
func TestGerman(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, nil, nil)
	b := s.browser(t)
	b.lang = "de-CH, de;q=0.9, en;q=0.8"
	p := b.get("/sign-in")
	want(t, "German", p, `<html lang="de">`, "Anmelden", "Passwort vergessen?")
	if p.Header.Get("Content-Language") != "de" {
		t.Errorf("Content-Language = %q", p.Header.Get("Content-Language"))
	}
	_, p = b.submit("/sign-up", "/sign-up", url.Values{"name": {"Ada"}, "email": {"ada@example.com"}, "password": {"x"}})
	want(t, "German error", p, "Das Passwort ist zu kurz.")
}

// TestUnmarkedTextIsFound proves the check above can fail: a replaced
// page with a word of its own is caught.
func TestUnmarkedTextIsFound(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, nil, nil, authui.Languages("x-pseudo"), authui.Messages("x-pseudo", pseudo()),
		authui.Templates(fstest.MapFS{"templates/forgot.html": {Data: []byte(`{{define "content"}}<p>Hello <b translate="no">data</b></p><a aria-label="Home" href="/">{{.T "forgot.sign_in"}}</a>{{end}}`)}}))
	got := unmarked(s.browser(t).get("/forgot-password").Body)
	if len(got) != 2 || got[0] != "Hello" || got[1] != "aria-label=Home" {
		t.Fatalf("unmarked texts = %q, want [Hello aria-label=Home]", got)
	}
}
