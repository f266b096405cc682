package totp

import (
	"bytes"
	"errors"
	"testing"
)

// TestBase32: RFC 4648 §10's vectors without padding, and the forms
// people type: lower case, spaces, padding.
func TestBase32(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" with ok false is an error
		ok   bool
	}{
		// RFC 4648 §10
		{"", "", true},
		{"MY", "f", true},
		{"MZXQ", "fo", true},
		{"MZXW6", "foo", true},
		{"MZXW6YQ", "foob", true},
		{"MZXW6YTB", "fooba", true},
		{"MZXW6YTBOI", "foobar", true},
		{"MZXW6YTBOI======", "foobar", true},
		{"MY======", "f", true},
		{"mzxw6ytboi", "foobar", true},
		{"MzXw6 yTbO i", "foobar", true},
		{"  MZXW 6YTB OI  ", "foobar", true},
		{"GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "12345678901234567890", true},
		{"gezd gnbv gy3t qojq gezd gnbv gy3t qojq", "12345678901234567890", true},
		// errors
		{"M", "", false},                  // a length no encoding has
		{"MZX", "", false},                // idem
		{"MZXW6Y", "", false},             // idem
		{"MZ", "", false},                 // non-zero trailing bits: MY is "f"
		{"MZXW7", "", false},              // non-zero trailing bits
		{"MZXW6YTBOJ", "", false},         // non-zero trailing bits
		{"MZXW6YTB0I", "", false},         // 0 is not in the alphabet
		{"MZXW6YTB1I", "", false},         // nor 1
		{"MZXW6YTB8I", "", false},         // nor 8
		{"MZXW6YTBOI=", "", false},        // partial padding
		{"MY=====", "", false},            // idem
		{"MY==============", "", false},   // more than a block of padding
		{"MZXW6YTBOI========", "", false}, // idem
		{"MY======MY======", "", false},   // padding inside
		{"MZ-XW", "", false},              // dashes
		{"MZXW6YTBOI\n", "", false},       // newline
		{"MZXW6YTBO\tI", "", false},       // tab
		{"MZXW6YTBOſ", "", false},         // U+017F upper-cases to S in Unicode only
		{"========", "", false},           // padding alone
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := DecodeBase32(tt.in)
			if (err == nil) != tt.ok || !bytes.Equal(got, []byte(tt.want)) {
				t.Errorf("DecodeBase32(%q) = %q, %v, want %q, ok %v", tt.in, got, err, tt.want, tt.ok)
			}
			if err == nil {
				return
			}
			if got != nil {
				t.Errorf("DecodeBase32(%q) = %q with an error, want nil", tt.in, got)
			}
			if _, err := DecodeKey(tt.in); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("DecodeKey(%q) = %v, want %v", tt.in, err, ErrInvalidKey)
			}
		})
	}
}

// TestEncodeBase32: upper case, no padding, and it decodes back.
func TestEncodeBase32(t *testing.T) {
	for in, want := range map[string]string{"": "", "f": "MY", "foobar": "MZXW6YTBOI", "12345678901234567890": "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"} {
		if got := EncodeBase32([]byte(in)); got != want {
			t.Errorf("EncodeBase32(%q) = %q, want %q", in, got, want)
		}
		if back, err := DecodeBase32(want); err != nil || string(back) != in {
			t.Errorf("DecodeBase32(%q) = %q, %v, want %q", want, back, err, in)
		}
	}
	k := rfcKey(t, SHA1, 6)
	if got, want := k.Base32(), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; got != want {
		t.Errorf("Base32() = %q, want %q", got, want)
	}
	back, err := DecodeKey("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")
	if err != nil || !back.Equal(k) {
		t.Errorf("DecodeKey(spaced lower case) = %v, want the RFC key", err)
	}
	if _, err := DecodeKey("MZXW6YTBOI"); !errors.Is(err, ErrInvalidKey) { // 6 bytes
		t.Errorf("DecodeKey(a 6-byte secret) = %v, want %v", err, ErrInvalidKey)
	}
}
