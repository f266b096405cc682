package oauthtests

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// answerOf visits a started flow's URL at the provider, which answers at
// once with a redirect to the callback, and returns the callback request
// a Go caller makes of it, with the flow's cookie given explicitly.
func answerOf(t *testing.T, p *oauthtest.Provider, provider string, st oauth.Started) oauth.CallbackRequest {
	t.Helper()
	if st.URL == "" || st.Cookie == nil || st.Cookie.Value == "" || !st.Cookie.HttpOnly {
		t.Fatalf("Started = %+v, want a URL and an HttpOnly cookie", st)
	}
	res, err := p.Client().Get(st.URL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil || res.StatusCode != http.StatusFound || !strings.HasPrefix(loc.String(), callbackOf(provider)) {
		t.Fatalf("GET %s = %d %q, want a redirect to the callback", st.URL, res.StatusCode, loc)
	}
	q := loc.Query()
	return oauth.CallbackRequest{Provider: provider, State: q.Get("state"), Code: auth.NewSecret(q.Get("code")), Iss: q.Get("iss"),
		Browser: auth.NewSecret(st.Cookie.Value)}
}

// TestGoCalls runs the plugin's typed Go methods as server calls, with no
// HTTP request: StartURL and Callback with the browser binding given
// explicitly, then Accounts, Link, Unlink with the session token.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		f.oidc.AddUser(oauthtest.User{Subject: "ada-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
		f.oidc.LogInAs("ada-1")
		f.github.AddUser(oauthtest.User{Subject: "42", Username: "ada"})
		f.github.LogInAs("42")
		ctx := context.Background()

		// The binding is checked: without the cookie's value, or with
		// another, the callback is refused and the state spent.
		for _, tt := range []struct{ name, browser string }{
			{"no browser", ""}, {"another browser", strings.Repeat("A", 43)},
		} {
			t.Run(tt.name, func(t *testing.T) {
				st, err := f.oa.StartURL(ctx, "test", "")
				if err != nil {
					t.Fatalf("StartURL = %v", err)
				}
				in := answerOf(t, f.oidc, "test", st)
				in.Browser = auth.NewSecret(tt.browser)
				if _, err := f.oa.Callback(ctx, in); !errors.Is(err, oauth.ErrInvalidState) {
					t.Fatalf("Callback(%s) = %v, want ErrInvalidState", tt.name, err)
				}
				in.Browser = auth.NewSecret(st.Cookie.Value)
				if _, err := f.oa.Callback(ctx, in); !errors.Is(err, oauth.ErrInvalidState) {
					t.Fatalf("Callback(spent state) = %v, want ErrInvalidState", err)
				}
			})
		}
		if _, err := f.oa.StartURL(ctx, "nope", ""); !errors.Is(err, oauth.ErrUnknownProvider) {
			t.Fatalf("StartURL(nope) = %v, want ErrUnknownProvider", err)
		}
		if _, err := f.oa.StartURL(ctx, "test", "https://evil.example/"); !errors.Is(err, oauth.ErrInvalidReturnTo) {
			t.Fatalf("StartURL(evil returnTo) = %v, want ErrInvalidReturnTo", err)
		}

		// Sign in.
		st, err := f.oa.StartURL(ctx, "test", "/welcome")
		if err != nil {
			t.Fatalf("StartURL = %v", err)
		}
		in, err := f.oa.Callback(ctx, answerOf(t, f.oidc, "test", st))
		if err != nil || !in.Created || in.Token.IsZero() || in.Session == nil || in.User == nil || in.User.Name != "Ada" ||
			in.ReturnTo != "http://sesame.test/welcome" || in.Provider != "test" {
			t.Fatalf("Callback = %+v, %v, want a new account for Ada, a session and ReturnTo /welcome", in, err)
		}
		as := auth.WithSessionToken(ctx, in.Token)

		accts, err := f.oa.Accounts(as)
		if err != nil || len(accts) != 1 || accts[0].Provider != "test" || accts[0].Subject != "ada-1" {
			t.Fatalf("Accounts = %+v, %v, want test ada-1", accts, err)
		}
		if _, err := f.oa.Accounts(ctx); !errors.Is(err, auth.ErrNoSession) {
			t.Fatalf("Accounts without a session = %v, want ErrNoSession", err)
		}
		if _, err := f.oa.Link(ctx, "github", ""); !errors.Is(err, auth.ErrNoSession) {
			t.Fatalf("Link without a session = %v, want ErrNoSession", err)
		}

		// Link GitHub: the callback links instead of signing in.
		st, err = f.oa.Link(as, "github", "/settings")
		if err != nil {
			t.Fatalf("Link = %v", err)
		}
		linked, err := f.oa.Callback(as, answerOf(t, f.github, "github", st))
		if err != nil || !linked.Linked || linked.Created || !linked.Token.IsZero() || linked.Session != nil ||
			linked.User == nil || linked.User.ID != in.User.ID || linked.ReturnTo != "http://sesame.test/settings" {
			t.Fatalf("link Callback = %+v, %v, want GitHub linked to Ada and no new session", linked, err)
		}
		if accts, err := f.oa.Accounts(as); err != nil || len(accts) != 2 || accts[1].Provider != "github" || accts[1].Username != "ada" {
			t.Fatalf("Accounts after Link = %+v, %v, want test and github", accts, err)
		}
		if _, err := f.oa.Link(as, "github", ""); !errors.Is(err, oauth.ErrAlreadyLinked) {
			t.Fatalf("Link(github) again = %v, want ErrAlreadyLinked", err)
		}

		// Unlink.
		if err := f.oa.Unlink(as, "test"); err != nil {
			t.Fatalf("Unlink(test) = %v", err)
		}
		if accts, err := f.oa.Accounts(as); err != nil || len(accts) != 1 || accts[0].Provider != "github" {
			t.Fatalf("Accounts after Unlink = %+v, %v, want github only", accts, err)
		}
		for _, tt := range []struct {
			provider string
			want     error
		}{{"test", oauth.ErrNotLinked}, {"nope", oauth.ErrUnknownProvider}} {
			if err := f.oa.Unlink(as, tt.provider); !errors.Is(err, tt.want) {
				t.Fatalf("Unlink(%q) = %v, want %v", tt.provider, err, tt.want)
			}
		}
		if err := f.oa.Unlink(ctx, "github"); !errors.Is(err, auth.ErrNoSession) {
			t.Fatalf("Unlink without a session = %v, want ErrNoSession", err)
		}
	})
}
