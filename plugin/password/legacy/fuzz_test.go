package legacy

import (
	"context"
	"testing"
)

// FuzzVerify: no stored string panics Verify, an error means false, and a
// string Encode accepts is its own stored form's round trip.
func FuzzVerify(f *testing.F) {
	for _, vec := range loadVectors(f).Vectors {
		f.Add(vec.Scheme, vec.Hash)
	}
	f.Add(PBKDF2SHA256, djangoVectors[0].hash)
	f.Add(Argon2, "$argon2i$v=19$m=8,t=1,p=1$c29tZXNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
	v := newVerifier(f)
	f.Fuzz(func(t *testing.T, scheme, hash string) {
		if ok, err := v.Verify(context.Background(), []byte("pw"), hash); err != nil && ok {
			t.Fatalf("Verify(%q) = true with %v", hash, err)
		}
		stored, err := v.Encode(scheme, hash)
		if err != nil {
			if stored != "" {
				t.Fatalf("Encode(%q) = %q with %v", hash, stored, err)
			}
			return
		}
		if !v.Recognizes(stored) {
			t.Fatalf("Encode(%q) = %q, which Recognizes refuses", hash, stored)
		}
		if _, err := v.parseStored(stored); err != nil {
			t.Fatalf("Encode(%q) = %q, which does not parse back: %v", hash, stored, err)
		}
	})
}
