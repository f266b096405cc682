package jose

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
)

// rsaJWK writes an RSA JWK with any modulus and exponent.
func rsaJWK(n *big.Int, e int64, extra string) string {
	return `{"kty":"RSA","n":"` + b64.EncodeToString(n.Bytes()) + `","e":"` + b64.EncodeToString(big.NewInt(e).Bytes()) + `"` + extra + `}`
}

func TestParseKey(t *testing.T) {
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	strong := signer(RS256).Public().(*rsa.PublicKey)
	// odd returns 2^bits + 1, an odd number of bits+1 bits.
	odd := func(bits int) *big.Int { return new(big.Int).SetBit(big.NewInt(1), bits, 1) }
	ecKey := func(members string) string {
		return `{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",` + members + `}`
	}
	const y = `"y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"`
	tests := []struct {
		name    string
		jwk     string
		wantAlg string
		wantErr error
	}{
		{"RFC 7515 A.2 RSA", rfc7515RSAKey, RS256, nil},
		{"RFC 7515 A.3 EC", rfc7515ECKey, ES256, nil},
		{"RFC 8037 A.2 Ed25519", rfc8037Key, EdDSA, nil},
		{"use sig, alg and kid", rsaJWK(strong.N, 65537, `,"use":"sig","alg":"RS256","kid":"k1"`), RS256, nil},
		{"key_ops verify", ecKey(y + `,"key_ops":["verify"]`), ES256, nil},
		{"private member ignored", ecKey(y + `,"d":"jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI"`), ES256, nil},
		{"unknown members ignored", ecKey(y + `,"x5c":["MIIB"],"ext":true`), ES256, nil},
		{"4096-bit", rsaJWK(odd(4095), 3, ``), RS256, nil},

		{"use enc", ecKey(y + `,"use":"enc"`), "", ErrUnsupportedKey},
		{"key_ops sign only", ecKey(y + `,"key_ops":["sign"]`), "", ErrUnsupportedKey},
		{"alg RS384", rsaJWK(strong.N, 65537, `,"alg":"RS384"`), "", ErrUnsupportedKey},
		{"alg PS256", rsaJWK(strong.N, 65537, `,"alg":"PS256"`), "", ErrUnsupportedKey},
		{"alg HS256 on RSA", rsaJWK(strong.N, 65537, `,"alg":"HS256"`), "", ErrUnsupportedKey},
		{"alg ES256 on RSA", rsaJWK(strong.N, 65537, `,"alg":"ES256"`), "", ErrUnsupportedKey},
		{"alg RS256 on EC", ecKey(y + `,"alg":"RS256"`), "", ErrUnsupportedKey},
		{"alg none", rsaJWK(strong.N, 65537, `,"alg":"none"`), "", ErrUnsupportedKey},
		{"oct", `{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}`, "", ErrUnsupportedKey},
		{"kty in lower case", `{"kty":"rsa","n":"AQAB","e":"AQAB"}`, "", ErrUnsupportedKey},
		{"no kty", `{"n":"AQAB","e":"AQAB"}`, "", ErrUnsupportedKey},
		{"RSA 1024 bits", rsaJWK(weak.N, 65537, ``), "", ErrUnsupportedKey},
		{"RSA 8193 bits", rsaJWK(odd(8192), 65537, ``), "", ErrUnsupportedKey},
		{"RSA exponent 1", rsaJWK(strong.N, 1, ``), "", ErrUnsupportedKey},
		{"RSA even exponent", rsaJWK(strong.N, 65536, ``), "", ErrUnsupportedKey},
		{"RSA exponent of 5 bytes", rsaJWK(strong.N, 1<<33+1, ``), "", ErrUnsupportedKey},
		{"RSA even modulus", rsaJWK(new(big.Int).SetBit(strong.N, 0, 0), 65537, ``), "", ErrUnsupportedKey},
		{"P-384", `{"kty":"EC","crv":"P-384","x":"AA","y":"AA"}`, "", ErrUnsupportedKey},
		{"no crv", `{"kty":"EC","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",` + y + `}`, "", ErrUnsupportedKey},
		{"point off the curve", ecKey(`"y":"y_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"`), "", ErrUnsupportedKey},
		{"point at zero", `{"kty":"EC","crv":"P-256","x":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","y":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, "", ErrUnsupportedKey},
		{"X25519", `{"kty":"OKP","crv":"X25519","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"}`, "", ErrUnsupportedKey},
		{"Ed448", `{"kty":"OKP","crv":"Ed448","x":"AA"}`, "", ErrUnsupportedKey},

		{"not an object", `["RSA"]`, "", ErrMalformed},
		{"null", `null`, "", ErrMalformed},
		{"not JSON", `{"kty":`, "", ErrMalformed},
		{"kty a number", `{"kty":1}`, "", ErrMalformed},
		{"key_ops a string", ecKey(y + `,"key_ops":"verify"`), "", ErrMalformed},
		{"RSA without n", `{"kty":"RSA","e":"AQAB"}`, "", ErrMalformed},
		{"RSA n padded", `{"kty":"RSA","n":"AQAB=","e":"AQAB"}`, "", ErrMalformed},
		{"EC without y", ecKey(`"kid":"k"`), "", ErrMalformed},
		{"EC x of 31 bytes", `{"kty":"EC","crv":"P-256","x":"` + b64.EncodeToString(make([]byte, 31)) + `",` + y + `}`, "", ErrMalformed},
		{"Ed25519 x of 31 bytes", `{"kty":"OKP","crv":"Ed25519","x":"` + b64.EncodeToString(make([]byte, 31)) + `"}`, "", ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := ParseKey([]byte(tt.jwk))
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("ParseKey(%.80s) = %v, want %v", tt.jwk, err, tt.wantErr)
			}
			if k.Algorithm() != tt.wantAlg {
				t.Errorf("ParseKey(%.80s).Algorithm() = %q, want %q", tt.jwk, k.Algorithm(), tt.wantAlg)
			}
			if err != nil && (k != Key{}) {
				t.Errorf("ParseKey(%.80s) = %v with error %v, want the zero Key", tt.jwk, k, err)
			}
		})
	}
}

func TestNewKey(t *testing.T) {
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		pub     any
		wantAlg string
	}{
		{"RSA", signer(RS256).Public(), RS256},
		{"P-256", signer(ES256).Public(), ES256},
		{"Ed25519", signer(EdDSA).Public(), EdDSA},
		{"RSA 1024", &weak.PublicKey, ""},
		{"nil RSA", (*rsa.PublicKey)(nil), ""},
		{"HMAC secret", []byte("secret"), ""},
		{"private key", signer(EdDSA), ""},
		{"nil", nil, ""},
	}
	for _, tt := range tests {
		k, err := NewKey("kid", tt.pub)
		if k.Algorithm() != tt.wantAlg || (err == nil) != (tt.wantAlg != "") {
			t.Errorf("NewKey(%s) = %q, %v, want %q", tt.name, k.Algorithm(), err, tt.wantAlg)
		}
		if err != nil && !errors.Is(err, ErrUnsupportedKey) {
			t.Errorf("NewKey(%s) = %v, want %v", tt.name, err, ErrUnsupportedKey)
		}
	}
}

func TestParseKeys(t *testing.T) {
	set := `{"keys":[
		` + rfc7515RSAKey + `,
		{"kty":"oct","k":"c2VjcmV0"},
		{"kty":"EC","crv":"P-256","use":"enc","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
		` + rfc7515ECKey + `,
		{"kty":"OKP","crv":"X25519","x":"hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo"},
		42,
		"key",
		null,
		` + rfc8037Key + `
	],"other":"ignored"}`
	keys, err := ParseKeys([]byte(set))
	if err != nil {
		t.Fatalf("ParseKeys(mixed set) = %v", err)
	}
	var algs []string
	for _, k := range keys {
		algs = append(algs, k.Algorithm())
	}
	if got, want := strings.Join(algs, " "), "RS256 ES256 EdDSA"; got != want {
		t.Errorf("ParseKeys(mixed set) algorithms = %q, want %q", got, want)
	}

	for _, bad := range []string{``, `[]`, `null`, `{}`, `{"keys":null}`, `{"keys":{}}`, `{"keys":"x"}`, `{"Keys":[]}`} {
		if keys, err := ParseKeys([]byte(bad)); !errors.Is(err, ErrMalformed) || keys != nil {
			t.Errorf("ParseKeys(%q) = %v, %v, want nil, %v", bad, keys, err, ErrMalformed)
		}
	}
	if keys, err := ParseKeys([]byte(`{"keys":[]}`)); err != nil || keys == nil || len(keys) != 0 {
		t.Errorf("ParseKeys(no keys) = %v, %v, want an empty set", keys, err)
	}
}

func TestKeysJSON(t *testing.T) {
	keys := Keys{publicKey(t, "r", signer(RS256)), publicKey(t, "e", signer(ES256)), publicKey(t, "", signer(EdDSA))}
	data, err := json.Marshal(keys)
	if err != nil {
		t.Fatal(err)
	}
	var back Keys
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("json.Unmarshal(%s) = %v", data, err)
	}
	if len(back) != len(keys) {
		t.Fatalf("json.Unmarshal(%s) = %d keys, want %d", data, len(back), len(keys))
	}
	for i := range keys {
		if back[i].ID() != keys[i].ID() || back[i].Algorithm() != keys[i].Algorithm() || !samePublic(back[i].Public(), keys[i].Public()) {
			t.Errorf("key %d = %v, want %v", i, back[i], keys[i])
		}
	}
	if data, err := json.Marshal(Keys(nil)); err != nil || string(data) != `{"keys":[]}` {
		t.Errorf("json.Marshal(Keys(nil)) = %s, %v, want {\"keys\":[]}", data, err)
	}
	if _, err := json.Marshal(Key{}); err == nil {
		t.Errorf("json.Marshal(Key{}) = nil error, want one")
	}
}

func TestKeysFindKey(t *testing.T) {
	a := publicKey(t, "a", signer(RS256))
	b := publicKey(t, "b", signer(ES256))
	c := publicKey(t, "c", signer(EdDSA))
	a2 := publicKey(t, "a2", signer("other"))
	dup := publicKey(t, "b", signer(ES256))
	tests := []struct {
		name     string
		keys     Keys
		kid, alg string
		want     Key
		wantErr  error
	}{
		{"by kid", Keys{a, b, c}, "b", ES256, b, nil},
		{"no kid, one key for alg", Keys{a, b, c}, "", EdDSA, c, nil},
		{"kid of another algorithm", Keys{a, b, c}, "a", ES256, Key{}, ErrAlgorithmMismatch},
		{"unknown kid", Keys{a, b, c}, "z", RS256, Key{}, ErrUnknownKey},
		{"no kid, several keys for alg", Keys{a, a2, b}, "", RS256, Key{}, ErrUnknownKey},
		{"no kid, no key for alg", Keys{b, c}, "", RS256, Key{}, ErrUnknownKey},
		{"kid shared", Keys{b, dup}, "b", ES256, Key{}, ErrUnknownKey},
		{"empty set", nil, "a", RS256, Key{}, ErrUnknownKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.keys.FindKey(t.Context(), tt.kid, tt.alg)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) || got.ID() != tt.want.ID() || got.Algorithm() != tt.want.Algorithm() {
				t.Fatalf("FindKey(%q, %q) = %v, %v, want %v, %v", tt.kid, tt.alg, got, err, tt.want, tt.wantErr)
			}
		})
	}
}
