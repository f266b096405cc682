package argon2id

import (
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, returns zero results with an
// error, and accepts only strings it would write itself: a success
// re-encodes to the input byte for byte, within Validate's bounds.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	for _, v := range referenceVectors {
		f.Add(v.encoded)
		f.Add(strings.Replace(v.encoded, "argon2id", "argon2i", 1))
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, salt, key, err := Parse(in)
		if err != nil {
			if p != (Params{}) || salt != nil || key != nil {
				t.Fatalf("Parse(%q) = %+v, %x, %x, %v, want zero results with the error", in, p, salt, key, err)
			}
			return
		}
		if got := encode(p, salt, key); got != in {
			t.Fatalf("encode(Parse(%q)) = %q, want the input", in, got)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("Parse(%q) = %+v, which Validate refuses: %v", in, p, err)
		}
		if int(p.SaltLength) != len(salt) || int(p.KeyLength) != len(key) {
			t.Fatalf("Parse(%q) = %+v with a %d-byte salt and a %d-byte key", in, p, len(salt), len(key))
		}
	})
}
