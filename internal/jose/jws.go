package jose

import (
	"fmt"
	"strings"
)

// maxTokenSize bounds the tokens [Parse] reads; ID tokens are a few
// kilobytes.
const maxTokenSize = 128 << 10

// Header holds the JOSE header parameters this package reads (RFC 7515
// §4.1). Other parameters are ignored: in particular jku, jwk, x5u and x5c
// never choose the key, which always comes from the verifier's own set.
type Header struct {
	// Algorithm is "alg" (RFC 7515 §4.1.1): one of [RS256], [ES256] and
	// [EdDSA] in a parsed token.
	Algorithm string
	// KeyID is "kid" (RFC 7515 §4.1.4), empty when absent.
	KeyID string
	// Type is "typ" (RFC 7515 §4.1.9), empty when absent.
	Type string
}

// JWS is a token in the JWS compact serialization, parsed but not yet
// verified: nothing in it can be trusted before [JWS.Verify] succeeds.
type JWS struct {
	// Header is the protected header's parameters.
	Header Header
	// RawHeader is the protected header as decoded, the JSON text the
	// signature covers.
	RawHeader []byte
	// Payload is the decoded payload: for a JWT, the claims set's JSON.
	Payload []byte
	// Signature is the decoded signature.
	Signature []byte
}

// Parse parses a token in the JWS compact serialization (RFC 7515 §7.1):
// three base64url parts without padding, of which the header is a JSON
// object naming a supported algorithm and no critical extension. A JWE
// (five parts) is refused. On error the result is nil.
//
// Parse checks no signature: see [JWS.Verify] and [Verifier.Verify].
func Parse(token string) (*JWS, error) {
	if len(token) > maxTokenSize {
		return nil, fmt.Errorf("%w: token longer than %d bytes", ErrMalformed, maxTokenSize)
	}
	// RFC 7515 §7.1: BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(signature).
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("%w: %d parts, want 3", ErrMalformed, len(parts))
	}
	rawHeader, err := decodeSegment("header", parts[0])
	if err != nil {
		return nil, err
	}
	h, err := parseHeader(rawHeader)
	if err != nil {
		return nil, err
	}
	payload, err := decodeSegment("payload", parts[1])
	if err != nil {
		return nil, err
	}
	sig, err := decodeSegment("signature", parts[2])
	if err != nil {
		return nil, err
	}
	if len(sig) == 0 {
		// RFC 7518 §3.6: only alg "none" has an empty signature.
		return nil, fmt.Errorf("%w: empty signature", ErrMalformed)
	}
	return &JWS{Header: h, RawHeader: rawHeader, Payload: payload, Signature: sig}, nil
}

// parseHeader reads the protected header (RFC 7515 §4).
func parseHeader(raw []byte) (Header, error) {
	m, err := object("header", raw)
	if err != nil {
		return Header{}, err
	}
	// RFC 7515 §4.1.11: a recipient that does not understand an extension
	// listed in crit must reject the JWS; this package understands none.
	if _, ok := m["crit"]; ok {
		return Header{}, ErrCritical
	}
	var h Header
	err = stringMembers(m, field{"alg", &h.Algorithm}, field{"kid", &h.KeyID}, field{"typ", &h.Type})
	if err != nil {
		return Header{}, err
	}
	// RFC 8725 §3.1: accept only the algorithms in use. This refuses
	// "none" (RFC 7518 §3.6) and the HMAC algorithms, whose key would be a
	// public key taken for a secret (RFC 8725 §2.1).
	if !supported(h.Algorithm) {
		return Header{}, fmt.Errorf("%w: %q", ErrUnsupportedAlgorithm, h.Algorithm)
	}
	return h, nil
}

// signingInput is what the signature covers (RFC 7515 §5.1 step 5),
// computed from the parts so that what is verified is what the fields hold.
func (j *JWS) signingInput() string {
	return b64.EncodeToString(j.RawHeader) + "." + b64.EncodeToString(j.Payload)
}

// Verify checks the token's signature with key. The algorithm is the
// key's: a header naming another algorithm gets [ErrAlgorithmMismatch]
// (RFC 8725 §3.1), a signature that does not verify [ErrBadSignature].
func (j *JWS) Verify(key Key) error {
	if key.public == nil {
		return fmt.Errorf("%w: no key", ErrUnsupportedKey)
	}
	if j.Header.Algorithm != key.alg {
		return fmt.Errorf("%w: header says %q, key %q is %s", ErrAlgorithmMismatch, j.Header.Algorithm, key.id, key.alg)
	}
	return verifySignature(key.public, j.signingInput(), j.Signature)
}
