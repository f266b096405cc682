package jose

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
)

// Key is a public key that verifies signatures, with its key ID and the one
// algorithm it is used with. The zero Key verifies nothing; make one with
// [NewKey] or [ParseKey].
type Key struct {
	id     string
	alg    string
	public crypto.PublicKey
}

// NewKey makes a Key of pub, an *rsa.PublicKey of 2048 bits or more, an
// *ecdsa.PublicKey on P-256 or an ed25519.PublicKey, with key ID kid
// (which may be empty). Other keys get [ErrUnsupportedKey].
func NewKey(kid string, pub crypto.PublicKey) (Key, error) {
	alg, err := algorithmFor(pub)
	if err != nil {
		return Key{}, err
	}
	return Key{id: kid, alg: alg, public: pub}, nil
}

// ID returns the key ID, "kid" (RFC 7517 §4.5).
func (k Key) ID() string { return k.id }

// Algorithm returns the algorithm the key verifies: [RS256], [ES256] or
// [EdDSA].
func (k Key) Algorithm() string { return k.alg }

// Public returns the public key: an *rsa.PublicKey, *ecdsa.PublicKey or
// ed25519.PublicKey.
func (k Key) Public() crypto.PublicKey { return k.public }

// ParseKey parses a JSON Web Key (RFC 7517 §4) holding a public key for
// signatures: kty RSA (n, e), EC (crv P-256, x, y) or OKP (crv Ed25519, x),
// with use "sig" or none, key_ops including "verify" or none, and alg, when
// present, the key's algorithm. Keys it cannot use get [ErrUnsupportedKey],
// JSON of the wrong shape [ErrMalformed]. Private members are ignored.
func ParseKey(data []byte) (Key, error) {
	m, err := object("JWK", data)
	if err != nil {
		return Key{}, err
	}
	var kty, use, alg, kid, crv string
	err = stringMembers(m, field{"kty", &kty}, field{"use", &use}, field{"alg", &alg},
		field{"kid", &kid}, field{"crv", &crv})
	if err != nil {
		return Key{}, err
	}
	// RFC 7517 §4.2: "sig" for signatures; a key for encryption is not one
	// to verify with.
	if use != "" && use != "sig" {
		return Key{}, fmt.Errorf("%w: use %q", ErrUnsupportedKey, use)
	}
	// RFC 7517 §4.3: when key_ops is present, it must allow verifying.
	if raw, ok := m["key_ops"]; ok {
		var ops []string
		if err := json.Unmarshal(raw, &ops); err != nil {
			return Key{}, fmt.Errorf("%w: \"key_ops\" is not an array of strings", ErrMalformed)
		}
		if ops != nil && !slices.Contains(ops, "verify") {
			return Key{}, fmt.Errorf("%w: key_ops %q", ErrUnsupportedKey, ops)
		}
	}
	pub, err := parsePublic(m, kty, crv)
	if err != nil {
		return Key{}, err
	}
	k, err := NewKey(kid, pub)
	if err != nil {
		return Key{}, err
	}
	// RFC 7517 §4.4: alg names the algorithm the key is intended for; a key
	// meant for another algorithm is not used with ours.
	if alg != "" && alg != k.alg {
		return Key{}, fmt.Errorf("%w: alg %q for a key used with %s", ErrUnsupportedKey, alg, k.alg)
	}
	return k, nil
}

// parsePublic reads the public key members for kty (RFC 7518 §6, RFC 8037
// §2).
func parsePublic(m map[string]json.RawMessage, kty, crv string) (crypto.PublicKey, error) {
	switch kty {
	case "RSA":
		// RFC 7518 §6.3.1: n and e, base64url big-endian unsigned integers.
		n, err := bytesMember(m, "n")
		if err != nil {
			return nil, err
		}
		e, err := bytesMember(m, "e")
		if err != nil {
			return nil, err
		}
		if len(e) > 4 {
			return nil, fmt.Errorf("%w: RSA exponent of %d bytes", ErrUnsupportedKey, len(e))
		}
		return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}, nil
	case "EC":
		// RFC 7518 §6.2.1.1: this package uses only P-256.
		if crv != "P-256" {
			return nil, fmt.Errorf("%w: EC curve %q", ErrUnsupportedKey, crv)
		}
		x, err := bytesMember(m, "x")
		if err != nil {
			return nil, err
		}
		y, err := bytesMember(m, "y")
		if err != nil {
			return nil, err
		}
		// RFC 7518 §6.2.1.2 and §6.2.1.3: x and y are the full 32 bytes.
		if len(x) != 32 || len(y) != 32 {
			return nil, fmt.Errorf("%w: P-256 coordinates of %d and %d bytes, want 32", ErrMalformed, len(x), len(y))
		}
		// The point must be on the curve (RFC 8725 §3.4);
		// ParseUncompressedPublicKey refuses one that is not.
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnsupportedKey, err)
		}
		return pub, nil
	case "OKP":
		// RFC 8037 §2: crv Ed25519 with the public key in x.
		if crv != "Ed25519" {
			return nil, fmt.Errorf("%w: OKP curve %q", ErrUnsupportedKey, crv)
		}
		x, err := bytesMember(m, "x")
		if err != nil {
			return nil, err
		}
		if len(x) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("%w: Ed25519 key of %d bytes", ErrMalformed, len(x))
		}
		return ed25519.PublicKey(x), nil
	case "oct":
		// RFC 8725 §3.2: a symmetric key from a key set would let whoever
		// can read the set sign tokens.
		return nil, fmt.Errorf("%w: symmetric keys are never used", ErrUnsupportedKey)
	}
	return nil, fmt.Errorf("%w: kty %q", ErrUnsupportedKey, kty)
}

// bytesMember decodes the required base64url member name.
func bytesMember(m map[string]json.RawMessage, name string) ([]byte, error) {
	var s string
	if err := stringMember(m, name, &s); err != nil {
		return nil, err
	}
	if s == "" {
		return nil, fmt.Errorf("%w: missing %q", ErrMalformed, name)
	}
	return decodeSegment(fmt.Sprintf("%q", name), s)
}

// jwk is a public JWK as MarshalJSON writes it.
type jwk struct {
	Kty string `json:"kty"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	Kid string `json:"kid,omitempty"`
	Crv string `json:"crv,omitempty"`
	N   string `json:"n,omitempty"`
	E   string `json:"e,omitempty"`
	X   string `json:"x,omitempty"`
	Y   string `json:"y,omitempty"`
}

// MarshalJSON writes the key as a public JWK (RFC 7517 §4) with use "sig"
// and its alg, which [ParseKey] reads back.
func (k Key) MarshalJSON() ([]byte, error) {
	j := jwk{Use: "sig", Alg: k.alg, Kid: k.id}
	switch pub := k.public.(type) {
	case *rsa.PublicKey:
		j.Kty = "RSA"
		j.N = b64.EncodeToString(pub.N.Bytes())
		j.E = b64.EncodeToString(big.NewInt(int64(pub.E)).Bytes())
	case *ecdsa.PublicKey:
		p, err := pub.Bytes()
		if err != nil {
			return nil, err
		}
		j.Kty, j.Crv = "EC", "P-256"
		j.X, j.Y = b64.EncodeToString(p[1:33]), b64.EncodeToString(p[33:])
	case ed25519.PublicKey:
		j.Kty, j.Crv = "OKP", "Ed25519"
		j.X = b64.EncodeToString(pub)
	default:
		return nil, fmt.Errorf("%w: no key", ErrUnsupportedKey)
	}
	return json.Marshal(j)
}
