package jose

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"math/big"
)

// The signature algorithms this package verifies and signs with (RFC 7518
// §3.1, RFC 8037 §3.1). Each key type has exactly one of them.
const (
	// RS256 is RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3), for RSA keys
	// of 2048 bits or more.
	RS256 = "RS256"
	// ES256 is ECDSA on P-256 with SHA-256 (RFC 7518 §3.4), the signature
	// being R and S as 32 bytes each.
	ES256 = "ES256"
	// EdDSA is Ed25519 (RFC 8037 §3.1); Ed448 is not supported.
	EdDSA = "EdDSA"
)

// RSA moduli accepted: at least 2048 bits (RFC 7518 §3.3), and at most
// 8192 so that no key makes verification costly.
const (
	minRSABits = 2048
	maxRSABits = 8192
)

// supported reports whether alg is one of the algorithms above.
func supported(alg string) bool {
	return alg == RS256 || alg == ES256 || alg == EdDSA
}

// algorithmFor returns the one algorithm used with pub, checking that the
// key is one this package accepts. The algorithm follows from the key,
// never from a token (RFC 8725 §3.1).
func algorithmFor(pub crypto.PublicKey) (string, error) {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		if k == nil || k.N == nil {
			return "", fmt.Errorf("%w: empty RSA key", ErrUnsupportedKey)
		}
		// RFC 7518 §3.3: a key of size 2048 bits or larger MUST be used.
		if bits := k.N.BitLen(); bits < minRSABits || bits > maxRSABits {
			return "", fmt.Errorf("%w: RSA key of %d bits, want %d to %d (RFC 7518 §3.3)", ErrUnsupportedKey, bits, minRSABits, maxRSABits)
		}
		// RFC 8017 §3.1: n odd, e odd and 3 <= e < n.
		if k.N.Bit(0) == 0 || k.E < 3 || k.E%2 == 0 {
			return "", fmt.Errorf("%w: invalid RSA key", ErrUnsupportedKey)
		}
		return RS256, nil
	case *ecdsa.PublicKey:
		// RFC 7518 §3.4: ES256 is ECDSA using P-256.
		if k == nil || k.Curve != elliptic.P256() {
			return "", fmt.Errorf("%w: ECDSA keys must be on P-256 (RFC 7518 §3.4)", ErrUnsupportedKey)
		}
		// The point must be on the curve, or an invalid-curve attack may
		// apply (RFC 8725 §3.4); ECDH checks it.
		if _, err := k.ECDH(); err != nil {
			return "", fmt.Errorf("%w: %v", ErrUnsupportedKey, err)
		}
		return ES256, nil
	case ed25519.PublicKey:
		// RFC 8037 §2: the public key is 32 bytes for Ed25519.
		if len(k) != ed25519.PublicKeySize {
			return "", fmt.Errorf("%w: Ed25519 key of %d bytes", ErrUnsupportedKey, len(k))
		}
		return EdDSA, nil
	}
	return "", fmt.Errorf("%w: %T", ErrUnsupportedKey, pub)
}

// verifySignature checks sig over input with pub, a key [algorithmFor]
// accepted, by the key's algorithm.
func verifySignature(pub crypto.PublicKey, input string, sig []byte) error {
	ok := false
	switch k := pub.(type) {
	case *rsa.PublicKey:
		// RFC 7518 §3.3: RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2.2).
		h := sha256.Sum256([]byte(input))
		ok = rsa.VerifyPKCS1v15(k, crypto.SHA256, h[:], sig) == nil
	case *ecdsa.PublicKey:
		// RFC 7518 §3.4: the signature is R || S, each 32 bytes big-endian,
		// not the ASN.1 form.
		if len(sig) == 64 {
			h := sha256.Sum256([]byte(input))
			r := new(big.Int).SetBytes(sig[:32])
			s := new(big.Int).SetBytes(sig[32:])
			ok = ecdsa.Verify(k, h[:], r, s)
		}
	case ed25519.PublicKey:
		// RFC 8037 §3.1: Ed25519 over the signing input itself.
		ok = len(k) == ed25519.PublicKeySize && ed25519.Verify(k, []byte(input), sig)
	}
	if !ok {
		return ErrBadSignature
	}
	return nil
}
