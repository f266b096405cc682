package oauth

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/sesame-go/sesame/auth"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// printings returns v as every fmt verb and both slog handlers write it,
// by how it was written.
func printings(v any) map[string]string {
	out := map[string]string{}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d"} {
		out[verb] = fmt.Sprintf(verb, v)
	}
	var text, js bytes.Buffer
	slog.New(slog.NewTextHandler(&text, nil)).Info("printed", "value", v)
	slog.New(slog.NewJSONHandler(&js, nil)).Info("printed", "value", v)
	out["slog text"], out["slog JSON"] = text.String(), js.String()
	return out
}

// leak returns the first of the secrets, or of their hex and base64
// forms, that out holds, or "".
func leak(out string, secrets ...string) string {
	for _, s := range secrets {
		for _, form := range []string{s, hex.EncodeToString([]byte(s)), base64.StdEncoding.EncodeToString([]byte(s))} {
			if strings.Contains(out, form) {
				return form
			}
		}
	}
	return ""
}

// TestProviderPrints: a provider prints as oauth.Provider(<name>) in every
// verb and in slog, and never its client secret or a part of it, although
// the secret is an unexported field that fmt would print in clear.
func TestProviderPrints(t *testing.T) {
	const secret = "AlphaQ7-BravoQ8-CharlieQ9"
	e := Endpoints{Authorization: "https://id.example/authorize", Token: "https://id.example/token", UserInfo: "https://id.example/me"}
	tests := []struct {
		name string
		p    *Provider
		want string
	}{
		{"oidc", OIDC("acme", "https://id.example", "client-id", auth.NewSecret(secret)), "oauth.Provider(acme)"},
		{"oauth2", OAuth2("plain", e, StandardClaims, "client-id", auth.NewSecret(secret)), "oauth.Provider(plain)"},
		{"github", GitHub("client-id", auth.NewSecret(secret), WithClientSecretPost()), "oauth.Provider(github)"},
		{"nil", nil, "oauth.Provider(nil)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for how, out := range printings(tt.p) {
				if found := leak(out, append(strings.Split(secret, "-"), secret)...); found != "" {
					t.Errorf("%s of the provider = %q, holds %q of its secret", how, out, found)
				}
				if !strings.Contains(out, tt.want) || (strings.HasPrefix(how, "%") && out != tt.want) {
					t.Errorf("%s of the provider = %q, want %q", how, out, tt.want)
				}
			}
		})
	}
}

// TestSecretsDoNotPrint prints every type that carries a token or a
// code, filled with known secrets, in every verb and in slog: none of
// the secrets may show.
func TestSecretsDoNotPrint(t *testing.T) {
	secrets := []string{"accessQ1", "refreshQ2", "codeQ3", "verifierQ4", "callbackCodeQ5", "browserQ6",
		"answerAccessQ7", "answerRefreshQ8", "idTokenQ9", "bearerQ10", "clientSecretQ11", "stateVerifierQ12"}
	token := Token{AccessToken: auth.NewSecret("accessQ1"), RefreshToken: auth.NewSecret("refreshQ2"), Expiry: time.Unix(1_700_000_000, 0).UTC(), Scope: "openid"}
	answer := tokenResponse{AccessToken: auth.NewSecret("answerAccessQ7"), TokenType: "Bearer", RefreshToken: auth.NewSecret("answerRefreshQ8"),
		ExpiresIn: 3600, IDToken: auth.NewSecret("idTokenQ9"), Scope: "openid"}
	key := bytes.Repeat([]byte{0xA5}, 32)
	provider := OIDC("acme", "https://id.example", "client-id", auth.NewSecret("clientSecretQ11"))
	plugin := New([]*Provider{provider}, WithTokenKeys(key))
	result := &verified{provider: provider, state: &stateData{Provider: "acme", Verifier: "stateVerifierQ12"},
		info: UserInfo{Subject: "s"}, tokens: &answer}
	tests := []struct {
		name  string
		value any
	}{
		{"Token", token},
		{"*Token", &token},
		{"[]Token", []Token{token}},
		{"ExchangeRequest", ExchangeRequest{Code: auth.NewSecret("codeQ3"), CodeVerifier: auth.NewSecret("verifierQ4"), Nonce: "nonce",
			RedirectURI: "https://app.example/auth/oauth/acme/callback", Params: url.Values{"state": {"state"}, "iss": {"https://id.example"}}}},
		{"CallbackRequest", &CallbackRequest{Provider: "acme", State: "state", Code: auth.NewSecret("callbackCodeQ5"), Browser: auth.NewSecret("browserQ6")}},
		{"tokenResponse", answer},
		{"fetcher", fetcher{client: http.DefaultClient, Token: auth.NewSecret("bearerQ10")}},
		{"*fetcher", &fetcher{client: http.DefaultClient, Token: auth.NewSecret("bearerQ10")}},
		{"*verified", result},
		{"CallbackRequest with its result", &CallbackRequest{Provider: "acme", State: "state", Code: auth.NewSecret("callbackCodeQ5"),
			Browser: auth.NewSecret("browserQ6"), result: result}},
		{"[]*Provider", []*Provider{provider}},
		{"*Plugin", plugin},
		// A host's struct holding them in unexported fields: fmt prints
		// what such a pointer points to, without its methods, for a verb
		// that does not suit a pointer (%s, %q, %x, %d).
		{"host struct", struct {
			name     string
			provider *Provider
			plugin   *Plugin
		}{"host", provider, plugin}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for how, out := range printings(tt.value) {
				if found := leak(out, secrets...); found != "" {
					t.Errorf("%s of %s = %q, holds %q", how, tt.name, out, found)
				}
				if strings.Contains(out, "a5a5a5a5") || strings.Contains(out, "165 165 165") {
					t.Errorf("%s of %s = %q, holds the token key", how, tt.name, out)
				}
			}
		})
	}
	// The secrets are still there for the code that must use them.
	if token.AccessToken.Reveal() != "accessQ1" || answer.IDToken.Reveal() != "idTokenQ9" {
		t.Errorf("Reveal() = %q, %q, want the values set", token.AccessToken.Reveal(), answer.IDToken.Reveal())
	}
}

// TestSecretsDecode: a callback's code decodes from JSON (as the routes
// decode query and form values) into its Secret with its value.
func TestSecretsDecode(t *testing.T) {
	var in CallbackRequest
	if err := json.Unmarshal([]byte(`{"provider":"acme","state":"st","code":"codeQ3"}`), &in); err != nil {
		t.Fatal(err)
	}
	if got := in.Code.Reveal(); got != "codeQ3" {
		t.Errorf("json.Unmarshal(code) = %q, want %q", got, "codeQ3")
	}
}
