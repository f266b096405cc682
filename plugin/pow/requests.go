package pow

import (
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// maxOpName is the longest operation name a puzzle request takes.
const maxOpName = 100

// PuzzleRequest asks for a puzzle for one operation.
type PuzzleRequest struct {
	// Op is the name of the operation the proof will be sent with, such
	// as "password.signIn": a proof works for that operation only.
	Op string `json:"op"`

	difficulty int // decided by Prepare
}

// Validate implements [auth.InputValidator].
func (r PuzzleRequest) Validate() error {
	if r.Op == "" || len(r.Op) > maxOpName {
		return errors.New("op must name an operation")
	}
	return nil
}

// Puzzle is a proof-of-work puzzle: find a nonce such that the SHA-256 of
// "<challenge>.<nonce>" begins with Difficulty zero bits ([Algorithm]),
// and send that string in the [Header] header with one call of the
// operation, before ExpiresAt. [Solve] does it.
type Puzzle struct {
	// Challenge is single-use: it prints "[redacted]" everywhere but in
	// the answer's JSON.
	Challenge  auth.Shown `json:"challenge"`
	Difficulty int        `json:"difficulty"`
	Algorithm  string     `json:"algorithm"`
	ExpiresAt  time.Time  `json:"expiresAt"`
}
