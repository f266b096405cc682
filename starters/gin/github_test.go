package main

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/markbates/goth/providers/openidConnect"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/oauth"
	gothoauth "github.com/sesame-go/sesame/plugin/oauth/goth"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
	"github.com/sesame-go/sesame/starters/site"
	"github.com/sesame-go/sesame/starters/site/sitetest"
)

// TestSignInWithGitHub turns the GitHub flags on and signs in through the
// goth adapter. GitHub itself is out of reach, so the provider is goth's
// OpenID Connect one pointed at the in-process provider, under the name
// "github": the flags, the plugin wiring, the sign-in link, the browser
// binding and the landing page are the ones GitHub uses.
func TestSignInWithGitHub(t *testing.T) {
	idp := oauthtest.NewProvider(t)
	idp.AddUser(oauthtest.User{Subject: "octo-1", Email: "octo@example.com", EmailVerified: true, Name: "Octo Cat"})
	idp.LogInAs("octo-1")
	viaTestProvider := site.WithGitHub(func(clientID string, secret auth.Secret, callback string) *oauth.Provider {
		idp.AddRedirectURI(callback)
		p, err := openidConnect.New(clientID, secret.Reveal(), callback, idp.Issuer()+"/.well-known/openid-configuration", "email", "profile")
		if err != nil {
			t.Fatalf("goth openidConnect: %v", err)
		}
		return gothoauth.Provider(p, gothoauth.WithName("github"))
	})
	run := func(ctx context.Context, args []string, stdout io.Writer) error {
		return site.Run(ctx, "gin", args, stdout, serve, viaTestProvider)
	}
	srv := sitetest.Start(t, run, "-db", t.TempDir()+"/app.db", "-github-client-id", idp.ClientID, "-github-client-secret", idp.ClientSecret)

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	page := get(t, browser, srv.URL+"/sign-in")
	if !strings.Contains(page, `href="/auth/oauth/github/start?returnTo=/account"`) {
		t.Fatalf("the sign-in page has no GitHub link:\n%s", page)
	}
	account := get(t, browser, srv.URL+"/auth/oauth/github/start?returnTo=/account")
	if !strings.Contains(account, "Octo Cat") {
		t.Fatalf("after signing in with GitHub the account page does not show the person:\n%s", account)
	}

	// Without the flags the link is not offered.
	plain := sitetest.Start(t, run, "-db", t.TempDir()+"/plain.db")
	if page := get(t, &http.Client{}, plain.URL+"/sign-in"); strings.Contains(page, "GitHub") {
		t.Errorf("the sign-in page offers GitHub without the flags")
	}
}

// get follows redirects to the final page and returns its body, failing
// unless it answered 200.
func get(t *testing.T, c *http.Client, url string) string {
	t.Helper()
	res, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s = %d %s", url, res.StatusCode, body)
	}
	return string(body)
}
