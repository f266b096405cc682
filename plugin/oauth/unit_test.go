package oauth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"testing"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

func TestParseTokenResponse(t *testing.T) {
	tests := []struct {
		name, ct, body string
		wantErr        bool
		wantExpires    int64
	}{
		{"json", "application/json", `{"access_token":"a","token_type":"Bearer","expires_in":3600}`, false, 3600},
		{"github form", "application/x-www-form-urlencoded", "access_token=a&token_type=bearer&scope=user", false, 0},
		{"string expiry", "application/json", `{"access_token":"a","expires_in":"60"}`, false, 60},
		{"error", "application/json", `{"error":"invalid_grant"}`, true, 0},
		{"no token", "application/json", `{"token_type":"Bearer"}`, true, 0},
		{"mac", "application/json", `{"access_token":"a","token_type":"mac"}`, true, 0},
		{"not json", "application/json", `[`, true, 0},
		{"negative", "application/json", `{"access_token":"a","expires_in":-1}`, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseTokenResponse(tt.ct, []byte(tt.body))
			if (err != nil) != tt.wantErr || got.ExpiresIn != tt.wantExpires {
				t.Fatalf("parseTokenResponse(%q) = %+v, %v, want error %v", tt.body, got, err, tt.wantErr)
			}
		})
	}
}

func TestMappers(t *testing.T) {
	u, err := mapGitHubUser([]byte(`{"id":583231,"login":"octocat","name":null,"avatar_url":"https://a/x.png"}`))
	if err != nil || u.Subject != "583231" || u.Username != "octocat" {
		t.Fatalf("mapGitHubUser = %+v, %v", u, err)
	}
	addr, verified, err := mapGitHubEmails([]byte(`[{"email":"x@y","primary":false,"verified":true},{"email":"o@y","primary":true,"verified":false}]`))
	if err != nil || addr != "o@y" || verified {
		t.Fatalf("mapGitHubEmails = %q %v %v, want the primary, unverified", addr, verified, err)
	}
	d, err := mapDiscord([]byte(`{"id":"80351110224678912","username":"nelly","global_name":"Nelly","email":"n@d","verified":true,"avatar":"8342"}`))
	if err != nil || d.Name != "Nelly" || !d.EmailVerified || d.Picture == "" {
		t.Fatalf("mapDiscord = %+v, %v", d, err)
	}
	if _, err := StandardClaims([]byte(`{"email":"a@b"}`)); !errors.Is(err, errNoSubject) {
		t.Fatalf("StandardClaims without sub = %v, want errNoSubject", err)
	}
	if got := appleUser(`{"name":{"firstName":"Ada","lastName":"Lovelace"}}`); got != "Ada Lovelace" {
		t.Fatalf("appleUser = %q", got)
	}
}

// TestAppleSecret checks the client-secret JWT Apple wants: ES256 with
// the key ID, iss the team, sub the client, aud Apple.
func TestAppleSecret(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	p := Apple("com.example.web", "TEAM123", "KEY456", key)
	if err := p.check(); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0)
	tok, err := p.clientSecret(now)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := jose.Parse(tok)
	if err != nil || jws.Header.KeyID != "KEY456" || jws.Header.Algorithm != jose.ES256 {
		t.Fatalf("Parse = %+v, %v", jws, err)
	}
	pub, _ := jose.NewKey("KEY456", key.Public())
	if err := jws.Verify(pub); err != nil {
		t.Fatalf("Verify = %v", err)
	}
	c, err := jose.ParseClaims(jws.Payload)
	if err != nil || c.Issuer != "TEAM123" || c.Subject != "com.example.web" || c.Audience[0] != "https://appleid.apple.com" ||
		!c.ExpiresAt.After(now) {
		t.Fatalf("claims = %+v, %v", c, err)
	}
	// Pointed at another issuer, such as a test provider, the secret's
	// audience follows.
	tok, err = Apple("com.example.web", "TEAM123", "KEY456", key, WithIssuer("https://idp.example/")).clientSecret(now)
	if err != nil {
		t.Fatal(err)
	}
	if jws, err = jose.Parse(tok); err != nil {
		t.Fatal(err)
	}
	if c, err := jose.ParseClaims(jws.Payload); err != nil || len(c.Audience) != 1 || c.Audience[0] != "https://idp.example" {
		t.Fatalf("claims with WithIssuer = %+v, %v, want aud https://idp.example", c, err)
	}
	if err := Apple("x", "", "", nil).check(); err == nil {
		t.Fatal("Apple without a key passed the check")
	}
}
