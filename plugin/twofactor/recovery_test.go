package twofactor

import (
	"bytes"
	"regexp"
	"testing"
)

func TestRecoveryCodes(t *testing.T) {
	shape := regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$`)
	seen := map[string]bool{}
	for range 1000 {
		code := newRecoveryCode()
		if !shape.MatchString(code) || seen[code] {
			t.Fatalf("newRecoveryCode() = %q: want XXXX-XXXX-XXXX-XXXX in Crockford's alphabet, never twice", code)
		}
		seen[code] = true
	}
	want := recoveryHash("0A1B-2C3D-4E5F-6G7H")
	for _, typed := range []string{"0a1b 2c3d 4e5f 6g7h", "0A1B2C3D4E5F6G7H", "oA1B-2C3D-4E5F-6G7H", " 0A1B-2C3D-4E5F-6G7H "} {
		if got := recoveryHash(typed); !bytes.Equal(got, want) {
			t.Errorf("recoveryHash(%q) differs from the code's", typed)
		}
	}
	if bytes.Equal(recoveryHash("0A1B-2C3D-4E5F-6G7J"), want) {
		t.Error("two different codes hash alike")
	}
}

func TestConfigCheck(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []Option
		ok   bool
	}{
		{"defaults", nil, true},
		{"no recovery codes", []Option{WithRecoveryCodes(0)}, false},
		{"a short sealing key", []Option{WithSecretKeys(make([]byte, 16))}, false},
		{"a session allowed more than the account", []Option{WithLockout(10, 5, 0)}, false},
		{"no policy", []Option{WithPolicy(nil)}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := newConfig(tt.opts)
			if err := c.check(); (err == nil) != tt.ok {
				t.Errorf("check() = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
