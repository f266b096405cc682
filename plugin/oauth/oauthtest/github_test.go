package oauthtest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// octocat is a GitHub-like user with a further address.
var octocat = oauthtest.User{
	Subject: "583231", Email: "octocat@github.com", EmailVerified: true, Name: "The Octocat",
	Picture: "https://avatars.githubusercontent.com/u/583231", Username: "octocat",
	OtherEmails: []oauthtest.Email{{Address: "cat@example.com", Verified: false}},
}

// githubProvider starts a plain OAuth provider with octocat logged in.
func githubProvider(t *testing.T) *oauthtest.Provider {
	t.Helper()
	p := oauthtest.NewProvider(t, oauthtest.WithPlainOAuth(), oauthtest.WithRedirectURI(redirectURI))
	p.AddUser(octocat)
	p.LogInAs(octocat.Subject)
	return p
}

// githubToken signs octocat in with scope and returns the access token.
func githubToken(t *testing.T, p *oauthtest.Provider, scope string) string {
	t.Helper()
	// GitHub lets the redirect_uri be left out when one is registered.
	r := authorize(t, p, authParams(p, map[string]string{"scope": scope, "nonce": "", "redirect_uri": ""}))
	if r.Has("iss") {
		t.Errorf("GET /authorize redirected with iss %q, want none (GitHub sends none)", r.Get("iss"))
	}
	form := exchangeForm(r.Get("code"))
	form.Del("redirect_uri")
	if status, _ := postToken(t, p, form, false); status == http.StatusOK {
		t.Fatalf("POST /token without client authentication = 200, want a failure")
	}
	// A request from no authenticated client does not spend the code;
	// client_secret_post then redeems it.
	form.Set("client_id", p.ClientID)
	form.Set("client_secret", p.ClientSecret)
	status, tok := postToken(t, p, form, false)
	if status != http.StatusOK || tok["id_token"] != nil || str(tok, "access_token") == "" {
		t.Fatalf("POST /token = %d %v, want an access token and no id_token", status, tok)
	}
	return str(tok, "access_token")
}

func TestPlainOAuth(t *testing.T) {
	p := githubProvider(t)
	e := p.Endpoints()
	if e.JWKS != "" || e.UserInfo != "" || e.User != p.Issuer()+"/user" || e.UserEmails != p.Issuer()+"/user/emails" {
		t.Errorf("Endpoints() = %+v, want GitHub's", e)
	}
	for _, path := range []string{"/.well-known/openid-configuration", "/jwks", "/userinfo"} {
		if resp, _ := get(t, p, path, nil, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, resp.StatusCode)
		}
	}

	tok := githubToken(t, p, "openid read:user user:email")
	for _, scheme := range []string{"Bearer ", "token "} {
		resp, body := get(t, p, "/user", nil, http.Header{"Authorization": {scheme + tok}})
		var u map[string]any
		json.Unmarshal([]byte(body), &u)
		if resp.StatusCode != http.StatusOK || u["id"] != 583231.0 || u["login"] != "octocat" || u["name"] != octocat.Name || u["avatar_url"] != octocat.Picture {
			t.Errorf("GET /user(%s) = %d %s, want octocat with a numeric id", scheme, resp.StatusCode, body)
		}
	}
	resp, body := get(t, p, "/user/emails", nil, http.Header{"Authorization": {"Bearer " + tok}})
	want := `[{"email":"octocat@github.com","primary":true,"verified":true,"visibility":"public"},` +
		`{"email":"cat@example.com","primary":false,"verified":false,"visibility":null}]`
	if resp.StatusCode != http.StatusOK || body != want {
		t.Errorf("GET /user/emails = %d %s, want %s", resp.StatusCode, body, want)
	}

	// Like GitHub: /user/emails needs the user:email scope, bad
	// credentials get 401.
	narrow := githubToken(t, p, "read:user")
	if resp, _ := get(t, p, "/user/emails", nil, http.Header{"Authorization": {"Bearer " + narrow}}); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /user/emails(scope read:user) = %d, want 404", resp.StatusCode)
	}
	for _, path := range []string{"/user", "/user/emails"} {
		if resp, body := get(t, p, path, nil, http.Header{"Authorization": {"token made-up"}}); resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "Bad credentials") {
			t.Errorf("GET %s(bad token) = %d %s, want 401 Bad credentials", path, resp.StatusCode, body)
		}
	}
}

// GitHub's token endpoint answers form-encoded unless asked for JSON.
func TestPlainOAuthFormEncoded(t *testing.T) {
	p := githubProvider(t)
	r := authorize(t, p, authParams(p, map[string]string{"scope": "user:email", "nonce": ""}))
	form := exchangeForm(r.Get("code"))
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Endpoints().Token, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(p.ClientID, p.ClientSecret)
	resp, body := do(t, p, req)
	v, err := url.ParseQuery(body)
	if resp.StatusCode != http.StatusOK || err != nil || resp.Header.Get("Content-Type") != "application/x-www-form-urlencoded" ||
		v.Get("access_token") == "" || v.Get("token_type") != "bearer" || v.Get("scope") != "user:email" {
		t.Fatalf("POST /token(no Accept) = %d %q %q, want a form-encoded bearer token", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
}

func TestPlainOAuthSubjects(t *testing.T) {
	p, err := oauthtest.Start(oauthtest.WithPlainOAuth())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, tt := range []struct {
		name string
		call func()
	}{
		{"AddUser with a non-numeric subject", func() { p.AddUser(oauthtest.User{Subject: "octocat"}) }},
		{"RotateKeys", p.RotateKeys},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", tt.name)
				}
			}()
			tt.call()
		}()
	}
	if p.KeyID() != "" {
		t.Errorf("KeyID() = %q, want none", p.KeyID())
	}
}
