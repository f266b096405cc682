package passkey

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCredentialAccount: the rate key read from an untrusted sign-in body
// never panics, and is empty or the "id" the body holds.
func FuzzCredentialAccount(f *testing.F) {
	f.Add(`{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{}}`)
	f.Add(`{"id":""}`)
	f.Add(`{"id":1}`)
	f.Add(`[]`)
	f.Add(`{"id":"` + strings.Repeat("A", 1500) + `"}`)
	f.Fuzz(func(t *testing.T, body string) {
		key := credentialAccount(SignInRequest{Credential: json.RawMessage(body)})
		if key == "" {
			return
		}
		var c struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(body), &c); err != nil || key != "passkey\x00"+c.ID || c.ID == "" || len(c.ID) > 1400 {
			t.Fatalf("credentialAccount(%q) = %q", body, key)
		}
	})
}

// FuzzNormalizeKey: a passkey identity's value is accepted only in the
// one spelling CredentialKey makes, and an error means no value.
func FuzzNormalizeKey(f *testing.F) {
	f.Add(CredentialKey([]byte("x")))
	f.Add(strings.Repeat("A", 42) + "B")
	f.Add("")
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := normalizeKey(raw)
		if err != nil {
			if got != "" {
				t.Fatalf("normalizeKey(%q) = %q with error %v", raw, got, err)
			}
			return
		}
		b, derr := base64.RawURLEncoding.DecodeString(got)
		if got != raw || derr != nil || len(b) != 32 || base64.RawURLEncoding.EncodeToString(b) != raw {
			t.Fatalf("normalizeKey(%q) = %q, which is not a canonical key", raw, got)
		}
	})
}

// FuzzCheckOrigin: an accepted origin is canonical (it checks as itself)
// and is the relying party ID or under it.
func FuzzCheckOrigin(f *testing.F) {
	for _, s := range []string{"https://example.com", "https://a.example.com:8443/", "http://localhost:1",
		"https://example.com.evil.io", "https://EXAMPLE.com", "https://[::1]", "https://example.com%2f.evil"} {
		f.Add(s)
	}
	rp := &relyingParty{id: "example.com"}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := rp.checkOrigin(raw)
		if err != nil {
			if got != "" {
				t.Fatalf("checkOrigin(%q) = %q with error %v", raw, got, err)
			}
			return
		}
		again, err := rp.checkOrigin(got)
		if err != nil || again != got {
			t.Fatalf("checkOrigin(%q) = %q, which checks as %q, %v", raw, got, again, err)
		}
		host := strings.TrimPrefix(got, "https://")
		if i := strings.LastIndex(host, ":"); i >= 0 && !strings.Contains(host[i:], "]") {
			host = host[:i]
		}
		if host != "example.com" && !strings.HasSuffix(host, ".example.com") {
			t.Fatalf("checkOrigin(%q) = %q, not under example.com", raw, got)
		}
	})
}
