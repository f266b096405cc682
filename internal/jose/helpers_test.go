package jose

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"sync"
	"testing"
	"time"
)

// testSigners are one key per algorithm, made once for the test binary,
// and a second RSA key that is not the first.
var testSigners = sync.OnceValue(func() map[string]crypto.Signer {
	r, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	other, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	e, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	_, ed, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return map[string]crypto.Signer{RS256: r, ES256: e, EdDSA: ed, "other": other}
})

// signer returns the test key for alg ("other" for the second RSA key).
func signer(alg string) crypto.Signer { return testSigners()[alg] }

// publicKey returns the Key of s with ID kid.
func publicKey(tb testing.TB, kid string, s crypto.Signer) Key {
	tb.Helper()
	k, err := NewKey(kid, s.Public())
	if err != nil {
		tb.Fatalf("NewKey(%q) = %v", kid, err)
	}
	return k
}

// sign signs claims with the test key for alg.
func sign(tb testing.TB, alg, kid string, claims any) string {
	tb.Helper()
	tok, err := Sign(signer(alg), alg, kid, claims)
	if err != nil {
		tb.Fatalf("Sign(%s, %q) = %v", alg, kid, err)
	}
	return tok
}

// clock is a settable clock, safe for concurrent use.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

// newClock returns a clock showing t.
func newClock(t time.Time) *clock { return &clock{now: t} }

// Now returns the clock's time.
func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// unsignedToken joins a header, payload and signature into a token.
func unsignedToken(header, payload string, sig []byte) string {
	return b64.EncodeToString([]byte(header)) + "." + b64.EncodeToString([]byte(payload)) + "." + b64.EncodeToString(sig)
}
