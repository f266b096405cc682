package test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
)

// instance returns an instance with the email and password plugins and
// more, migrated, on SQLite: the start-up checks need no other engine.
func instance(t *testing.T, more ...auth.Plugin) *auth.Auth {
	t.Helper()
	e := authtest.SQLiteEngine(t)
	a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL("http://localhost:8080"),
		auth.WithPlugins(append(passwordPlugins(t)(&authtest.Mailbox{}, ""), more...)...))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestBrokenTemplates replaces templates with broken ones: Handler fails
// with every problem at once, each naming its file and what is wrong.
func TestBrokenTemplates(t *testing.T) {
	a := instance(t)
	fsys := fstest.MapFS{
		// A parse error.
		"templates/sign-in.html": {Data: []byte(`{{define "content"}}{{if .User}}<p>unclosed{{end}}`)},
		// A call of a partial that no file defines.
		"templates/forgot.html": {Data: []byte(`{{define "content"}}{{template "nowhere" .}}{{end}}`)},
		// A page that defines no content.
		"templates/reset.html": {Data: []byte(`{{define "body"}}x{{end}}`)},
		// A method the view lacks, found by rendering.
		"templates/account.html": {Data: []byte(`{{define "content"}}{{.Nope}}{{end}}`)},
		// A misspelt page.
		"templates/sign_up.html": {Data: []byte(`{{define "content"}}{{end}}`)},
	}
	h, err := authui.Handler(a, authui.Templates(fsys))
	if err == nil || h != nil {
		t.Fatalf("Handler with broken templates = %v, %v; want an error", h, err)
	}
	msg := err.Error()
	t.Logf("Handler: %v", err)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`authui: templates/sign-in.html: .*unexpected EOF`),
		regexp.MustCompile(`authui: templates/forgot.html: calls templates no file defines: \["nowhere"\]`),
		regexp.MustCompile(`authui: templates/reset.html: calls templates no file defines: \["content"\]`),
		regexp.MustCompile(`authui: templates/account.html: rendering: .*Nope`),
		regexp.MustCompile(`authui: Templates: templates/sign_up.html replaces no page`),
	} {
		if !want.MatchString(msg) {
			t.Errorf("Handler's error lacks %s:\n%s", want, msg)
		}
	}
	if n := strings.Count(msg, "\n") + 1; n != 5 {
		t.Errorf("Handler reported %d problems, want 5:\n%s", n, msg)
	}
}

// TestReplacedTemplate replaces one page and the style sheet: the site
// serves them, and the other pages stay the embedded ones.
func TestReplacedTemplate(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, nil, nil, authui.Templates(fstest.MapFS{
		"templates/forgot.html": {Data: []byte(`{{define "content"}}<p class="ours">{{.T "forgot.intro"}}</p>{{end}}`)},
		"static/authui.css":     {Data: []byte(`body { color: teal; }`)},
	}))
	b := s.browser(t)
	want(t, "replaced page", b.get("/forgot-password"), `<p class="ours">Enter the address`)
	want(t, "style sheet", b.get("/authui.css"), "color: teal")
	want(t, "other page", b.get("/sign-up"), `action="/sign-up"`)
}

// TestCatalogs checks the options of the catalogs: German alone works, a
// new language must be complete, a key no page uses is refused.
func TestCatalogs(t *testing.T) {
	a := instance(t)
	if _, err := authui.Handler(a, authui.Languages("de")); err != nil {
		t.Fatalf("German alone: %v", err)
	}
	_, err := authui.Handler(a, authui.Languages("en", "fr"), authui.Messages("fr", map[string]string{"title.sign_in": "Connexion"}),
		authui.Messages("en", map[string]string{"sign_in.sumbit": "Go"}))
	if err == nil {
		t.Fatal("an incomplete French catalog and a misspelt key were accepted")
	}
	for _, want := range []string{`the "fr" catalog lacks`, `Messages("en"): no page uses the key "sign_in.sumbit"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	for _, lang := range []string{"en", "de"} {
		for k, v := range authui.DefaultMessages(lang) {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %s is empty", lang, k)
			}
		}
		if len(authui.DefaultMessages(lang)) != len(authui.DefaultMessages("en")) {
			t.Errorf("%s has %d keys, en %d", lang, len(authui.DefaultMessages(lang)), len(authui.DefaultMessages("en")))
		}
	}
}

// button is a host's plugin with a sign-in button.
type button struct{ b authhttp.UIButton }

func (button) Name() string                     { return "host" }
func (p button) UIButtons() []authhttp.UIButton { return []authhttp.UIButton{p.b} }

// TestUIMethod adds a host plugin's button to the sign-in page, and
// refuses buttons that would leave the site or run a script.
func TestUIMethod(t *testing.T) {
	ok := authhttp.UIButton{Name: "host.sso", Label: "Sign in with Acme SSO", Method: "GET", Action: "/sso/start", Fields: map[string]string{"from": "ui"}}
	e := authtest.SQLiteEngine(t)
	s := newSite(t, e, func(mail *authtest.Mailbox, base string) []auth.Plugin {
		return append(passwordPlugins(t)(mail, base), button{ok})
	}, nil, authui.Messages("de", map[string]string{"method.host.sso": "Mit Acme-SSO anmelden"}))
	b := s.browser(t)
	want(t, "button", b.get("/sign-in"), `<a class="button" href="/sso/start?from=ui">Sign in with Acme SSO</a>`)
	b.lang = "de"
	want(t, "translated button", b.get("/sign-in"), "Mit Acme-SSO anmelden")
	for _, bad := range []authhttp.UIButton{
		{Name: "x", Label: "X", Method: "GET", Action: "https://evil.example/"},
		{Name: "x", Label: "X", Method: "GET", Action: "//evil.example/"},
		{Name: "x", Label: "X", Method: "GET", Action: "javascript:alert(1)"},
		{Name: "x", Label: "X", Method: "DELETE", Action: "/x"},
		{Name: "", Label: "X", Method: "GET", Action: "/x"},
	} {
		if _, err := authui.Handler(instance(t, button{bad})); err == nil || !strings.Contains(err.Error(), "plugin host") {
			t.Errorf("button %+v accepted (%v)", bad, err)
		}
	}
}
