package jose

import (
	"crypto"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	sig := []byte("signature")
	tests := []struct {
		name  string
		token string
		want  error // nil: parses
	}{
		{"RFC 7515 A.2", rfc7515RS256, nil},
		{"RFC 7515 A.3", rfc7515ES256, nil},
		{"RFC 8037 A.4", rfc8037EdDSA, nil},
		{"kid and typ", unsignedToken(`{"alg":"RS256","kid":"k1","typ":"JWT"}`, `{}`, sig), nil},
		{"empty payload", unsignedToken(`{"alg":"RS256"}`, ``, sig), nil},
		{"repeated alg keeps the last", unsignedToken(`{"alg":"none","alg":"ES256"}`, `{}`, sig), nil},

		{"empty", "", ErrMalformed},
		{"one part", "eyJhbGciOiJSUzI1NiJ9", ErrMalformed},
		{"two parts", "eyJhbGciOiJSUzI1NiJ9.e30", ErrMalformed},
		{"four parts", rfc8037EdDSA + ".AA", ErrMalformed},
		{"JWE, five parts", "eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d", ErrMalformed},
		{"padding", strings.Replace(rfc8037EdDSA, "bmc.", "bmc=.", 1), ErrMalformed},
		{"standard alphabet", strings.Replace(rfc7515RS256, "-", "+", 1), ErrMalformed},
		{"line break", strings.Replace(rfc7515RS256, ".cC4h", ".cC4\r\nh", 1), ErrMalformed},
		{"space", strings.Replace(rfc7515RS256, ".cC4h", ".cC4 h", 1), ErrMalformed},
		{"non-zero trailing bits", strings.TrimSuffix(rfc8037EdDSA, "g") + "h", ErrMalformed},
		{"empty signature", unsignedToken(`{"alg":"RS256"}`, `{}`, nil), ErrMalformed},
		{"header an array", unsignedToken(`[]`, `{}`, sig), ErrMalformed},
		{"header null", unsignedToken(`null`, `{}`, sig), ErrMalformed},
		{"header not JSON", unsignedToken(`{"alg":"RS256"`, `{}`, sig), ErrMalformed},
		{"header trailing data", unsignedToken(`{"alg":"RS256"}x`, `{}`, sig), ErrMalformed},
		{"alg a number", unsignedToken(`{"alg":256}`, `{}`, sig), ErrMalformed},
		{"kid a number", unsignedToken(`{"alg":"RS256","kid":1}`, `{}`, sig), ErrMalformed},
		{"too long", unsignedToken(`{"alg":"RS256"}`, strings.Repeat("x", maxTokenSize), sig), ErrMalformed},

		{"RFC 7515 A.5, alg none", rfc7515None, ErrUnsupportedAlgorithm},
		{"alg none with a signature", unsignedToken(`{"alg":"none"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"RFC 7515 A.1, HS256", rfc7515HS256, ErrUnsupportedAlgorithm},
		{"HS512", unsignedToken(`{"alg":"HS512"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"RS384", unsignedToken(`{"alg":"RS384"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"PS256", unsignedToken(`{"alg":"PS256"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"ES384", unsignedToken(`{"alg":"ES384"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"Ed25519, fully specified", unsignedToken(`{"alg":"Ed25519"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"lower case", unsignedToken(`{"alg":"rs256"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"no alg", unsignedToken(`{"kid":"k1"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"alg in capitals", unsignedToken(`{"ALG":"RS256"}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"alg null", unsignedToken(`{"alg":null}`, `{}`, sig), ErrUnsupportedAlgorithm},
		{"repeated alg, none last", unsignedToken(`{"alg":"RS256","alg":"none"}`, `{}`, sig), ErrUnsupportedAlgorithm},

		{"crit", unsignedToken(`{"alg":"RS256","crit":["exp"],"exp":1}`, `{}`, sig), ErrCritical},
		{"crit empty", unsignedToken(`{"alg":"RS256","crit":[]}`, `{}`, sig), ErrCritical},
		{"crit b64", unsignedToken(`{"alg":"RS256","b64":false,"crit":["b64"]}`, `{}`, sig), ErrCritical},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.token)
			if tt.want == nil && err != nil {
				t.Fatalf("Parse(%.60q) = %v, want nil error", tt.token, err)
			}
			if tt.want != nil && (!errors.Is(err, tt.want) || got != nil) {
				t.Fatalf("Parse(%.60q) = %v, %v, want nil, %v", tt.token, got, err, tt.want)
			}
		})
	}
}

func TestParseHeader(t *testing.T) {
	j, err := Parse(unsignedToken(`{"alg":"ES256","kid":"2024-05","typ":"JWT","jku":"https://evil.example/jwks"}`, `{}`, []byte{1}))
	want := Header{Algorithm: ES256, KeyID: "2024-05", Type: "JWT"}
	if err != nil || j.Header != want {
		t.Fatalf("Parse(...).Header = %+v, %v, want %+v", j.Header, err, want)
	}
}

func TestVerifyTampered(t *testing.T) {
	for _, alg := range []string{RS256, ES256, EdDSA} {
		t.Run(alg, func(t *testing.T) {
			key := publicKey(t, "k1", signer(alg))
			tok := sign(t, alg, "k1", map[string]any{"sub": "alice", "admin": false})
			j, err := Parse(tok)
			if err != nil {
				t.Fatal(err)
			}
			if err := j.Verify(key); err != nil {
				t.Fatalf("Verify(%s) = %v, want nil", alg, err)
			}
			parts := strings.Split(tok, ".")
			forged := b64.EncodeToString([]byte(`{"sub":"alice","admin":true}`))
			other := map[string]string{RS256: "other", ES256: RS256, EdDSA: RS256}[alg]
			tests := []struct {
				name  string
				token string
				key   Key
				want  error
			}{
				{"payload", parts[0] + "." + forged + "." + parts[2], key, ErrBadSignature},
				{"header", b64.EncodeToString([]byte(`{"alg":"`+alg+`","kid":"k2"}`)) + "." + parts[1] + "." + parts[2], key, ErrBadSignature},
				{"signature", parts[0] + "." + parts[1] + "." + b64.EncodeToString(make([]byte, len(j.Signature))), key, ErrBadSignature},
				{"signature of another token", parts[0] + "." + parts[1] + "." + strings.Split(sign(t, alg, "k1", map[string]any{"sub": "bob"}), ".")[2], key, ErrBadSignature},
				{"short signature", parts[0] + "." + parts[1] + "." + b64.EncodeToString(j.Signature[:len(j.Signature)-1]), key, ErrBadSignature},
				{"long signature", parts[0] + "." + parts[1] + "." + b64.EncodeToString(append(j.Signature, 0)), key, ErrBadSignature},
				{"another key", tok, publicKey(t, "k1", signer(other)), ErrBadSignature},
			}
			for _, tt := range tests {
				j, err := Parse(tt.token)
				if err == nil {
					err = j.Verify(tt.key)
				}
				if !errors.Is(err, tt.want) {
					t.Errorf("Verify(%s, tampered %s) = %v, want %v", alg, tt.name, err, tt.want)
				}
			}
		})
	}
}

// Every prefix of a token fails to parse or to verify.
func TestTruncated(t *testing.T) {
	for _, tt := range vectors {
		key, err := ParseKey([]byte(tt.key))
		if err != nil {
			t.Fatal(err)
		}
		for i := range len(tt.token) {
			j, err := Parse(tt.token[:i])
			if err == nil {
				err = j.Verify(key)
			}
			if err == nil {
				t.Fatalf("Parse(%q).Verify(%s) = nil, want an error", tt.token[:i], tt.name)
			}
		}
	}
}

// Algorithm confusion (RFC 8725 §2.1): a token may not choose how its
// signature is checked.
func TestAlgorithmConfusion(t *testing.T) {
	rsaKey := publicKey(t, "rsa", signer(RS256))
	ecKey := publicKey(t, "ec", signer(ES256))
	edKey := publicKey(t, "ed", signer(EdDSA))
	keys := Keys{rsaKey, ecKey, edKey}
	claims := `{"sub":"mallory"}`

	// The classic: HS256 keyed with the RSA public key as published.
	der, err := x509.MarshalPKIXPublicKey(rsaKey.Public())
	if err != nil {
		t.Fatal(err)
	}
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
	jwkKey, err := rsaKey.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	hs256 := func(secret []byte) string {
		input := b64.EncodeToString([]byte(`{"alg":"HS256","kid":"rsa"}`)) + "." + b64.EncodeToString([]byte(claims))
		mac := hmac.New(sha256.New, secret)
		mac.Write([]byte(input))
		return input + "." + b64.EncodeToString(mac.Sum(nil))
	}
	// Signatures made by one key's algorithm, labelled with another's.
	relabel := func(signAlg, headerAlg, kid string) string {
		j, err := Parse(sign(t, signAlg, kid, map[string]string{"sub": "mallory"}))
		if err != nil {
			t.Fatal(err)
		}
		return unsignedToken(`{"alg":"`+headerAlg+`","kid":"`+kid+`"}`, string(j.Payload), j.Signature)
	}
	// An ES256 signature in ASN.1 form rather than R || S.
	h := sha256.Sum256([]byte(b64.EncodeToString([]byte(`{"alg":"ES256","kid":"ec"}`)) + "." + b64.EncodeToString([]byte(claims))))
	asn1Sig, err := signer(ES256).Sign(rand.Reader, h[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name  string
		token string
		want  error
	}{
		{"HS256 keyed with the PEM public key", hs256(pemKey), ErrUnsupportedAlgorithm},
		{"HS256 keyed with the JWK", hs256(jwkKey), ErrUnsupportedAlgorithm},
		{"HS256 keyed with the modulus", hs256(rsaKey.Public().(*rsa.PublicKey).N.Bytes()), ErrUnsupportedAlgorithm},
		{"none", unsignedToken(`{"alg":"none","kid":"rsa"}`, claims, []byte{0}), ErrUnsupportedAlgorithm},
		{"ES256 header on an RSA key", relabel(RS256, ES256, "rsa"), ErrAlgorithmMismatch},
		{"EdDSA header on an RSA key", relabel(RS256, EdDSA, "rsa"), ErrAlgorithmMismatch},
		{"RS256 header on an EC key", relabel(ES256, RS256, "ec"), ErrAlgorithmMismatch},
		{"EdDSA header on an EC key", relabel(ES256, EdDSA, "ec"), ErrAlgorithmMismatch},
		{"RS256 header on an Ed25519 key", relabel(EdDSA, RS256, "ed"), ErrAlgorithmMismatch},
		{"ES256 header on an Ed25519 key", relabel(EdDSA, ES256, "ed"), ErrAlgorithmMismatch},
		{"ES256 signature in ASN.1", unsignedToken(`{"alg":"ES256","kid":"ec"}`, claims, asn1Sig), ErrBadSignature},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := Parse(tt.token)
			if err == nil {
				var k Key
				k, err = keys.FindKey(t.Context(), j.Header.KeyID, j.Header.Algorithm)
				if err == nil {
					err = j.Verify(k)
				}
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("verifying %s = %v, want %v", tt.name, err, tt.want)
			}
			// The key itself refuses a header naming another algorithm.
			if j != nil {
				for _, k := range keys {
					if k.Algorithm() != j.Header.Algorithm {
						if err := j.Verify(k); !errors.Is(err, ErrAlgorithmMismatch) {
							t.Errorf("Verify(%s with the %s key) = %v, want %v", tt.name, k.Algorithm(), err, ErrAlgorithmMismatch)
						}
					}
				}
			}
		})
	}
}

func TestVerifyZeroKey(t *testing.T) {
	j, err := Parse(rfc8037EdDSA)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Verify(Key{}); !errors.Is(err, ErrUnsupportedKey) {
		t.Fatalf("Verify(Key{}) = %v, want %v", err, ErrUnsupportedKey)
	}
}
