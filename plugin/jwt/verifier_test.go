package jwt

import (
	"context"
	"crypto"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"errors"
	"testing"
	"time"
)

// sign signs with the test key of alg, under its own kid.
func sign(tb testing.TB, alg string, claims any) string {
	tb.Helper()
	tok, err := testKeys()[alg].sign(claims)
	if err != nil {
		tb.Fatal(err)
	}
	return tok
}

func newTestVerifier(tb testing.TB, c *clock) (*Verifier, *jwksServer) {
	k := testKeys()
	srv := newJWKSServer(tb, publicSet(tb, k[EdDSA], k[ES256], k[RS256]))
	return NewVerifier(srv.url, issuer, audience, WithClock(c.Now)), srv
}

func TestVerify(t *testing.T) {
	keys := testKeys()
	ed, rs := keys[EdDSA], keys[RS256]
	with := func(change func(m map[string]any)) map[string]any {
		m := claimsAt(t0)
		change(m)
		return m
	}
	hmacWith := func(secret []byte) func([]byte) []byte {
		return func(in []byte) []byte {
			m := hmac.New(sha256.New, secret)
			m.Write(in)
			return m.Sum(nil)
		}
	}
	rsaSign := func(in []byte) []byte {
		h := sha256.Sum256(in)
		sig, err := rs.signer.Sign(rand.Reader, h[:], crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		return sig
	}
	tests := []struct {
		name  string
		token string
		want  error
	}{
		{"EdDSA", sign(t, EdDSA, claimsAt(t0)), nil},
		{"ES256", sign(t, ES256, claimsAt(t0)), nil},
		{"RS256", sign(t, RS256, claimsAt(t0)), nil},
		{"audience among several", sign(t, EdDSA, with(func(m map[string]any) { m["aud"] = []string{"x", audience} })), nil},
		// RFC 7518 §3.6 and RFC 8725 §3.1: "none" is never accepted.
		{"alg none", rawToken(t, map[string]string{"alg": "none", "kid": ed.kid}, claimsAt(t0), func([]byte) []byte { return []byte{0} }), ErrUnsupportedAlgorithm},
		{"alg none, empty signature", rawToken(t, map[string]string{"alg": "none", "kid": ed.kid}, claimsAt(t0), func([]byte) []byte { return nil }), ErrUnsupportedAlgorithm},
		// RFC 8725 §2.1: the published key used as an HMAC secret.
		{"HS256 keyed with the public JWK", rawToken(t, map[string]string{"alg": "HS256", "kid": ed.kid, "typ": "JWT"}, claimsAt(t0),
			hmacWith(publicSet(t, ed))), ErrUnsupportedAlgorithm},
		{"HS256 keyed with the RSA modulus", rawToken(t, map[string]string{"alg": "HS256", "kid": rs.kid}, claimsAt(t0),
			hmacWith(rs.signer.Public().(*rsa.PublicKey).N.Bytes())), ErrUnsupportedAlgorithm},
		// The header's alg does not choose how a key is used.
		{"RS256 under the Ed25519 key's kid", rawToken(t, map[string]string{"alg": "RS256", "kid": ed.kid}, claimsAt(t0), rsaSign), ErrAlgorithmMismatch},
		{"EdDSA under the RSA key's kid", rawToken(t, map[string]string{"alg": "EdDSA", "kid": rs.kid}, claimsAt(t0),
			func(in []byte) []byte { return ed25519Sign(ed, in) }), ErrAlgorithmMismatch},
		{"no kid", rawToken(t, map[string]string{"alg": "EdDSA"}, claimsAt(t0), func(in []byte) []byte { return ed25519Sign(ed, in) }), ErrMissingKeyID},
		{"unknown kid", rawToken(t, map[string]string{"alg": "EdDSA", "kid": "nope"}, claimsAt(t0), func(in []byte) []byte { return ed25519Sign(ed, in) }), ErrUnknownKey},
		{"crit", rawToken(t, map[string]any{"alg": "EdDSA", "kid": ed.kid, "crit": []string{"exp"}}, claimsAt(t0),
			func(in []byte) []byte { return ed25519Sign(ed, in) }), ErrUnsupportedAlgorithm},
		{"typ at+jwt", rawToken(t, map[string]string{"alg": "EdDSA", "kid": ed.kid, "typ": "at+jwt"}, claimsAt(t0),
			func(in []byte) []byte { return ed25519Sign(ed, in) }), ErrWrongType},
		{"tampered claims", tamper(sign(t, EdDSA, claimsAt(t0))), ErrBadSignature},
		{"expired", sign(t, EdDSA, claimsAt(t0.Add(-7*time.Minute))), ErrExpired},
		{"not yet valid", sign(t, EdDSA, with(func(m map[string]any) { m["nbf"] = t0.Add(2 * time.Minute).Unix() })), ErrNotYetValid},
		{"issued in the future", sign(t, EdDSA, with(func(m map[string]any) { m["iat"] = t0.Add(2 * time.Minute).Unix() })), ErrNotYetValid},
		{"wrong audience", sign(t, EdDSA, with(func(m map[string]any) { m["aud"] = "https://other.example" })), ErrWrongAudience},
		{"wrong issuer", sign(t, EdDSA, with(func(m map[string]any) { m["iss"] = "https://evil.example" })), ErrWrongIssuer},
		{"no sub", sign(t, EdDSA, with(func(m map[string]any) { delete(m, "sub") })), ErrMissingClaim},
		{"no exp", sign(t, EdDSA, with(func(m map[string]any) { delete(m, "exp") })), ErrMissingClaim},
		{"exp a string", sign(t, EdDSA, with(func(m map[string]any) { m["exp"] = "soon" })), ErrMalformed},
		{"sid a number", sign(t, EdDSA, with(func(m map[string]any) { m["sid"] = 1 })), ErrMalformed},
		{"garbage", "not.a.token", ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := newTestVerifier(t, &clock{now: t0})
			c, err := v.Verify(context.Background(), tt.token)
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Fatalf("Verify(%s) = %v, want %v", tt.name, err, tt.want)
			}
			if err != nil && c != nil {
				t.Fatalf("Verify(%s) = %+v with an error", tt.name, c)
			}
			if err == nil && (c.Subject != "user-1" || c.SessionID != "session-1" || c.ID != "jti-1") {
				t.Fatalf("Verify(%s) = %+v", tt.name, c)
			}
		})
	}
}

