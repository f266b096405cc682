package oauthtest_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

const (
	redirectURI = "https://app.example/auth/callback"
	testState   = "af0ifjsldkj"
	testNonce   = "n-0S6_WzA2Mj"
	// testVerifier is the code_verifier of RFC 7636 appendix B.
	testVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	// testChallenge is its S256 code_challenge, from the same appendix.
	testChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
)

// ada is the user most tests sign in.
var ada = oauthtest.User{
	Subject: "1001", Email: "ada@example.com", EmailVerified: true, Name: "Ada Lovelace",
	Picture: "https://example.com/ada.png", Username: "ada",
}

// clock is a settable clock, safe for concurrent use.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newClock returns a clock at a fixed time.
func newClock() *clock { return &clock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

// newProvider starts a provider with ada logged in, on clk when not nil.
func newProvider(t *testing.T, clk *clock, opts ...oauthtest.Option) *oauthtest.Provider {
	t.Helper()
	if clk != nil {
		opts = append(opts, oauthtest.WithClock(clk.Now))
	}
	p := oauthtest.NewProvider(t, append([]oauthtest.Option{oauthtest.WithRedirectURI(redirectURI)}, opts...)...)
	p.AddUser(ada)
	p.LogInAs(ada.Subject)
	return p
}

// authParams are a valid authorization request's parameters, changed by
// edit (a parameter set to "" is removed).
func authParams(p *oauthtest.Provider, edit map[string]string) url.Values {
	v := url.Values{
		"client_id": {p.ClientID}, "redirect_uri": {redirectURI}, "response_type": {"code"},
		"scope": {"openid email profile"}, "state": {testState}, "nonce": {testNonce},
		"code_challenge": {testChallenge}, "code_challenge_method": {"S256"},
	}
	for k, val := range edit {
		if val == "" {
			v.Del(k)
		} else {
			v.Set(k, val)
		}
	}
	return v
}

// get sends a GET to the provider and returns the response and its body.
func get(t *testing.T, p *oauthtest.Provider, path string, q url.Values, header http.Header) (*http.Response, string) {
	t.Helper()
	u := p.Issuer() + path
	if q != nil {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	return do(t, p, req)
}

func do(t *testing.T, p *oauthtest.Provider, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := p.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

// authorize sends an authorization request and returns the redirect's
// parameters, failing unless the answer is a redirect to redirectURI.
func authorize(t *testing.T, p *oauthtest.Provider, q url.Values) url.Values {
	t.Helper()
	resp, body := get(t, p, "/authorize", q, nil)
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("GET /authorize = %d %q, want 302", resp.StatusCode, body)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	if base := loc.Scheme + "://" + loc.Host + loc.Path; base != redirectURI {
		t.Fatalf("GET /authorize redirects to %s, want %s", loc, redirectURI)
	}
	return loc.Query()
}

// code runs a valid authorization request and returns the code.
func code(t *testing.T, p *oauthtest.Provider) string {
	t.Helper()
	r := authorize(t, p, authParams(p, nil))
	if r.Get("code") == "" {
		t.Fatalf("GET /authorize redirected with %v, want a code", r)
	}
	return r.Get("code")
}

// postToken posts form to the token endpoint, authenticating with HTTP
// Basic when basic, and returns the status and decoded JSON body.
func postToken(t *testing.T, p *oauthtest.Provider, form url.Values, basic bool) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, p.Endpoints().Token, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if basic {
		req.SetBasicAuth(url.QueryEscape(p.ClientID), url.QueryEscape(p.ClientSecret))
	}
	resp, body := do(t, p, req)
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("POST /token = %d %q, want JSON", resp.StatusCode, body)
	}
	return resp.StatusCode, m
}

// exchangeForm is a valid token request for c.
func exchangeForm(c string) url.Values {
	return url.Values{"grant_type": {"authorization_code"}, "code": {c}, "redirect_uri": {redirectURI}, "code_verifier": {testVerifier}}
}

// tokens signs ada in and returns the token response.
func tokens(t *testing.T, p *oauthtest.Provider) map[string]any {
	t.Helper()
	status, body := postToken(t, p, exchangeForm(code(t, p)), true)
	if status != http.StatusOK {
		t.Fatalf("POST /token = %d %v, want 200", status, body)
	}
	return body
}

// verifier verifies the provider's ID tokens as a client would.
func verifier(p *oauthtest.Provider, clk *clock) *jose.Verifier {
	keys := jose.NewKeySet(p.Endpoints().JWKS, jose.WithHTTPClient(p.Client()), jose.WithClock(clk.Now))
	return jose.NewVerifier(keys, p.Issuer(), p.ClientID, jose.WithClock(clk.Now))
}

// challengeOf returns the S256 code_challenge of a verifier (RFC 7636 §4.2).
func challengeOf(v string) string {
	sum := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// str returns a JSON body's string member.
func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

// bodyOf is form as a request body.
func bodyOf(form url.Values) io.ReadCloser {
	return io.NopCloser(strings.NewReader(form.Encode()))
}
