package oauthtest_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

func TestCodeFlow(t *testing.T) {
	for _, alg := range []string{"RS256", "ES256", "EdDSA"} {
		t.Run(alg, func(t *testing.T) {
			clk := newClock()
			p := newProvider(t, clk, oauthtest.WithAlgorithm(alg))
			r := authorize(t, p, authParams(p, nil))
			if r.Get("state") != testState || r.Get("iss") != p.Issuer() || r.Get("code") == "" {
				t.Fatalf("GET /authorize redirected with %v, want code, state %q and iss %q", r, testState, p.Issuer())
			}
			status, tok := postToken(t, p, exchangeForm(r.Get("code")), true)
			if status != http.StatusOK {
				t.Fatalf("POST /token = %d %v, want 200", status, tok)
			}
			if str(tok, "token_type") != "Bearer" || tok["expires_in"] != 3600.0 || str(tok, "access_token") == "" ||
				str(tok, "refresh_token") == "" || str(tok, "scope") != "openid email profile" {
				t.Errorf("POST /token = %v, want a Bearer token for 3600 s, a refresh token and the scope", tok)
			}

			claims, err := verifier(p, clk).Verify(t.Context(), str(tok, "id_token"), testNonce)
			if err != nil {
				t.Fatalf("Verify(id_token) = %v", err)
			}
			want := jose.Claims{Issuer: p.Issuer(), Subject: ada.Subject, Audience: []string{p.ClientID},
				IssuedAt: clk.Now(), ExpiresAt: clk.Now().Add(time.Hour), Nonce: testNonce, Email: ada.Email,
				EmailVerified: true, Name: ada.Name, Picture: ada.Picture, PreferredUsername: ada.Username}
			claims.Raw = nil
			if got, _ := json.Marshal(claims); string(got) != string(must(json.Marshal(want))) {
				t.Errorf("id_token claims = %s, want %s", got, must(json.Marshal(want)))
			}
			j, _ := jose.Parse(str(tok, "id_token"))
			if j.Header.Algorithm != alg || j.Header.KeyID != p.KeyID() {
				t.Errorf("id_token header = %+v, want alg %s, kid %q", j.Header, alg, p.KeyID())
			}

			resp, body := get(t, p, "/userinfo", nil, http.Header{"Authorization": {"Bearer " + str(tok, "access_token")}})
			var info map[string]any
			json.Unmarshal([]byte(body), &info)
			if resp.StatusCode != http.StatusOK || info["sub"] != ada.Subject || info["email"] != ada.Email || info["email_verified"] != true {
				t.Errorf("GET /userinfo = %d %s, want ada's claims", resp.StatusCode, body)
			}
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestDiscovery(t *testing.T) {
	p := newProvider(t, nil, oauthtest.WithAlgorithm("ES256"))
	resp, body := get(t, p, "/.well-known/openid-configuration", nil, nil)
	var d map[string]any
	if err := json.Unmarshal([]byte(body), &d); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET discovery = %d %q", resp.StatusCode, body)
	}
	e := p.Endpoints()
	for k, want := range map[string]string{
		"issuer": p.Issuer(), "authorization_endpoint": e.Authorization, "token_endpoint": e.Token,
		"userinfo_endpoint": e.UserInfo, "jwks_uri": e.JWKS,
	} {
		if d[k] != want {
			t.Errorf("discovery %s = %v, want %q", k, d[k], want)
		}
	}
	if algs := d["id_token_signing_alg_values_supported"]; len(algs.([]any)) != 1 || algs.([]any)[0] != "ES256" {
		t.Errorf("discovery id_token_signing_alg_values_supported = %v, want [ES256]", algs)
	}
	if m := d["code_challenge_methods_supported"].([]any); len(m) != 1 || m[0] != "S256" {
		t.Errorf("discovery code_challenge_methods_supported = %v, want [S256]", m)
	}

	resp, body = get(t, p, "/jwks", nil, nil)
	keys, err := jose.ParseKeys([]byte(body))
	if err != nil || len(keys) != 1 || keys[0].ID() != p.KeyID() || keys[0].Algorithm() != "ES256" {
		t.Errorf("GET /jwks = %q, %v, want the one ES256 key %q", body, err, p.KeyID())
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/jwk-set+json" {
		t.Errorf("GET /jwks Content-Type = %q, want application/jwk-set+json", ct)
	}
}

func TestUserinfoUnauthorized(t *testing.T) {
	p := newProvider(t, nil)
	tok := str(tokens(t, p), "access_token")
	for _, h := range []string{"", "Bearer", "Bearer made-up", "Basic " + tok, "token " + tok} {
		resp, _ := get(t, p, "/userinfo", nil, http.Header{"Authorization": {h}})
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(resp.Header.Get("WWW-Authenticate"), `error="invalid_token"`) {
			t.Errorf("GET /userinfo(Authorization %q) = %d, WWW-Authenticate %q, want 401 invalid_token", h, resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
		}
	}
}

// Each fault makes the client's check fail with its own error, once.
func TestBreakNextIDToken(t *testing.T) {
	tests := []struct {
		fault oauthtest.Fault
		want  error
	}{
		{oauthtest.WrongAudience, jose.ErrWrongAudience},
		{oauthtest.WrongIssuer, jose.ErrWrongIssuer},
		{oauthtest.Expired, jose.ErrExpired},
		{oauthtest.BadSignature, jose.ErrBadSignature},
		{oauthtest.WrongNonce, jose.ErrNonceMismatch},
		{oauthtest.UnknownKey, jose.ErrUnknownKey},
	}
	for _, alg := range []string{"RS256", "ES256", "EdDSA"} {
		clk := newClock()
		p := newProvider(t, clk, oauthtest.WithAlgorithm(alg))
		v := verifier(p, clk)
		for _, tt := range tests {
			t.Run(alg+"/"+tt.fault.String(), func(t *testing.T) {
				p.BreakNextIDToken(tt.fault)
				_, err := v.Verify(t.Context(), str(tokens(t, p), "id_token"), testNonce)
				if !errors.Is(err, tt.want) {
					t.Fatalf("Verify(id_token with %v) = %v, want %v", tt.fault, err, tt.want)
				}
				if _, err := v.Verify(t.Context(), str(tokens(t, p), "id_token"), testNonce); err != nil {
					t.Fatalf("Verify(the next id_token) = %v, want nil", err)
				}
			})
		}
	}

	t.Run("several at once", func(t *testing.T) {
		clk := newClock()
		p := newProvider(t, clk)
		p.BreakNextIDToken(oauthtest.Expired, oauthtest.WrongNonce, oauthtest.WrongAudience)
		j, err := jose.Parse(str(tokens(t, p), "id_token"))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := jose.ParseClaims(j.Payload)
		if !c.ExpiresAt.Before(clk.Now()) || c.Nonce == testNonce || c.Audience[0] == p.ClientID {
			t.Fatalf("id_token claims = %+v, want expired, another nonce and another audience", c)
		}
	})
}

func TestRotateKeys(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk)
	v := verifier(p, clk)
	old := str(tokens(t, p), "id_token")
	if _, err := v.Verify(t.Context(), old, testNonce); err != nil {
		t.Fatalf("Verify(before rotation) = %v", err)
	}
	kid := p.KeyID()
	p.RotateKeys()
	if p.KeyID() == kid {
		t.Fatalf("KeyID() after RotateKeys = %q, want a new one", kid)
	}
	_, body := get(t, p, "/jwks", nil, nil)
	keys, err := jose.ParseKeys([]byte(body))
	if err != nil || len(keys) != 1 || keys[0].ID() != p.KeyID() {
		t.Fatalf("GET /jwks after RotateKeys = %s, want only key %q", body, p.KeyID())
	}
	// The client's cached set lacks the new kid and fetches it.
	tok := str(tokens(t, p), "id_token")
	if j, _ := jose.Parse(tok); j.Header.KeyID != p.KeyID() {
		t.Errorf("id_token kid = %q, want %q", j.Header.KeyID, p.KeyID())
	}
	if _, err := v.Verify(t.Context(), tok, testNonce); err != nil {
		t.Errorf("Verify(after rotation) = %v, want nil", err)
	}
	if _, err := v.Verify(t.Context(), old, testNonce); !errors.Is(err, jose.ErrUnknownKey) {
		t.Errorf("Verify(signed by the removed key) = %v, want %v", err, jose.ErrUnknownKey)
	}
}

func TestRequests(t *testing.T) {
	p := newProvider(t, nil)
	tokens(t, p)
	reqs := p.Requests()
	var paths []string
	for _, r := range reqs {
		paths = append(paths, r.Method+" "+r.Path)
	}
	if want := []string{"GET /authorize", "POST /token"}; !slices.Equal(paths, want) {
		t.Fatalf("Requests() = %q, want %q", paths, want)
	}
	auth, tok := reqs[0], reqs[1]
	if auth.Form.Get("code_challenge") != testChallenge || auth.PostForm.Has("code_challenge") {
		t.Errorf("Requests()[0].Form = %v, want the query's code_challenge", auth.Form)
	}
	if tok.PostForm.Get("code_verifier") != testVerifier || tok.PostForm.Has("client_secret") {
		t.Errorf("Requests()[1].PostForm = %v, want code_verifier and no client_secret", tok.PostForm)
	}
	if !strings.HasPrefix(tok.Header.Get("Authorization"), "Basic ") {
		t.Errorf("Requests()[1].Header Authorization = %q, want Basic", tok.Header.Get("Authorization"))
	}
	// The record is a copy.
	reqs[1].PostForm.Set("code_verifier", "changed")
	if p.Requests()[1].PostForm.Get("code_verifier") != testVerifier {
		t.Errorf("changing Requests()'s result changed the record")
	}
}

func TestTLS(t *testing.T) {
	clk := newClock()
	p := newProvider(t, clk, oauthtest.WithTLS())
	if !strings.HasPrefix(p.Issuer(), "https://") {
		t.Fatalf("Issuer() = %q, want https", p.Issuer())
	}
	if _, err := verifier(p, clk).Verify(t.Context(), str(tokens(t, p), "id_token"), testNonce); err != nil {
		t.Fatalf("Verify(over TLS) = %v", err)
	}
}

func TestStart(t *testing.T) {
	if p, err := oauthtest.Start(oauthtest.WithAlgorithm("HS256")); err == nil {
		p.Close()
		t.Fatalf("Start(WithAlgorithm(HS256)) = nil error, want one")
	}
	p, err := oauthtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.ClientID != oauthtest.DefaultClientID || p.ClientSecret != oauthtest.DefaultClientSecret {
		t.Errorf("Start() client = %q, %q, want the defaults", p.ClientID, p.ClientSecret)
	}
	for _, tt := range []struct {
		name string
		call func()
	}{
		{"LogInAs unknown", func() { p.LogInAs("nobody") }},
		{"AddUser without subject", func() { p.AddUser(oauthtest.User{Email: "a@example.com"}) }},
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
}
