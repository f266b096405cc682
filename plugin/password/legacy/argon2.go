package legacy

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"golang.org/x/crypto/argon2"
)

// argon2Hash is a PHC string of argon2i or argon2id, version 1.3, as the
// reference implementation, libsodium, node-rs/argon2 and hash-wasm write
// it. The two variants share the format, which package argon2id parses.
type argon2Hash struct {
	encoded   string
	variantI  bool // argon2i rather than argon2id
	params    argon2id.Params
	salt, key []byte
}

// Bounds of an argon2 hash's work: those package argon2id's Verify puts
// on a stored hash, so that the plugin's own hashes of older parameters
// verify here too.
const (
	argon2MaxMemory      = 1 << 20 // KiB: 1 GiB, libsodium's "sensitive" limit
	argon2MaxIterations  = 64      // libsodium's "sensitive" uses 4
	argon2MaxParallelism = 64
)

func parseArgon2(s string) (hash, error) {
	h := argon2Hash{encoded: s}
	asID := s
	if rest, ok := strings.CutPrefix(s, "$argon2i$"); ok {
		h.variantI, asID = true, "$argon2id$"+rest
	}
	p, salt, key, err := argon2id.Parse(asID)
	switch {
	case errors.Is(err, argon2id.ErrInvalidParams):
		return nil, fmt.Errorf("%w: %v", ErrOutOfBounds, err)
	case errors.Is(err, argon2id.ErrUnsupportedHash):
		return nil, fmt.Errorf("%w: not argon2i or argon2id version 1.3", ErrUnknownScheme)
	case err != nil:
		return nil, fmt.Errorf("%w: not an argon2 PHC string", ErrMalformedHash)
	case p.Memory > argon2MaxMemory:
		return nil, fmt.Errorf("%w: argon2 memory %d KiB is above %d KiB", ErrOutOfBounds, p.Memory, argon2MaxMemory)
	case p.Iterations > argon2MaxIterations:
		return nil, fmt.Errorf("%w: %d argon2 passes is above %d", ErrOutOfBounds, p.Iterations, argon2MaxIterations)
	case p.Parallelism > argon2MaxParallelism:
		return nil, fmt.Errorf("%w: argon2 parallelism %d is above %d", ErrOutOfBounds, p.Parallelism, argon2MaxParallelism)
	}
	h.params, h.salt, h.key = p, salt, key
	return h, nil
}

func (h argon2Hash) stored() string { return h.encoded }

func (h argon2Hash) matches(password []byte) (bool, error) {
	p := h.params
	var got []byte
	if h.variantI {
		got = argon2.Key(password, h.salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLength)
	} else {
		got = argon2.IDKey(password, h.salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLength)
	}
	return subtle.ConstantTimeCompare(got, h.key) == 1, nil
}
