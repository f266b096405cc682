package totp

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/cryptotest"
	"time"
)

// TestNewKey: the options and the secret's length are checked, and the
// key keeps them.
func TestNewKey(t *testing.T) {
	tests := []struct {
		name   string
		secret []byte
		opts   []Option
		alg    Algorithm
		digits int
		period time.Duration
		want   error
	}{
		{"defaults", seed20, nil, SHA1, 6, 30 * time.Second, nil},
		{"sha256, 8 digits, 60s", seed32, []Option{WithAlgorithm(SHA256), WithDigits(8), WithPeriod(time.Minute)}, SHA256, 8, time.Minute, nil},
		{"sha512", seed64, []Option{WithAlgorithm(SHA512)}, SHA512, 6, 30 * time.Second, nil},
		{"16 bytes", seed20[:16], nil, SHA1, 6, 30 * time.Second, nil},
		{"15 bytes", seed20[:15], nil, 0, 0, 0, ErrInvalidKey},
		{"empty", nil, nil, 0, 0, 0, ErrInvalidKey},
		{"algorithm 0", seed20, []Option{WithAlgorithm(0)}, 0, 0, 0, ErrInvalidKey},
		{"algorithm 4", seed20, []Option{WithAlgorithm(4)}, 0, 0, 0, ErrInvalidKey},
		{"7 digits", seed20, []Option{WithDigits(7)}, 0, 0, 0, ErrInvalidKey},
		{"0 digits", seed20, []Option{WithDigits(0)}, 0, 0, 0, ErrInvalidKey},
		{"10 digits", seed20, []Option{WithDigits(10)}, 0, 0, 0, ErrInvalidKey},
		{"period 0", seed20, []Option{WithPeriod(0)}, 0, 0, 0, ErrInvalidKey},
		{"period 1s", seed20, []Option{WithPeriod(time.Second)}, SHA1, 6, time.Second, nil},
		{"period 24h", seed20, []Option{WithPeriod(24 * time.Hour)}, SHA1, 6, 24 * time.Hour, nil},
		{"period over a day", seed20, []Option{WithPeriod(24*time.Hour + time.Second)}, 0, 0, 0, ErrInvalidKey},
		{"period 1.5s", seed20, []Option{WithPeriod(1500 * time.Millisecond)}, 0, 0, 0, ErrInvalidKey},
		{"negative period", seed20, []Option{WithPeriod(-30 * time.Second)}, 0, 0, 0, ErrInvalidKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := NewKey(tt.secret, tt.opts...)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("NewKey(%q) = %v, want %v", tt.secret, err, tt.want)
			}
			if err != nil {
				if !k.IsZero() {
					t.Errorf("NewKey(%q) = a non-zero key with %v", tt.secret, err)
				}
				return
			}
			if k.Algorithm() != tt.alg || k.Digits() != tt.digits || k.Period() != tt.period || !bytes.Equal(k.Secret(), tt.secret) {
				t.Errorf("NewKey(%q) = %v, %d, %v, %q, want %v, %d, %v, %q", tt.secret, k.Algorithm(), k.Digits(), k.Period(), k.Secret(), tt.alg, tt.digits, tt.period, tt.secret)
			}
		})
	}
}

// TestSecretIsCopied: changing the slice given to NewKey or returned by
// Secret does not change the key.
func TestSecretIsCopied(t *testing.T) {
	secret := bytes.Clone(seed20)
	k, err := NewKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	secret[0] = 'x'
	k.Secret()[1] = 'y'
	if got := k.Secret(); !bytes.Equal(got, seed20) {
		t.Errorf("Secret() = %q, want %q", got, seed20)
	}
}

// TestGenerate: secrets have the length of RFC 6238 Appendix A's seed for
// each hash function, come from crypto/rand and differ.
func TestGenerate(t *testing.T) {
	cryptotest.SetGlobalRandom(t, 14)
	for _, tt := range []struct {
		alg  Algorithm
		size int
	}{{SHA1, 20}, {SHA256, 32}, {SHA512, 64}} {
		t.Run(tt.alg.String(), func(t *testing.T) {
			a, err := Generate(WithAlgorithm(tt.alg))
			if err != nil {
				t.Fatal(err)
			}
			b, err := Generate(WithAlgorithm(tt.alg))
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Secret()) != tt.size || a.Algorithm() != tt.alg {
				t.Errorf("Generate(%v) = %d bytes, %v, want %d, %v", tt.alg, len(a.Secret()), a.Algorithm(), tt.size, tt.alg)
			}
			if a.Equal(b) {
				t.Errorf("Generate(%v) twice = the same secret %x", tt.alg, a.Secret())
			}
		})
	}
	if _, err := Generate(WithDigits(7)); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("Generate(WithDigits(7)) = %v, want %v", err, ErrInvalidKey)
	}
	if _, err := generate(strings.NewReader("short"), nil); err == nil {
		t.Errorf("generate(a short reader) = nil error, want one")
	}
}

// TestEqual: keys are equal when secret and parameters are.
func TestEqual(t *testing.T) {
	key := func(secret []byte, opts ...Option) Key {
		t.Helper()
		k, err := NewKey(secret, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	a := key(seed20)
	tests := []struct {
		name string
		a, b Key
		want bool
	}{
		{"same", a, key(seed20), true},
		{"secret", a, key(seed32), false},
		{"digits", a, key(seed20, WithDigits(8)), false},
		{"period", a, key(seed20, WithPeriod(time.Minute)), false},
		{"algorithm", a, key(seed20, WithAlgorithm(SHA256)), false},
		{"zero", a, Key{}, false},
		{"both zero", Key{}, Key{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Equal(tt.b); got != tt.want {
				t.Errorf("Equal(%s) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

// TestZeroKey: the zero key has no codes.
func TestZeroKey(t *testing.T) {
	var k Key
	if got := k.Code(time.Unix(59, 0)); got != "" {
		t.Errorf("Key{}.Code = %q, want \"\"", got)
	}
	if got := k.HOTP(1); got != "" {
		t.Errorf("Key{}.HOTP(1) = %q, want \"\"", got)
	}
	if got := k.Step(time.Unix(59, 0)); got != 0 {
		t.Errorf("Key{}.Step = %d, want 0", got)
	}
}

// TestAlgorithmString: the names of the Key Uri Format.
func TestAlgorithmString(t *testing.T) {
	for a, want := range map[Algorithm]string{SHA1: "SHA1", SHA256: "SHA256", SHA512: "SHA512", 0: "Algorithm(0)", 9: "Algorithm(9)"} {
		if got := a.String(); got != want {
			t.Errorf("Algorithm(%d).String() = %q, want %q", uint8(a), got, want)
		}
	}
}
