package oauthtest_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// RFC 7636 §4.6: the code_verifier must hash to the code_challenge.
func TestPKCE(t *testing.T) {
	p := newProvider(t, nil)
	other := strings.Repeat("a", 43)
	tests := []struct {
		name, verifier string
		wantStatus     int
	}{
		{"RFC 7636 appendix B", testVerifier, http.StatusOK},
		{"another verifier", other, http.StatusBadRequest},
		{"no verifier", "", http.StatusBadRequest},
		{"the challenge itself", testChallenge, http.StatusBadRequest},
		{"42 characters", testVerifier[:42], http.StatusBadRequest},
		{"129 characters", strings.Repeat("a", 129), http.StatusBadRequest},
		{"a reserved character", testVerifier[:42] + "+", http.StatusBadRequest},
	}
	if challengeOf(testVerifier) != testChallenge {
		t.Fatalf("challengeOf(%q) = %q, want %q", testVerifier, challengeOf(testVerifier), testChallenge)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := exchangeForm(code(t, p))
			form.Set("code_verifier", tt.verifier)
			if tt.verifier == "" {
				form.Del("code_verifier")
			}
			status, body := postToken(t, p, form, true)
			if status != tt.wantStatus || (status != http.StatusOK && body["error"] != "invalid_grant") {
				t.Fatalf("POST /token(code_verifier %q) = %d %v, want %d", tt.verifier, status, body, tt.wantStatus)
			}
		})
	}
	// A verifier of 128 characters, the most allowed, works with its challenge.
	long := strings.Repeat("-._~", 32)
	r := authorize(t, p, authParams(p, map[string]string{"code_challenge": challengeOf(long)}))
	form := exchangeForm(r.Get("code"))
	form.Set("code_verifier", long)
	if status, body := postToken(t, p, form, true); status != http.StatusOK {
		t.Errorf("POST /token(128-character verifier) = %d %v, want 200", status, body)
	}
}

// RFC 6749 §4.1.2: a code works once; a second use revokes what the first
// gave. A failed use spends it too.
func TestCodeSingleUse(t *testing.T) {
	p := newProvider(t, nil)
	c := code(t, p)
	status, tok := postToken(t, p, exchangeForm(c), true)
	if status != http.StatusOK {
		t.Fatalf("POST /token(first use) = %d %v, want 200", status, tok)
	}
	status, body := postToken(t, p, exchangeForm(c), true)
	if status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("POST /token(second use) = %d %v, want 400 invalid_grant", status, body)
	}
	if got := p.Revocations(); got != 1 {
		t.Errorf("Revocations() = %d, want 1", got)
	}
	if resp, _ := get(t, p, "/userinfo", nil, http.Header{"Authorization": {"Bearer " + str(tok, "access_token")}}); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("GET /userinfo(revoked token) = %d, want 401", resp.StatusCode)
	}
	refresh := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {str(tok, "refresh_token")}}
	if status, body := postToken(t, p, refresh, true); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Errorf("POST /token(revoked refresh token) = %d %v, want 400 invalid_grant", status, body)
	}

	c = code(t, p)
	bad := exchangeForm(c)
	bad.Set("code_verifier", strings.Repeat("b", 43))
	postToken(t, p, bad, true)
	if status, body := postToken(t, p, exchangeForm(c), true); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Errorf("POST /token(after a failed use) = %d %v, want 400 invalid_grant", status, body)
	}
}

