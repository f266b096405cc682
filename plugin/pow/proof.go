package pow

import (
	"context"
	"crypto/sha256"
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// Algorithm names the puzzle's algorithm in a [Puzzle]: the SHA-256 of the
// proof, the ASCII string "<challenge>.<nonce>", must begin with
// difficulty zero bits (most significant bit of the first byte first).
// The nonce is 1 to 32 characters of the base64url alphabet (A-Z a-z 0-9
// - _). The proof travels as it is in the [Header] header.
const Algorithm = "sha256-leading-zero-bits"

// maxNonceLen is the longest nonce a proof may carry.
const maxNonceLen = 32

// challengeLen is the length of a challenge: the core's 32-byte token,
// unpadded base64url.
const challengeLen = 43

// ErrNoSolution is returned by [Solve] for a difficulty over
// [MaxDifficulty] or below 1, or when no nonce of its search solves the
// puzzle (which a sane difficulty never sees).
var ErrNoSolution = errors.New("pow: no solution")

// Solve solves a puzzle: it returns the proof to send in the [Header]
// header, "<challenge>.<nonce>". It tries nonces in order, checks ctx
// every few thousand hashes, and gives up when ctx ends (returning its
// error). The expected work is 2^difficulty hashes.
func Solve(ctx context.Context, challenge string, difficulty int) (string, error) {
	if difficulty < 1 || difficulty > MaxDifficulty || !base64url(challenge, challengeLen, challengeLen) {
		return "", ErrNoSolution
	}
	buf := make([]byte, 0, len(challenge)+1+maxNonceLen)
	buf = append(buf, challenge...)
	buf = append(buf, '.')
	for n := uint64(0); n < 1<<(difficulty+16); n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return "", err
			}
		}
		proof := strconv.AppendUint(buf, n, 36)
		if zeroBits(proof) >= difficulty {
			return string(proof), nil
		}
	}
	return "", ErrNoSolution
}

// zeroBits returns the number of leading zero bits of the SHA-256 of p.
func zeroBits(p []byte) int {
	h := sha256.Sum256(p)
	n := 0
	for _, b := range h {
		if b != 0 {
			return n + bits.LeadingZeros8(b)
		}
		n += 8
	}
	return n
}

// parseProof splits a proof into its challenge and checks its shape.
func parseProof(proof string) (challenge string, ok bool) {
	challenge, nonce, found := strings.Cut(proof, ".")
	if !found || !base64url(challenge, challengeLen, challengeLen) || !base64url(nonce, 1, maxNonceLen) {
		return "", false
	}
	return challenge, true
}

// base64url reports whether s is min to max characters of the base64url
// alphabet.
func base64url(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
