package jose

import (
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/json"
	"fmt"
	"math/big"
)

// Sign returns the JWT of claims, marshaled to a JSON object, signed by key
// with alg ([RS256], [ES256] or [EdDSA]) in the JWS compact serialization
// (RFC 7519 §7.1, RFC 7515 §7.1). The header holds alg, kid when not empty,
// and typ "JWT". The key must be the one alg uses: an RSA key of 2048 bits
// or more, a P-256 ECDSA key or an Ed25519 key, else [ErrUnsupportedKey].
//
// An ES256 signature is written as R || S (RFC 7518 §3.4), whatever the
// signer returns; a crypto.Signer's usual ASN.1 form is converted.
func Sign(key crypto.Signer, alg, kid string, claims any) (string, error) {
	header, err := json.Marshal(struct {
		Alg string `json:"alg"`
		Kid string `json:"kid,omitempty"`
		Typ string `json:"typ"`
	}{alg, kid, "JWT"})
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", fmt.Errorf("jose: marshaling claims: %w", err)
	}
	// RFC 7519 §7.1 step 1: the claims set is a JSON object.
	if len(payload) == 0 || payload[0] != '{' {
		return "", fmt.Errorf("jose: claims marshal to %.20s, not a JSON object", payload)
	}
	input := b64.EncodeToString(header) + "." + b64.EncodeToString(payload)
	sig, err := signInput(key, alg, input)
	if err != nil {
		return "", err
	}
	return input + "." + b64.EncodeToString(sig), nil
}

// signInput signs a JWS signing input (RFC 7515 §5.1 step 5) with alg.
func signInput(key crypto.Signer, alg, input string) ([]byte, error) {
	if key == nil {
		return nil, fmt.Errorf("%w: no key", ErrUnsupportedKey)
	}
	keyAlg, err := algorithmFor(key.Public())
	if err != nil {
		return nil, err
	}
	if alg != keyAlg {
		return nil, fmt.Errorf("%w: %s key for %q", ErrUnsupportedKey, keyAlg, alg)
	}
	switch alg {
	case RS256, ES256:
		h := sha256.Sum256([]byte(input))
		// For an RSA key, crypto.SHA256 as options means PKCS #1 v1.5
		// (RFC 7518 §3.3); for ECDSA the signer answers in ASN.1.
		sig, err := key.Sign(rand.Reader, h[:], crypto.SHA256)
		if err != nil {
			return nil, fmt.Errorf("jose: signing: %w", err)
		}
		if alg == ES256 {
			return fixedECDSA(sig)
		}
		return sig, nil
	default: // EdDSA
		// RFC 8037 §3.1: Ed25519 signs the input itself, no prehash.
		sig, err := key.Sign(rand.Reader, []byte(input), crypto.Hash(0))
		if err != nil {
			return nil, fmt.Errorf("jose: signing: %w", err)
		}
		return sig, nil
	}
}

// fixedECDSA turns an ASN.1 ECDSA signature into the 64-byte R || S form
// of RFC 7518 §3.4. A signature already in that form is kept.
func fixedECDSA(der []byte) ([]byte, error) {
	var rs struct{ R, S *big.Int }
	rest, err := asn1.Unmarshal(der, &rs)
	if err != nil || len(rest) > 0 {
		if len(der) == 64 {
			return der, nil
		}
		return nil, fmt.Errorf("jose: ECDSA signer returned %d bytes that are not a signature", len(der))
	}
	if rs.R.Sign() <= 0 || rs.S.Sign() <= 0 || rs.R.BitLen() > 256 || rs.S.BitLen() > 256 {
		return nil, fmt.Errorf("jose: ECDSA signer returned an invalid signature")
	}
	out := make([]byte, 64)
	rs.R.FillBytes(out[:32])
	rs.S.FillBytes(out[32:])
	return out, nil
}