func TestTokenErrors(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk)
	tests := []struct {
		name       string
		edit       func(url.Values)
		wantStatus int
		wantError  string
	}{
		{"unknown code", func(f url.Values) { f.Set("code", "made-up") }, http.StatusBadRequest, "invalid_grant"},
		{"no code", func(f url.Values) { f.Del("code") }, http.StatusBadRequest, "invalid_grant"},
		{"another redirect_uri", func(f url.Values) { f.Set("redirect_uri", "https://app.example/other") }, http.StatusBadRequest, "invalid_grant"},
		{"no redirect_uri", func(f url.Values) { f.Del("redirect_uri") }, http.StatusBadRequest, "invalid_grant"},
		{"no grant_type", func(f url.Values) { f.Del("grant_type") }, http.StatusBadRequest, "invalid_request"},
		{"grant_type password", func(f url.Values) { f.Set("grant_type", "password") }, http.StatusBadRequest, "unsupported_grant_type"},
		{"unknown refresh_token", func(f url.Values) { f.Set("grant_type", "refresh_token"); f.Set("refresh_token", "made-up") }, http.StatusBadRequest, "invalid_grant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := exchangeForm(code(t, p))
			tt.edit(form)
			status, body := postToken(t, p, form, true)
			if status != tt.wantStatus || body["error"] != tt.wantError {
				t.Fatalf("POST /token(%s) = %d %v, want %d %s", tt.name, status, body, tt.wantStatus, tt.wantError)
			}
		})
	}
	t.Run("expired code", func(t *testing.T) {
		c := code(t, p)
		clk.Advance(10 * time.Minute)
		if status, body := postToken(t, p, exchangeForm(c), true); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
			t.Fatalf("POST /token(code 10 minutes old) = %d %v, want 400 invalid_grant", status, body)
		}
	})
	t.Run("JSON body", func(t *testing.T) {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Endpoints().Token, strings.NewReader(`{"grant_type":"authorization_code"}`))
		req.Header.Set("Content-Type", "application/json")
		req.SetBasicAuth(p.ClientID, p.ClientSecret)
		if resp, body := do(t, p, req); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "invalid_request") {
			t.Fatalf("POST /token(JSON) = %d %s, want 400 invalid_request", resp.StatusCode, body)
		}
	})
	t.Run("GET", func(t *testing.T) {
		if resp, _ := get(t, p, "/token", exchangeForm(code(t, p)), nil); resp.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("GET /token = %d, want 405", resp.StatusCode)
		}
	})
}

// RFC 6749 §2.3.1: client_secret_basic, with the ID and secret
// form-encoded first, or client_secret_post; not both.
func TestClientAuthentication(t *testing.T) {
	const id, secret = "client:1", "s3cr+t/=é"
	p := newProvider(t, nil, oauthtest.WithClient(id, secret))
	tests := []struct {
		name       string
		auth       func(req *http.Request, form url.Values)
		wantStatus int
		wantError  string
	}{
		{"basic", func(r *http.Request, _ url.Values) { r.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret)) }, http.StatusOK, ""},
		{"post", func(_ *http.Request, f url.Values) { f.Set("client_id", id); f.Set("client_secret", secret) }, http.StatusOK, ""},
		{"basic with client_id in the body too", func(r *http.Request, f url.Values) {
			r.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
			f.Set("client_id", id)
		}, http.StatusOK, ""},
		{"basic not form-encoded", func(r *http.Request, _ url.Values) { r.SetBasicAuth(id, secret) }, http.StatusUnauthorized, "invalid_client"},
		{"basic, wrong secret", func(r *http.Request, _ url.Values) { r.SetBasicAuth(url.QueryEscape(id), "wrong") }, http.StatusUnauthorized, "invalid_client"},
		{"basic, wrong client", func(r *http.Request, _ url.Values) { r.SetBasicAuth("other", url.QueryEscape(secret)) }, http.StatusUnauthorized, "invalid_client"},
		{"basic, another client_id in the body", func(r *http.Request, f url.Values) {
			r.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
			f.Set("client_id", "other")
		}, http.StatusUnauthorized, "invalid_client"},
		{"post, wrong secret", func(_ *http.Request, f url.Values) { f.Set("client_id", id); f.Set("client_secret", "wrong") }, http.StatusUnauthorized, "invalid_client"},
		{"post, no secret", func(_ *http.Request, f url.Values) { f.Set("client_id", id) }, http.StatusUnauthorized, "invalid_client"},
		{"none", func(*http.Request, url.Values) {}, http.StatusUnauthorized, "invalid_client"},
		{"secret in the URL", func(r *http.Request, f url.Values) {
			f.Set("client_id", id)
			r.URL.RawQuery = url.Values{"client_secret": {secret}}.Encode()
		}, http.StatusUnauthorized, "invalid_client"},
		{"both", func(r *http.Request, f url.Values) {
			r.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
			f.Set("client_secret", secret)
		}, http.StatusBadRequest, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := exchangeForm(code(t, p))
			req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Endpoints().Token, nil)
			tt.auth(req, form)
			req.Body = http.NoBody
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Body, req.ContentLength = bodyOf(form), int64(len(form.Encode()))
			resp, body := do(t, p, req)
			var m map[string]any
			json.Unmarshal([]byte(body), &m)
			if resp.StatusCode != tt.wantStatus || (tt.wantError != "" && m["error"] != tt.wantError) {
				t.Fatalf("POST /token(%s) = %d %s, want %d %s", tt.name, resp.StatusCode, body, tt.wantStatus, tt.wantError)
			}
			if resp.StatusCode == http.StatusUnauthorized && !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Basic") {
				t.Errorf("POST /token(%s) WWW-Authenticate = %q, want Basic (RFC 6749 §5.2)", tt.name, resp.Header.Get("WWW-Authenticate"))
			}
		})
	}
}

