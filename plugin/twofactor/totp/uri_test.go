package totp

import (
	"errors"
	"testing"
	"time"
)

// TestURI: the Key Uri Format's example and escaping of the label and
// issuer.
func TestURI(t *testing.T) {
	k := rfcKey(t, SHA1, 6)
	k512 := rfcKey(t, SHA512, 8)
	tests := []struct {
		name            string
		k               Key
		issuer, account string
		want            string
		err             error
	}{
		{"example", k, "ACME Co", "john.doe@email.com",
			"otpauth://totp/ACME%20Co:john.doe%40email.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=ACME%20Co&algorithm=SHA1&digits=6&period=30", nil},
		{"no issuer", k, "", "alice",
			"otpauth://totp/alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30", nil},
		{"sha512, 8 digits", k512, "Sesame", "bob",
			"otpauth://totp/Sesame:bob?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA&issuer=Sesame&algorithm=SHA512&digits=8&period=30", nil},
		{"reserved characters", k, "A&B=C?#/", "x+y%z é",
			"otpauth://totp/A%26B%3DC%3F%23%2F:x%2By%25z%20%C3%A9?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=A%26B%3DC%3F%23%2F&algorithm=SHA1&digits=6&period=30", nil},
		{"colon in issuer", k, "A:B", "bob", "", ErrInvalidURI},
		{"colon in account", k, "A", "b:ob", "", ErrInvalidURI},
		{"empty account", k, "A", "", "", ErrInvalidURI},
		{"leading space", k, "A", " bob", "", ErrInvalidURI},
		{"control character", k, "A", "bob\n", "", ErrInvalidURI},
		{"invalid UTF-8", k, "A\xff", "bob", "", ErrInvalidURI},
		{"zero key", Key{}, "A", "bob", "", ErrInvalidURI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.k.URI(tt.issuer, tt.account)
			if got != tt.want || !errors.Is(err, tt.err) || (tt.err == nil && err != nil) {
				t.Fatalf("URI(%q, %q) = %q, %v, want %q, %v", tt.issuer, tt.account, got, err, tt.want, tt.err)
			}
			if err != nil {
				return
			}
			back, issuer, account, err := ParseURI(got)
			if err != nil || !back.Equal(tt.k) || issuer != tt.issuer || account != tt.account {
				t.Errorf("ParseURI(%q) = _, %q, %q, %v, want the key, %q, %q", got, issuer, account, err, tt.issuer, tt.account)
			}
		})
	}
}

