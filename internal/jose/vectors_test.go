package jose

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"errors"
	"math/big"
	"testing"
)

// Examples from the specifications, verified as published.
const (
	// rfc7515RSAKey is the RSA key of RFC 7515 appendix A.2.1, public part.
	rfc7515RSAKey = `{"kty":"RSA",
 "n":"ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ",
 "e":"AQAB"}`
	// rfc7515RS256 is the token of RFC 7515 appendix A.2.1.
	rfc7515RS256 = "eyJhbGciOiJSUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"
	// rfc7515ECKey is the P-256 key of RFC 7515 appendix A.3.1, public part.
	rfc7515ECKey = `{"kty":"EC","crv":"P-256",
 "x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
 "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}`
	// rfc7515ES256 is the token of RFC 7515 appendix A.3.1.
	rfc7515ES256 = "eyJhbGciOiJFUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
	// rfc7515Payload is the payload of both, with its CR LF line breaks.
	rfc7515Payload = "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}"

	// rfc8037Key is the Ed25519 key of RFC 8037 appendix A.2.
	rfc8037Key = `{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}`
	// rfc8037Seed is the private key (d) of RFC 8037 appendix A.1.
	rfc8037Seed = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
	// rfc8037EdDSA is the token of RFC 8037 appendix A.4.
	rfc8037EdDSA = "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc" +
		".hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"

	// rfc7515HS256 is the token of RFC 7515 appendix A.1, HMAC-signed.
	rfc7515HS256 = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ" +
		".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	// rfc7515None is the unsecured JWS of RFC 7515 appendix A.5.
	rfc7515None = "eyJhbGciOiJub25lIn0" +
		".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ."
)

// rfc7515RSAPrivate is the private part of RFC 7515 appendix A.2.1's key.
var rfc7515RSAPrivate = struct{ d, p, q string }{
	d: "Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoAJe46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gfpRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pIuhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ",
	p: "4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJdTJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc",
	q: "uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc",
}

// vectors are the specification examples that verify.
var vectors = []struct {
	name, key, token, alg, payload string
}{
	{"RFC 7515 A.2 RS256", rfc7515RSAKey, rfc7515RS256, RS256, rfc7515Payload},
	{"RFC 7515 A.3 ES256", rfc7515ECKey, rfc7515ES256, ES256, rfc7515Payload},
	{"RFC 8037 A.4 EdDSA", rfc8037Key, rfc8037EdDSA, EdDSA, "Example of Ed25519 signing"},
}

func TestVectors(t *testing.T) {
	for _, tt := range vectors {
		t.Run(tt.name, func(t *testing.T) {
			key, err := ParseKey([]byte(tt.key))
			if err != nil {
				t.Fatalf("ParseKey(%s) = %v", tt.name, err)
			}
			if key.Algorithm() != tt.alg {
				t.Errorf("ParseKey(%s).Algorithm() = %q, want %q", tt.name, key.Algorithm(), tt.alg)
			}
			j, err := Parse(tt.token)
			if err != nil {
				t.Fatalf("Parse(%q) = %v", tt.token, err)
			}
			if string(j.Payload) != tt.payload {
				t.Errorf("Parse(%q).Payload = %q, want %q", tt.token, j.Payload, tt.payload)
			}
			if err := j.Verify(key); err != nil {
				t.Errorf("Verify(%s) = %v, want nil", tt.name, err)
			}
			// Any changed bit of the signature breaks it.
			for _, i := range []int{0, len(j.Signature) / 2, len(j.Signature) - 1} {
				bad := *j
				bad.Signature = append([]byte(nil), j.Signature...)
				bad.Signature[i] ^= 1
				if err := bad.Verify(key); !errors.Is(err, ErrBadSignature) {
					t.Errorf("Verify(%s with signature bit %d flipped) = %v, want %v", tt.name, i*8, err, ErrBadSignature)
				}
			}
		})
	}
}

// The specifications' RSA and Ed25519 signatures are deterministic, so
// signing their inputs gives their signatures.
func TestSignVectors(t *testing.T) {
	seed, err := b64.DecodeString(rfc8037Seed)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		key   crypto.Signer
		token string
	}{
		{"RFC 7515 A.2 RS256", rfc7515RSA(t), rfc7515RS256},
		{"RFC 8037 A.4 EdDSA", ed25519.NewKeyFromSeed(seed), rfc8037EdDSA},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, err := Parse(tt.token)
			if err != nil {
				t.Fatal(err)
			}
			got, err := signInput(tt.key, j.Header.Algorithm, j.signingInput())
			if err != nil || string(got) != string(j.Signature) {
				t.Errorf("signInput(%s) = %s, %v, want %s", tt.name, b64.EncodeToString(got), err, b64.EncodeToString(j.Signature))
			}
		})
	}
}

// rfc7515RSA returns the RSA private key of RFC 7515 appendix A.2.1.
func rfc7515RSA(tb testing.TB) *rsa.PrivateKey {
	tb.Helper()
	pub, err := ParseKey([]byte(rfc7515RSAKey))
	if err != nil {
		tb.Fatal(err)
	}
	num := func(s string) *big.Int {
		b, err := b64.DecodeString(s)
		if err != nil {
			tb.Fatal(err)
		}
		return new(big.Int).SetBytes(b)
	}
	k := &rsa.PrivateKey{
		PublicKey: *pub.Public().(*rsa.PublicKey),
		D:         num(rfc7515RSAPrivate.d),
		Primes:    []*big.Int{num(rfc7515RSAPrivate.p), num(rfc7515RSAPrivate.q)},
	}
	if err := k.Validate(); err != nil {
		tb.Fatal(err)
	}
	k.Precompute()
	return k
}

// The vectors' keys read back from the JWKs they marshal to.
func TestVectorKeysRoundTrip(t *testing.T) {
	for _, tt := range vectors {
		k, err := ParseKey([]byte(tt.key))
		if err != nil {
			t.Fatal(err)
		}
		data, err := k.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON(%s) = %v", tt.name, err)
		}
		back, err := ParseKey(data)
		if err != nil || !samePublic(back.Public(), k.Public()) || back.Algorithm() != k.Algorithm() {
			t.Errorf("ParseKey(%s) = %v, %v, want %v", data, back, err, k)
		}
	}
}

// samePublic compares two public keys.
func samePublic(a, b any) bool {
	switch a := a.(type) {
	case *rsa.PublicKey:
		return a.Equal(b)
	case *ecdsa.PublicKey:
		return a.Equal(b)
	case ed25519.PublicKey:
		return a.Equal(b)
	}
	return false
}