func TestRefresh(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk)
	first := tokens(t, p)
	clk.Advance(2 * time.Hour)
	refresh := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {str(first, "refresh_token")}}
	status, second := postToken(t, p, refresh, true)
	if status != http.StatusOK || str(second, "access_token") == str(first, "access_token") || str(second, "refresh_token") == str(first, "refresh_token") {
		t.Fatalf("POST /token(refresh) = %d %v, want new access and refresh tokens", status, second)
	}
	claims, err := verifier(p, clk).Verify(t.Context(), str(second, "id_token"), "")
	if err != nil || claims.Nonce != "" || !claims.IssuedAt.Equal(clk.Now()) {
		t.Errorf("Verify(refreshed id_token) = %+v, %v, want a new token without nonce", claims, err)
	}
	// The refresh token was rotated: the old one is spent.
	if status, body := postToken(t, p, refresh, true); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Errorf("POST /token(old refresh token) = %d %v, want 400 invalid_grant", status, body)
	}
	// The first access token expired meanwhile, the new one works.
	for _, tt := range []struct {
		token string
		want  int
	}{{str(first, "access_token"), http.StatusUnauthorized}, {str(second, "access_token"), http.StatusOK}} {
		if resp, _ := get(t, p, "/userinfo", nil, http.Header{"Authorization": {"Bearer " + tt.token}}); resp.StatusCode != tt.want {
			t.Errorf("GET /userinfo = %d, want %d", resp.StatusCode, tt.want)
		}
	}
}

// WithClientSecretJWT: the client secret must be Apple's ES256 JWT, with
// the key ID, iss the team, sub the client, aud the issuer and exp to come.
func TestClientSecretJWT(t *testing.T) {
	clk := newClock()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := newProvider(t, clk, oauthtest.WithClient("com.example.web", ""),
		oauthtest.WithClientSecretJWT(&key.PublicKey, "TEAM", "KEY1"))
	now := clk.Now()
	claims := func(edit func(m map[string]any)) map[string]any {
		m := map[string]any{"iss": "TEAM", "sub": "com.example.web", "aud": p.Issuer(),
			"iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix()}
		if edit != nil {
			edit(m)
		}
		return m
	}
	tests := []struct {
		name   string
		key    *ecdsa.PrivateKey
		kid    string
		claims map[string]any
		secret string // used instead of a JWT when set
		want   int
	}{
		{"valid", key, "KEY1", claims(nil), "", http.StatusOK},
		{"aud a list with the issuer", key, "KEY1", claims(func(m map[string]any) { m["aud"] = []string{"x", p.Issuer()} }), "", http.StatusOK},
		{"another key", other, "KEY1", claims(nil), "", http.StatusUnauthorized},
		{"another kid", key, "KEY2", claims(nil), "", http.StatusUnauthorized},
		{"no kid", key, "", claims(nil), "", http.StatusUnauthorized},
		{"another team", key, "KEY1", claims(func(m map[string]any) { m["iss"] = "OTHER" }), "", http.StatusUnauthorized},
		{"another client", key, "KEY1", claims(func(m map[string]any) { m["sub"] = "com.example.other" }), "", http.StatusUnauthorized},
		{"another audience", key, "KEY1", claims(func(m map[string]any) { m["aud"] = "https://appleid.apple.com" }), "", http.StatusUnauthorized},
		{"expired", key, "KEY1", claims(func(m map[string]any) { m["exp"] = now.Add(-time.Second).Unix() }), "", http.StatusUnauthorized},
		{"no exp", key, "KEY1", claims(func(m map[string]any) { delete(m, "exp") }), "", http.StatusUnauthorized},
		{"issued in the future", key, "KEY1", claims(func(m map[string]any) { m["iat"] = now.Add(time.Hour).Unix() }), "", http.StatusUnauthorized},
		{"a fixed secret", nil, "", nil, "test-secret", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			secret := tt.secret
			if secret == "" {
				if secret, err = jose.Sign(tt.key, jose.ES256, tt.kid, tt.claims); err != nil {
					t.Fatal(err)
				}
			}
			form := exchangeForm(code(t, p))
			form.Set("client_id", "com.example.web")
			form.Set("client_secret", secret)
			status, body := postToken(t, p, form, false)
			if status != tt.want || (status != http.StatusOK && body["error"] != "invalid_client") {
				t.Fatalf("POST /token(%s) = %d %v, want %d", tt.name, status, body, tt.want)
			}
		})
	}
}

