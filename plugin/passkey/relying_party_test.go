package passkey

import (
	"strings"
	"testing"
)

func TestCheckRPID(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"example.com", true},
		{"auth.example.com", true},
		{"localhost", true},
		{"app.localhost", true},
		{"shop.github.io", true},
		{"com", false},
		{"co.uk", false},
		{"github.io", false},
		{"127.0.0.1", false},
		{"::1", false},
		{"", false},
		{"example.com:443", false},
		{"https://example.com", false},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			if err := checkRPID(tt.id); (err == nil) != tt.ok {
				t.Errorf("checkRPID(%q) = %v, want ok %v", tt.id, err, tt.ok)
			}
		})
	}
}

func TestCheckOrigin(t *testing.T) {
	tests := []struct {
		rpID, origin, want string
	}{
		{"example.com", "https://example.com", "https://example.com"},
		{"example.com", "https://App.Example.com:8443/", "https://app.example.com:8443"},
		{"localhost", "http://localhost:8080", "http://localhost:8080"},
		{"localhost", "http://app.localhost", "http://app.localhost"},
		{"example.com", "http://example.com", ""},           // not a secure context
		{"example.com", "https://notexample.com", ""},       // not under the ID
		{"example.com", "https://example.com.evil.io", ""},  // not under the ID
		{"auth.example.com", "https://app.example.com", ""}, // a sibling, not a child
		{"example.com", "https://example.com/path", ""},     // not an origin
		{"example.com", "https://example.com?query", ""},    // not an origin
		{"localhost", "http://127.0.0.1:8080", ""},          // an address is not the ID
		{"example.com", "example.com", ""},                  // no scheme
	}
	for _, tt := range tests {
		rp := &relyingParty{id: tt.rpID}
		got, err := rp.checkOrigin(tt.origin)
		if got != tt.want || (err == nil) != (tt.want != "") {
			t.Errorf("checkOrigin(%q) with RP ID %q = %q, %v, want %q", tt.origin, tt.rpID, got, err, tt.want)
		}
	}
}

func TestCredentialKey(t *testing.T) {
	key := CredentialKey([]byte("credential"))
	if got, err := normalizeKey(key); err != nil || got != key {
		t.Errorf("normalizeKey(CredentialKey(...)) = %q, %v, want %q", got, err, key)
	}
	for _, bad := range []string{"", "short", strings.Repeat("A", 42), strings.Repeat("A", 44), strings.Repeat("A", 42) + "B", strings.Repeat("+", 43)} {
		if got, err := normalizeKey(bad); err == nil {
			t.Errorf("normalizeKey(%q) = %q, want an error", bad, got)
		}
	}
}
