package oauthtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

const fuzzRedirect = "https://app.example/callback"

// FuzzAuthorize: whatever the query, the authorize endpoint does not panic
// and redirects only to a registered URI, never elsewhere (RFC 6749
// §4.1.2.1); it answers 302, a 200 form_post page to the registered URI,
// or 400.
func FuzzAuthorize(f *testing.F) {
	p := NewProvider(f, WithRedirectURI(fuzzRedirect, fuzzRedirect+"?x=1"))
	p.AddUser(User{Subject: "1"})
	p.LogInAs("1")
	valid := url.Values{
		"client_id": {p.ClientID}, "redirect_uri": {fuzzRedirect}, "response_type": {"code"},
		"scope": {"openid"}, "state": {"s"}, "nonce": {"n"}, "code_challenge_method": {"S256"},
		"code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"},
	}
	f.Add(valid.Encode())
	for k := range valid {
		v := cloneValues(valid)
		v.Del(k)
		f.Add(v.Encode())
	}
	f.Add(valid.Encode() + "&response_mode=form_post")
	f.Add(valid.Encode() + "&redirect_uri=https://evil.example/")
	f.Add("redirect_uri=https%3A%2F%2Fapp.example%2Fcallback%3Fx%3D1&client_id=" + p.ClientID)
	f.Add("")
	f.Add("%zz&;")
	h := p.srv.Config.Handler
	f.Fuzz(func(t *testing.T, query string) {
		req := httptest.NewRequest(http.MethodGet, "/authorize", nil)
		req.URL.RawQuery = query
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		switch w.Code {
		case http.StatusFound:
			loc := w.Header().Get("Location")
			base, _, _ := strings.Cut(loc, "?")
			if !strings.HasPrefix(loc, fuzzRedirect+"?") || (base != fuzzRedirect) {
				t.Fatalf("GET /authorize?%s redirects to %q, not a registered URI", query, loc)
			}
		case http.StatusOK:
			if !strings.Contains(w.Body.String(), `action="`+fuzzRedirect) {
				t.Fatalf("GET /authorize?%s posts elsewhere: %s", query, w.Body)
			}
		case http.StatusBadRequest:
			if w.Header().Get("Location") != "" {
				t.Fatalf("GET /authorize?%s = 400 with a Location", query)
			}
		default:
			t.Fatalf("GET /authorize?%s = %d", query, w.Code)
		}
	})
}

// FuzzToken: whatever the form, the token endpoint does not panic and
// answers a JSON error of RFC 6749 §5.2, or tokens only for a valid code.
func FuzzToken(f *testing.F) {
	p := NewProvider(f, WithRedirectURI(fuzzRedirect))
	f.Add("grant_type=authorization_code&code=x&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk&client_id=" + p.ClientID + "&client_secret=" + p.ClientSecret)
	f.Add("grant_type=refresh_token&refresh_token=x&client_id=" + p.ClientID + "&client_secret=" + p.ClientSecret)
	f.Add("grant_type=password")
	f.Add("%zz")
	h := p.srv.Config.Handler
	codes := []string{"invalid_request", "invalid_client", "invalid_grant", "unsupported_grant_type"}
	f.Fuzz(func(t *testing.T, form string) {
		req := httptest.NewRequest(http.MethodPost, "/token", strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var body struct{ Error string }
		if w.Code == http.StatusBadRequest && strings.HasPrefix(w.Body.String(), "oauthtest:") {
			return // an unparsable form
		}
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || !slices.Contains(codes, body.Error) {
			t.Fatalf("POST /token %q = %d %s, want an RFC 6749 §5.2 error", form, w.Code, w.Body)
		}
	})
}
