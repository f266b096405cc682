package jwt

import (
	"context"
	"crypto/ed25519"
	"errors"
	"testing"

	"github.com/sesame-go/sesame/internal/jose"
)

// Keys and tokens of the specifications.
const (
	// rfc7638RSA is the RSA key of RFC 7638 §3.1, whose thumbprint is
	// rfc7638Thumbprint.
	rfc7638RSA = `{"kty":"RSA","e":"AQAB","alg":"RS256","kid":"2011-04-29",` +
		`"n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"}`
	rfc7638Thumbprint = "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"
	// rfc8037Public and rfc8037Seed are the Ed25519 key of RFC 8037
	// appendix A.1 and A.2; rfc8037Thumbprint its thumbprint (A.3).
	rfc8037Public     = `{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}`
	rfc8037Seed       = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
	rfc8037Thumbprint = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"
	// rfc8037EdDSA is the JWS of RFC 8037 appendix A.4.
	rfc8037EdDSA = "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc" +
		".hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"
	// rfc7515ES256 is the JWS of RFC 7515 appendix A.3, rfc7515ECKey its key.
	rfc7515ES256 = "eyJhbGciOiJFUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
	rfc7515ECKey = `{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}`
	// rfc7515HS256 is the HMAC-signed JWS of RFC 7515 appendix A.1, and
	// rfc7515None the unsecured JWS of appendix A.5.
	rfc7515HS256 = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	rfc7515None = "eyJhbGciOiJub25lIn0" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ."
)

// The kid of a key is its thumbprint, as the specifications compute it.
func TestThumbprintVectors(t *testing.T) {
	for _, tt := range []struct{ name, jwk, want string }{
		{"RFC 7638 §3.1", rfc7638RSA, rfc7638Thumbprint},
		{"RFC 8037 A.3", rfc8037Public, rfc8037Thumbprint},
	} {
		k, err := jose.ParseKey([]byte(tt.jwk))
		if err != nil {
			t.Fatalf("ParseKey(%s) = %v", tt.name, err)
		}
		if got, err := thumbprint(k); got != tt.want || err != nil {
			t.Errorf("thumbprint(%s) = %q, %v, want %q", tt.name, got, err, tt.want)
		}
	}
}

// rfc8037Key is the signing key of RFC 8037 A.1 as the plugin keeps it.
func rfc8037Key(tb testing.TB) *signingKey {
	tb.Helper()
	seed, err := b64d(rfc8037Seed)
	if err != nil {
		tb.Fatal(err)
	}
	return &signingKey{kid: rfc8037Thumbprint, alg: EdDSA, signer: ed25519.NewKeyFromSeed(seed)}
}

// The plugin's signing of RFC 8037's key is Ed25519 as the RFC computes
// it: the A.4 signature comes out of the A.4 signing input, and a token
// of that key, published under its thumbprint, verifies.
func TestRFC8037Key(t *testing.T) {
	k := rfc8037Key(t)
	h, p, s := cut3(rfc8037EdDSA)
	if got := b64(ed25519Sign(k, []byte(h+"."+p))); got != s {
		t.Fatalf("Ed25519 of the RFC 8037 A.4 input = %s, want %s", got, s)
	}
	srv := newJWKSServer(t, []byte(`{"keys":[`+rfc8037Public[:len(rfc8037Public)-1]+`,"kid":"`+rfc8037Thumbprint+`"}]}`))
	v := NewVerifier(srv.url, issuer, audience, WithClock((&clock{now: t0}).Now))
	tok, err := k.sign(claimsAt(t0))
	if err != nil {
		t.Fatal(err)
	}
	if c, err := v.Verify(context.Background(), tok); err != nil || c.Subject != "user-1" {
		t.Fatalf("Verify(a token of the RFC 8037 key) = %+v, %v", c, err)
	}
}

// The specifications' own tokens carry no kid, no audience and long
// expired claims: their signatures verify with their keys, but the
// verifier refuses them before any key is tried, and refuses outright
// the HMAC and unsecured ones.
func TestSpecTokensRefused(t *testing.T) {
	for _, tt := range []struct {
		name, token, key string
		want             error
	}{
		{"RFC 8037 A.4 EdDSA", rfc8037EdDSA, rfc8037Public, ErrMissingKeyID},
		{"RFC 7515 A.3 ES256", rfc7515ES256, rfc7515ECKey, ErrMissingKeyID},
		{"RFC 7515 A.1 HS256", rfc7515HS256, "", ErrUnsupportedAlgorithm},
		{"RFC 7515 A.5 none", rfc7515None, "", ErrUnsupportedAlgorithm},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.key != "" {
				k, err := jose.ParseKey([]byte(tt.key))
				if err != nil {
					t.Fatal(err)
				}
				j, err := jose.Parse(tt.token)
				if err != nil || j.Verify(k) != nil {
					t.Fatalf("the vector does not verify with its key: %v", err)
				}
			}
			v := &Verifier{keys: jose.Keys{}, issuer: issuer, audience: audience, now: (&clock{now: t0}).Now}
			if _, err := v.Verify(context.Background(), tt.token); !errors.Is(err, tt.want) {
				t.Errorf("Verify(%s) = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
}
