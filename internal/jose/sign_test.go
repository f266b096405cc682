package jose

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"testing"
)

func TestSign(t *testing.T) {
	claims := Claims{Issuer: "TEAMID1234", Subject: "com.example.app", Audience: []string{"https://appleid.apple.com"}}
	for _, tt := range []struct{ alg, kid, header string }{
		{RS256, "r1", `{"alg":"RS256","kid":"r1","typ":"JWT"}`},
		{ES256, "ABC123DEFG", `{"alg":"ES256","kid":"ABC123DEFG","typ":"JWT"}`},
		{EdDSA, "", `{"alg":"EdDSA","typ":"JWT"}`},
	} {
		t.Run(tt.alg, func(t *testing.T) {
			tok, err := Sign(signer(tt.alg), tt.alg, tt.kid, claims)
			if err != nil {
				t.Fatalf("Sign(%s) = %v", tt.alg, err)
			}
			j, err := Parse(tok)
			if err != nil {
				t.Fatalf("Parse(Sign(%s)) = %v", tt.alg, err)
			}
			want, _ := json.Marshal(claims)
			if string(j.RawHeader) != tt.header || string(j.Payload) != string(want) {
				t.Errorf("Sign(%s) = %s . %s, want %s . %s", tt.alg, j.RawHeader, j.Payload, tt.header, want)
			}
			if err := j.Verify(publicKey(t, tt.kid, signer(tt.alg))); err != nil {
				t.Errorf("Verify(Sign(%s)) = %v, want nil", tt.alg, err)
			}
			if tt.alg == ES256 && len(j.Signature) != 64 {
				t.Errorf("Sign(ES256) signature of %d bytes, want 64 (R || S)", len(j.Signature))
			}
		})
	}
}

func TestSignErrors(t *testing.T) {
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		key    crypto.Signer
		alg    string
		claims any
		want   error // nil: any error
	}{
		{"RSA key for ES256", signer(RS256), ES256, Claims{}, ErrUnsupportedKey},
		{"EC key for RS256", signer(ES256), RS256, Claims{}, ErrUnsupportedKey},
		{"RSA key for HS256", signer(RS256), "HS256", Claims{}, ErrUnsupportedKey},
		{"alg none", signer(EdDSA), "none", Claims{}, ErrUnsupportedKey},
		{"RSA 1024", weak, RS256, Claims{}, ErrUnsupportedKey},
		{"no key", nil, RS256, Claims{}, ErrUnsupportedKey},
		{"claims a string", signer(EdDSA), EdDSA, "claims", nil},
		{"claims an array", signer(EdDSA), EdDSA, []string{"a"}, nil},
		{"claims nil", signer(EdDSA), EdDSA, nil, nil},
		{"claims not marshalable", signer(EdDSA), EdDSA, map[string]any{"c": make(chan int)}, nil},
		{"signer fails", failingSigner{signer(ES256)}, ES256, Claims{}, nil},
		{"signer answers garbage", garbageSigner{signer(ES256)}, ES256, Claims{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok, err := Sign(tt.key, tt.alg, "k", tt.claims)
			if err == nil || tok != "" || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Fatalf("Sign(%s) = %q, %v, want an error %v", tt.name, tok, err, tt.want)
			}
		})
	}
}

// A signer that already answers R || S, as some hardware does, is taken
// as it is.
func TestSignRawECDSA(t *testing.T) {
	tok, err := Sign(rawSigner{signer(ES256).(*ecdsa.PrivateKey)}, ES256, "", Claims{Subject: "s"})
	if err != nil {
		t.Fatalf("Sign(raw ECDSA signer) = %v", err)
	}
	j, err := Parse(tok)
	if err == nil {
		err = j.Verify(publicKey(t, "", signer(ES256)))
	}
	if err != nil {
		t.Fatalf("Verify(Sign(raw ECDSA signer)) = %v, want nil", err)
	}
}

type failingSigner struct{ crypto.Signer }

func (failingSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return nil, errors.New("hardware unplugged")
}

type garbageSigner struct{ crypto.Signer }

func (garbageSigner) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return []byte("not a signature"), nil
}

type rawSigner struct{ k *ecdsa.PrivateKey }

func (s rawSigner) Public() crypto.PublicKey { return s.k.Public() }

func (s rawSigner) Sign(r io.Reader, digest []byte, _ crypto.SignerOpts) ([]byte, error) {
	if len(digest) != sha256.Size {
		return nil, errors.New("want a SHA-256 digest")
	}
	rr, ss, err := ecdsa.Sign(r, s.k, digest)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 64)
	rr.FillBytes(out[:32])
	ss.FillBytes(out[32:])
	return out, nil
}
