package oauthtest_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// Requests the provider refuses to redirect: told to the person (RFC 6749
// §4.1.2.1).
func TestAuthorizeRefused(t *testing.T) {
	p := newProvider(t, nil)
	tests := []struct {
		name string
		edit map[string]string
	}{
		{"unknown client", map[string]string{"client_id": "other"}},
		{"no client", map[string]string{"client_id": ""}},
		{"unregistered redirect_uri", map[string]string{"redirect_uri": "https://evil.example/callback"}},
		{"redirect_uri with a trailing slash", map[string]string{"redirect_uri": redirectURI + "/"}},
		{"redirect_uri with a query", map[string]string{"redirect_uri": redirectURI + "?next=/"}},
		{"redirect_uri in capitals", map[string]string{"redirect_uri": strings.ToUpper(redirectURI)}},
		{"no redirect_uri", map[string]string{"redirect_uri": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, p, "/authorize", authParams(p, tt.edit), nil)
			if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" {
				t.Fatalf("GET /authorize(%s) = %d, Location %q, %q, want 400 and no redirect", tt.name, resp.StatusCode, resp.Header.Get("Location"), body)
			}
		})
	}
}

// Errors redirected to the client (RFC 6749 §4.1.2.1).
func TestAuthorizeErrors(t *testing.T) {
	p := newProvider(t, nil)
	tests := []struct {
		name string
		edit map[string]string
		want string
	}{
		{"response_type token", map[string]string{"response_type": "token"}, "unsupported_response_type"},
		{"no response_type", map[string]string{"response_type": ""}, "unsupported_response_type"},
		{"no code_challenge", map[string]string{"code_challenge": ""}, "invalid_request"},
		{"code_challenge_method plain", map[string]string{"code_challenge_method": "plain", "code_challenge": testVerifier}, "invalid_request"},
		{"no code_challenge_method", map[string]string{"code_challenge_method": ""}, "invalid_request"},
		{"short code_challenge", map[string]string{"code_challenge": testChallenge[:42]}, "invalid_request"},
		{"padded code_challenge", map[string]string{"code_challenge": testChallenge + "="}, "invalid_request"},
		{"no nonce with openid", map[string]string{"nonce": ""}, "invalid_request"},
		{"response_mode fragment", map[string]string{"response_mode": "fragment"}, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := authorize(t, p, authParams(p, tt.edit))
			if r.Get("error") != tt.want || r.Get("state") != testState || r.Get("code") != "" || r.Get("error_description") == "" {
				t.Fatalf("GET /authorize(%s) redirected with %v, want error=%s and the state", tt.name, r, tt.want)
			}
		})
	}

	t.Run("no state", func(t *testing.T) {
		r := authorize(t, p, authParams(p, map[string]string{"state": ""}))
		if r.Get("error") != "invalid_request" || r.Has("state") {
			t.Fatalf("GET /authorize(no state) redirected with %v, want error=invalid_request and no state", r)
		}
	})
	t.Run("nobody logged in", func(t *testing.T) {
		p.LogInAs("")
		defer p.LogInAs(ada.Subject)
		if r := authorize(t, p, authParams(p, nil)); r.Get("error") != "access_denied" || r.Get("state") != testState {
			t.Fatalf("GET /authorize(nobody) redirected with %v, want error=access_denied", r)
		}
	})
	t.Run("no nonce without openid", func(t *testing.T) {
		r := authorize(t, p, authParams(p, map[string]string{"nonce": "", "scope": "email"}))
		status, tok := postToken(t, p, exchangeForm(r.Get("code")), true)
		if status != http.StatusOK || tok["id_token"] != nil {
			t.Fatalf("POST /token(scope email) = %d %v, want tokens and no id_token", status, tok)
		}
	})
}

// POST works as GET does (OpenID Connect Core §3.1.2.1), and a redirect
// URI's own query is kept (RFC 6749 §3.1.2).
func TestAuthorizePostAndQuery(t *testing.T) {
	const withQuery = "https://app.example/cb?tenant=7"
	p := newProvider(t, nil, oauthtest.WithRedirectURI(withQuery))
	form := authParams(p, map[string]string{"redirect_uri": withQuery})
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Endpoints().Authorization, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, body := do(t, p, req)
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || loc.Query().Get("tenant") != "7" || loc.Query().Get("code") == "" || !strings.HasPrefix(loc.String(), withQuery+"&") {
		t.Fatalf("POST /authorize = %d %q, Location %q, want a redirect to %s&code=...", resp.StatusCode, body, loc, withQuery)
	}
}

var hidden = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// response_mode=form_post answers with a page that posts the response
// (OAuth 2.0 Form Post Response Mode §2), as Apple does.
func TestFormPost(t *testing.T) {
	p := newProvider(t, nil)
	for _, tt := range []struct {
		name, loggedIn, want string
	}{
		{"code", ada.Subject, "code"},
		{"error", "", "error"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p.LogInAs(tt.loggedIn)
			resp, body := get(t, p, "/authorize", authParams(p, map[string]string{"response_mode": "form_post"}), nil)
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
				!strings.Contains(body, `<form method="post" action="`+redirectURI+`">`) {
				t.Fatalf("GET /authorize(form_post) = %d %s, want a page posting to %s", resp.StatusCode, body, redirectURI)
			}
			fields := url.Values{}
			for _, m := range hidden.FindAllStringSubmatch(body, -1) {
				fields.Set(m[1], m[2])
			}
			if fields.Get(tt.want) == "" || fields.Get("state") != testState || fields.Get("iss") != p.Issuer() {
				t.Fatalf("form_post fields = %v, want %s, state and iss", fields, tt.want)
			}
			if tt.want == "code" {
				if status, tok := postToken(t, p, exchangeForm(fields.Get("code")), true); status != http.StatusOK {
					t.Errorf("POST /token(form_post code) = %d %v, want 200", status, tok)
				}
			}
		})
	}
}
