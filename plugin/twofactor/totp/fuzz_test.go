package totp

import (
	"errors"
	"testing"
	"time"
)

// FuzzVerify: Verify never panics; an error comes with step 0, and a
// malformed code is one that is not the key's digits in ASCII; a success
// is such a code, equal to the HOTP of the step returned, which lies in
// the window.
func FuzzVerify(f *testing.F) {
	for _, v := range totpVectors {
		f.Add(v.code, v.unix, uint8(8))
		f.Add(v.code[2:], v.unix, uint8(6))
	}
	for c, code := range hotpVectors {
		f.Add(code, int64(c*30), uint8(6))
	}
	for _, s := range []string{"", "12345", "1234567", "12345a", "١٢٣٤٥٦", " 94287082", "94287082\x00", "+4287082"} {
		f.Add(s, int64(59), uint8(8))
	}
	keys := map[uint8]Key{6: rfcKey(f, SHA1, 6), 8: rfcKey(f, SHA1, 8)}
	f.Fuzz(func(t *testing.T, code string, unix int64, digits uint8) {
		k, ok := keys[digits]
		if !ok {
			k = keys[6]
		}
		at := time.Unix(unix, 0)
		step, err := k.Verify(code, at)
		if err != nil {
			if step != 0 {
				t.Fatalf("Verify(%q, %d) = %d, %v, want 0 with the error", code, unix, step, err)
			}
			if errors.Is(err, ErrMalformedCode) == wellFormed(code, k.Digits()) {
				t.Fatalf("Verify(%q, %d) = %v for a code well formed: %v", code, unix, err, wellFormed(code, k.Digits()))
			}
			return
		}
		if !wellFormed(code, k.Digits()) || k.HOTP(step) != code {
			t.Fatalf("Verify(%q, %d) = %d, want an error", code, unix, step)
		}
		if now := k.Step(at); step+1 < now || step > now+1 {
			t.Fatalf("Verify(%q, %d) = %d, out of the window around %d", code, unix, step, now)
		}
	})
}

// FuzzParseURI: ParseURI never panics; an error comes with a zero key and
// empty strings; a success writes back with URI to a URI that parses to
// the same key, issuer and account, and writes again to the same URI.
func FuzzParseURI(f *testing.F) {
	for _, alg := range []Algorithm{SHA1, SHA256, SHA512} {
		for _, digits := range []int{6, 8} {
			u, err := rfcKey(f, alg, digits).URI("ACME Co", "john.doe@email.com")
			if err != nil {
				f.Fatal(err)
			}
			f.Add(u)
		}
	}
	for _, s := range []string{
		"otpauth://totp/alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
		"otpauth://totp/ACME%3A%20alice?secret=gezd%20gnbv+gy3t+qojq+gezdgnbvgy3tqojq&issuer=ACME&period=60",
		"otpauth://totp/A:B:c?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
		"otpauth://hotp/alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&counter=0",
		"otpauth://totp/alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&secret=A",
		"otpauth://totp/:%20x?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=",
		"otpauth:totp/alice", "", "otpauth://", "otpauth://totp/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		k, issuer, account, err := ParseURI(uri)
		if err != nil {
			if !k.IsZero() || issuer != "" || account != "" {
				t.Fatalf("ParseURI(%q) = a non-zero result with %v", uri, err)
			}
			if !errors.Is(err, ErrInvalidURI) {
				t.Fatalf("ParseURI(%q) = %v, want it to match %v", uri, err, ErrInvalidURI)
			}
			return
		}
		again, err := k.URI(issuer, account)
		if err != nil {
			t.Fatalf("ParseURI(%q) = _, %q, %q, which URI refuses: %v", uri, issuer, account, err)
		}
		k2, issuer2, account2, err := ParseURI(again)
		if err != nil || !k2.Equal(k) || issuer2 != issuer || account2 != account {
			t.Fatalf("ParseURI(%q) = _, %q, %q, %v, want the key of %q, %q, %q", again, issuer2, account2, err, uri, issuer, account)
		}
		if third, _ := k2.URI(issuer2, account2); third != again {
			t.Fatalf("URI writes %q, then %q", again, third)
		}
	})
}

// FuzzDecodeBase32: DecodeBase32 never panics; an error comes with nil; a
// success encodes back to the input upper-cased and cleared of spaces and
// padding.
func FuzzDecodeBase32(f *testing.F) {
	for _, s := range []string{"", "MY", "MZXW6YTBOI", "MZXW6YTBOI======", "gezd gnbv gy3t qojq", "MZ", "MY=====", "MZXW6YTBOſ", "0O1I8B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := DecodeBase32(s)
		if err != nil {
			if b != nil {
				t.Fatalf("DecodeBase32(%q) = %q with %v, want nil", s, b, err)
			}
			return
		}
		again, err := DecodeBase32(EncodeBase32(b))
		if err != nil || string(again) != string(b) {
			t.Fatalf("DecodeBase32(EncodeBase32(%q)) = %q, %v", b, again, err)
		}
		if len(EncodeBase32(b)) > len(s) {
			t.Fatalf("DecodeBase32(%q) = %q, whose encoding %q is longer than the input", s, b, EncodeBase32(b))
		}
	})
}