// WithClientSecretJWT refuses what is not a P-256 key with IDs.
func TestClientSecretJWTOptions(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opt  oauthtest.Option
	}{
		{"no key", oauthtest.WithClientSecretJWT(nil, "TEAM", "KEY")},
		{"P-384", oauthtest.WithClientSecretJWT(&key.PublicKey, "TEAM", "KEY")},
		{"no key ID", oauthtest.WithClientSecretJWT(&key.PublicKey, "TEAM", "")},
	}
	for _, tt := range tests {
		if p, err := oauthtest.Start(tt.opt); err == nil {
			p.Close()
			t.Errorf("Start(WithClientSecretJWT %s) = nil error, want a refusal", tt.name)
		}
	}
}

// RFC 9700 §4.14.2: with WithRefreshReuseDetection a spent refresh token
// used again revokes the grant, the tokens its rotation gave included;
// without it, it is merely unknown.
func TestRefreshReuse(t *testing.T) {
	tests := []struct {
		name            string
		opts            []oauthtest.Option
		wantRevocations int
		wantUserinfo    int // the rotated access token at /userinfo afterwards
		wantRefresh     int // the rotated refresh token afterwards
	}{
		{"detection", []oauthtest.Option{oauthtest.WithRefreshReuseDetection()}, 1, http.StatusUnauthorized, http.StatusBadRequest},
		{"no detection", nil, 0, http.StatusOK, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProvider(t, nil, tt.opts...)
			first := tokens(t, p)
			spent := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {str(first, "refresh_token")}}
			status, second := postToken(t, p, spent, true)
			if status != http.StatusOK {
				t.Fatalf("POST /token(refresh) = %d %v, want 200", status, second)
			}
			if status, body := postToken(t, p, spent, true); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
				t.Errorf("POST /token(spent refresh token) = %d %v, want 400 invalid_grant", status, body)
			}
			if got := p.Revocations(); got != tt.wantRevocations {
				t.Errorf("Revocations() = %d, want %d", got, tt.wantRevocations)
			}
			if resp, _ := get(t, p, "/userinfo", nil, http.Header{"Authorization": {"Bearer " + str(second, "access_token")}}); resp.StatusCode != tt.wantUserinfo {
				t.Errorf("GET /userinfo(rotated access token) = %d, want %d", resp.StatusCode, tt.wantUserinfo)
			}
			rotated := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {str(second, "refresh_token")}}
			if status, body := postToken(t, p, rotated, true); status != tt.wantRefresh {
				t.Errorf("POST /token(rotated refresh token) = %d %v, want %d", status, body, tt.wantRefresh)
			}
		})
	}
}
