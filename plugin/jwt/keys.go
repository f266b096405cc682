package jwt

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

// signingKey is a private key that signs tokens, with its key ID and its
// one algorithm. It prints as "[redacted]" everywhere.
type signingKey struct {
	kid    string
	alg    string
	signer crypto.Signer
}

// redacted is what every printing of a key writes.
const redacted = "[redacted]"

func (*signingKey) String() string               { return redacted }
func (*signingKey) GoString() string             { return redacted }
func (*signingKey) Format(f fmt.State, _ rune)   { io.WriteString(f, redacted) }
func (*signingKey) MarshalJSON() ([]byte, error) { return []byte(`"` + redacted + `"`), nil }
func (*signingKey) MarshalText() ([]byte, error) { return []byte(redacted), nil }
func (*signingKey) LogValue() slog.Value         { return slog.StringValue(redacted) }
func (k *signingKey) sign(claims any) (string, error) {
	return jose.Sign(k.signer, k.alg, k.kid, claims)
}

// generate makes a new private key for alg.
func generate(alg string) (crypto.Signer, error) {
	switch alg {
	case EdDSA:
		_, k, err := ed25519.GenerateKey(rand.Reader)
		return k, err
	case ES256:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case RS256:
		// RFC 7518 §3.3: 2048 bits or more.
		return rsa.GenerateKey(rand.Reader, 2048)
	}
	return nil, fmt.Errorf("jwt: algorithm %q", alg)
}

// newKeyRow is a new key as stored: its kid, the public JWK, and the
// private key as PKCS #8, sealed.
type newKeyRow struct {
	kid, alg, public, sealed string
	key                      *signingKey
}

// storable makes the row of a new key: its kid is the key's JWK
// thumbprint (RFC 7638), so that it names the key and nothing else.
func storable(sealer *auth.Sealer, signer crypto.Signer) (*newKeyRow, error) {
	anon, err := jose.NewKey("", signer.Public())
	if err != nil {
		return nil, err
	}
	kid, err := thumbprint(anon)
	if err != nil {
		return nil, err
	}
	pub, err := jose.NewKey(kid, signer.Public())
	if err != nil {
		return nil, err
	}
	public, err := pub.MarshalJSON()
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(signer)
	if err != nil {
		return nil, err
	}
	sealed, err := sealer.Seal(base64.StdEncoding.EncodeToString(der), sealContext(kid))
	if err != nil {
		return nil, err
	}
	return &newKeyRow{kid: kid, alg: pub.Algorithm(), public: string(public), sealed: sealed,
		key: &signingKey{kid: kid, alg: pub.Algorithm(), signer: signer}}, nil
}

// sealContext binds a sealed private key to its kid, so that a sealed key
// copied to another row does not open there.
func sealContext(kid string) string { return "jwt-key:" + kid }

// errBadKey is a stored key that does not open or is not the key its row
// says.
var errBadKey = errors.New("jwt: a stored signing key does not open with the secret keys or does not match its row")

// unseal opens a stored private key and checks it against its row.
func unseal(sealer *auth.Sealer, kid, alg, sealed string) (*signingKey, error) {
	plain, err := sealer.Open(sealed, sealContext(kid))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errBadKey, err)
	}
	der, err := base64.StdEncoding.DecodeString(plain)
	if err != nil {
		return nil, errBadKey
	}
	priv, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, errBadKey
	}
	signer, ok := priv.(crypto.Signer)
	if !ok {
		return nil, errBadKey
	}
	pub, err := jose.NewKey("", signer.Public())
	if err != nil || pub.Algorithm() != alg {
		return nil, errBadKey
	}
	if tp, err := thumbprint(pub); err != nil || tp != kid {
		return nil, errBadKey
	}
	return &signingKey{kid: kid, alg: alg, signer: signer}, nil
}

// thumbprint is the JWK thumbprint of a public key (RFC 7638 §3): the
// base64url SHA-256 of its required members, in lexicographic order with
// no whitespace (RFC 7638 §3.2; RFC 8037 §2 for OKP keys).
func thumbprint(k jose.Key) (string, error) {
	raw, err := k.MarshalJSON()
	if err != nil {
		return "", err
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", err
	}
	var members []string
	switch m["kty"] {
	case "RSA":
		members = []string{"e", "kty", "n"}
	case "EC":
		members = []string{"crv", "kty", "x", "y"}
	case "OKP":
		members = []string{"crv", "kty", "x"}
	default:
		return "", fmt.Errorf("jwt: kty %q", m["kty"])
	}
	canon := []byte{'{'}
	for i, name := range members {
		if i > 0 {
			canon = append(canon, ',')
		}
		// The members' values are base64url or fixed names: nothing to
		// escape, so their JSON is the quoted text.
		canon = fmt.Appendf(canon, "%q:%q", name, m[name])
	}
	canon = append(canon, '}')
	sum := sha256.Sum256(canon)
	return base64.RawURLEncoding.EncodeToString(sum[:]), nil
}