// tamper changes the claims of a token, keeping its signature.
func tamper(tok string) string {
	h, _, s := cut3(tok)
	return h + "." + b64([]byte(`{"iss":"`+issuer+`","sub":"admin","aud":"`+audience+`"}`)) + "." + s
}

// A kid the set lacks makes the verifier fetch the set again, once a
// minute at most: a key published after the first fetch verifies, and
// made-up kids cost one fetch a minute.
func TestUnknownKidRefetch(t *testing.T) {
	c := &clock{now: t0}
	keys := testKeys()
	srv := newJWKSServer(t, publicSet(t, keys[EdDSA]))
	v := NewVerifier(srv.url, issuer, audience, WithClock(c.Now))
	ctx := context.Background()
	if _, err := v.Verify(ctx, sign(t, EdDSA, claimsAt(t0))); err != nil {
		t.Fatal(err)
	}
	srv.set(publicSet(t, keys[EdDSA], keys[ES256]))
	c.Advance(2 * time.Minute)
	if _, err := v.Verify(ctx, sign(t, ES256, claimsAt(c.Now()))); err != nil {
		t.Fatalf("Verify(a token of a key published since) = %v, want nil", err)
	}
	if got := srv.fetches.Load(); got != 2 {
		t.Fatalf("fetches = %d, want 2", got)
	}
	for i := range 50 {
		bad := rawToken(t, map[string]string{"alg": "EdDSA", "kid": "made-up-" + string(rune('a'+i%26))}, claimsAt(c.Now()),
			func(in []byte) []byte { return ed25519Sign(keys[EdDSA], in) })
		if _, err := v.Verify(ctx, bad); !errors.Is(err, ErrUnknownKey) {
			t.Fatalf("Verify(made-up kid) = %v, want %v", err, ErrUnknownKey)
		}
	}
	if got := srv.fetches.Load(); got != 2 {
		t.Fatalf("fetches after 50 made-up kids within a minute = %d, want 2", got)
	}
}
