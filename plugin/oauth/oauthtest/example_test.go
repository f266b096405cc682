package oauthtest_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/plugin/oauth/oauthtest"
)

// The authorization code flow against the provider, as a client drives
// it: the authorize endpoint answers at once with the code, which the
// token endpoint exchanges for tokens. In a test, NewProvider(t, ...)
// replaces Start and Close.
func ExampleStart() {
	p, err := oauthtest.Start(oauthtest.WithRedirectURI("https://app.example/callback"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	p.AddUser(oauthtest.User{Subject: "1001", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})
	p.LogInAs("1001")

	// RFC 7636 appendix B's verifier and challenge.
	authorize := p.Endpoints().Authorization + "?" + url.Values{
		"client_id": {p.ClientID}, "redirect_uri": {"https://app.example/callback"},
		"response_type": {"code"}, "scope": {"openid email"}, "state": {"xyz"}, "nonce": {"n-1"},
		"code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"}, "code_challenge_method": {"S256"},
	}.Encode()
	resp, err := p.Client().Get(authorize)
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	callback, _ := url.Parse(resp.Header.Get("Location"))
	fmt.Println(resp.StatusCode, callback.Path, callback.Query().Get("state"))

	form := url.Values{
		"grant_type": {"authorization_code"}, "code": {callback.Query().Get("code")},
		"redirect_uri":  {"https://app.example/callback"},
		"code_verifier": {"dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"},
		"client_id":     {p.ClientID}, "client_secret": {p.ClientSecret},
	}
	resp, err = p.Client().PostForm(p.Endpoints().Token, form)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var tok struct {
		TokenType string `json:"token_type"`
		ExpiresIn int    `json:"expires_in"`
		IDToken   string `json:"id_token"`
	}
	json.NewDecoder(resp.Body).Decode(&tok)
	fmt.Println(resp.StatusCode, tok.TokenType, tok.ExpiresIn, strings.Count(tok.IDToken, "."))

	// The code works once only.
	resp, err = p.Client().PostForm(p.Endpoints().Token, form)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var failure struct{ Error string }
	json.NewDecoder(resp.Body).Decode(&failure)
	fmt.Println(resp.StatusCode, failure.Error)
	// Output:
	// 302 /callback xyz
	// 200 Bearer 3600 2
	// 400 invalid_grant
}

// A test makes the next ID token wrong, to see the client refuse it.
func ExampleProvider_BreakNextIDToken() {
	p, err := oauthtest.Start(oauthtest.WithRedirectURI("https://app.example/callback"), oauthtest.WithAlgorithm("EdDSA"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	p.AddUser(oauthtest.User{Subject: "1001"})
	p.LogInAs("1001")
	p.BreakNextIDToken(oauthtest.WrongAudience)

	resp, _ := p.Client().Get(p.Endpoints().Authorization + "?" + url.Values{
		"client_id": {p.ClientID}, "redirect_uri": {"https://app.example/callback"},
		"response_type": {"code"}, "scope": {"openid"}, "state": {"xyz"}, "nonce": {"n-1"},
		"code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"}, "code_challenge_method": {"S256"},
	}.Encode())
	resp.Body.Close()
	callback, _ := url.Parse(resp.Header.Get("Location"))
	req, _ := http.NewRequest(http.MethodPost, p.Endpoints().Token, strings.NewReader(url.Values{
		"grant_type": {"authorization_code"}, "code": {callback.Query().Get("code")},
		"redirect_uri": {"https://app.example/callback"}, "code_verifier": {"dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"},
	}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(p.ClientID, p.ClientSecret)
	resp, err = p.Client().Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var tok struct {
		IDToken string `json:"id_token"`
	}
	json.NewDecoder(resp.Body).Decode(&tok)

	payload, _ := base64.RawURLEncoding.DecodeString(strings.Split(tok.IDToken, ".")[1])
	var claims struct{ Aud string }
	json.Unmarshal(payload, &claims)
	fmt.Println(claims.Aud)
	// Output: another-client
}