// TestParseURI: defaults, the spellings the Key Uri Format allows, and
// what it refuses.
func TestParseURI(t *testing.T) {
	const s = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
	rfc := rfcKey(t, SHA1, 6)
	slow, _ := NewKey(seed20, WithPeriod(60*time.Second), WithDigits(8), WithAlgorithm(SHA256))
	tests := []struct {
		name            string
		uri             string
		k               Key
		issuer, account string
		err             error
	}{
		{"defaults", "otpauth://totp/alice?secret=" + s, rfc, "", "alice", nil},
		{"prefix only", "otpauth://totp/ACME:alice?secret=" + s, rfc, "ACME", "alice", nil},
		{"parameter only", "otpauth://totp/alice?secret=" + s + "&issuer=ACME", rfc, "ACME", "alice", nil},
		{"escaped colon", "otpauth://totp/ACME%3Aalice?secret=" + s, rfc, "ACME", "alice", nil},
		{"spaces before the account", "otpauth://totp/ACME:%20%20alice?secret=" + s, rfc, "ACME", "alice", nil},
		{"plus in the query", "otpauth://totp/ACME%20Co:alice?secret=" + s + "&issuer=ACME+Co", rfc, "ACME Co", "alice", nil},
		{"empty prefix", "otpauth://totp/:alice?secret=" + s, rfc, "", "alice", nil},
		{"lower-case, spaced, padded secret", "otpauth://totp/alice?secret=gezd%20gnbv+gy3t+qojq+gezdgnbvgy3tqojq", rfc, "", "alice", nil},
		{"parameters", "otpauth://totp/alice?secret=" + s + "&algorithm=SHA256&digits=8&period=60", slow, "", "alice", nil},
		{"lower-case algorithm", "otpauth://totp/alice?secret=" + s + "&algorithm=sha256&digits=8&period=60", slow, "", "alice", nil},
		{"unknown parameter", "otpauth://totp/alice?secret=" + s + "&image=https://x.example/i.png", rfc, "", "alice", nil},
		{"issuers differ", "otpauth://totp/ACME:alice?secret=" + s + "&issuer=Evil", Key{}, "", "", ErrInvalidURI},
		{"hotp", "otpauth://hotp/alice?secret=" + s + "&counter=0", Key{}, "", "", ErrInvalidURI},
		{"scheme", "https://totp/alice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"opaque", "otpauth:totp/alice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"user", "otpauth://u@totp/alice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"port", "otpauth://totp:1/alice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"fragment", "otpauth://totp/alice?secret=" + s + "#x", Key{}, "", "", ErrInvalidURI},
		{"no label", "otpauth://totp?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"empty account", "otpauth://totp/ACME:?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"two colons", "otpauth://totp/A:B:c?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"no secret", "otpauth://totp/alice", Key{}, "", "", ErrInvalidURI},
		{"empty secret", "otpauth://totp/alice?secret=", Key{}, "", "", ErrInvalidKey},
		{"short secret", "otpauth://totp/alice?secret=MZXW6YTBOI", Key{}, "", "", ErrInvalidKey},
		{"bad secret", "otpauth://totp/alice?secret=" + s + "1", Key{}, "", "", ErrInvalidKey},
		{"two secrets", "otpauth://totp/alice?secret=" + s + "&secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"algorithm", "otpauth://totp/alice?secret=" + s + "&algorithm=MD5", Key{}, "", "", ErrInvalidKey},
		{"7 digits", "otpauth://totp/alice?secret=" + s + "&digits=7", Key{}, "", "", ErrInvalidKey},
		{"06 digits", "otpauth://totp/alice?secret=" + s + "&digits=06", Key{}, "", "", ErrInvalidKey},
		{"period 0", "otpauth://totp/alice?secret=" + s + "&period=0", Key{}, "", "", ErrInvalidKey},
		{"period 030", "otpauth://totp/alice?secret=" + s + "&period=030", Key{}, "", "", ErrInvalidKey},
		{"period +30", "otpauth://totp/alice?secret=" + s + "&period=+30", Key{}, "", "", ErrInvalidKey},
		{"period over a day", "otpauth://totp/alice?secret=" + s + "&period=86401", Key{}, "", "", ErrInvalidKey},
		{"period overflow", "otpauth://totp/alice?secret=" + s + "&period=99999999999999999999", Key{}, "", "", ErrInvalidKey},
		{"semicolon", "otpauth://totp/alice?secret=" + s + ";digits=8", Key{}, "", "", ErrInvalidURI},
		{"bad escape", "otpauth://totp/al%zzice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"control character", "otpauth://totp/al%0Aice?secret=" + s, Key{}, "", "", ErrInvalidURI},
		{"empty", "", Key{}, "", "", ErrInvalidURI},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, issuer, account, err := ParseURI(tt.uri)
			if !errors.Is(err, tt.err) || (tt.err == nil && err != nil) {
				t.Fatalf("ParseURI(%q) = %v, want %v", tt.uri, err, tt.err)
			}
			if err != nil && !errors.Is(err, ErrInvalidURI) {
				t.Errorf("ParseURI(%q) = %v, want it to match %v too", tt.uri, err, ErrInvalidURI)
			}
			if !k.Equal(tt.k) || issuer != tt.issuer || account != tt.account {
				t.Errorf("ParseURI(%q) = _, %q, %q, want %q, %q and the key", tt.uri, issuer, account, tt.issuer, tt.account)
			}
		})
	}
}
