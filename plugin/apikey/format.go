package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"hash/crc32"
	"math/big"

	"github.com/sesame-go/sesame/auth"
)

// The shape of a key: the host's prefix ([WithPrefix]), then 256 random
// bits in base62, then a CRC-32 of both in base62, as GitHub's tokens
// carry one: a secret scanner recognizes a leaked key offline
// ([LooksValid]) without asking anyone, and a typo never costs a query.
const (
	// secretBytes is the entropy of a key.
	secretBytes = 32
	// bodyLen is the base62 length of secretBytes: 62^43 > 2^256.
	bodyLen = 43
	// checksumLen is the base62 length of a CRC-32: 62^6 > 2^32.
	checksumLen = 6
	// tailLen is what follows the prefix.
	tailLen = bodyLen + checksumLen
	// MaxPrefixLength is the longest prefix [WithPrefix] takes.
	MaxPrefixLength = 20
)

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newKey returns a new key with the prefix.
func newKey(prefix string) auth.Secret {
	var b [secretBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("apikey: crypto/rand failed: " + err.Error())
	}
	n := new(big.Int).SetBytes(b[:])
	body := make([]byte, bodyLen)
	base, digit := big.NewInt(62), new(big.Int)
	for i := bodyLen - 1; i >= 0; i-- {
		n.DivMod(n, base, digit)
		body[i] = base62[digit.Int64()]
	}
	s := prefix + string(body)
	sum := checksum(s)
	return auth.NewSecret(s + string(sum[:]))
}

// checksum is the CRC-32 (IEEE) of s in base62, six characters.
func checksum(s string) [checksumLen]byte {
	var out [checksumLen]byte
	v := crc32.ChecksumIEEE([]byte(s))
	for i := checksumLen - 1; i >= 0; i-- {
		out[i] = base62[v%62]
		v /= 62
	}
	return out
}

// LooksValid reports whether s has the shape of a key of this package,
// with any valid prefix, and its checksum holds: what a secret scanner
// asks of a string it found, offline. It says nothing of whether the key
// is live; only the instance that made it knows.
func LooksValid(s string) bool {
	if len(s) < tailLen+2 || len(s) > tailLen+MaxPrefixLength {
		return false
	}
	return validPrefix(s[:len(s)-tailLen]) && wellFormed(s, len(s)-tailLen)
}

// wellFormed reports whether the tail of s after its prefix of n bytes is
// base62 with a checksum that holds. It does not allocate: every request
// that presents a key asks it.
func wellFormed(s string, n int) bool {
	if len(s) != n+tailLen {
		return false
	}
	for i := n; i < len(s); i++ {
		if !isBase62(s[i]) {
			return false
		}
	}
	sum := checksum(s[:len(s)-checksumLen])
	return string(sum[:]) == s[len(s)-checksumLen:]
}

func isBase62(c byte) bool {
	return '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
}

// validPrefix reports whether p can prefix keys: 2 to [MaxPrefixLength]
// bytes of lower-case letters, digits and underscores, starting with a
// letter and ending with an underscore, so that a key's prefix reads apart
// from its random part ("sk_live_").
func validPrefix(p string) bool {
	if len(p) < 2 || len(p) > MaxPrefixLength || p[0] < 'a' || p[0] > 'z' || p[len(p)-1] != '_' {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// hashKey is the SHA-256 of a whole key, the only form stored: a key is
// found by its hash, so no stored secret is ever compared.
func hashKey(key auth.Secret) []byte {
	h := sha256.Sum256([]byte(key.Reveal()))
	return h[:]
}

// hint is what a list shows of a key to recognize it by: its prefix and
// its last four characters.
func hint(prefix string, key auth.Secret) string {
	k := key.Reveal()
	return prefix + "…" + k[len(k)-4:]
}
