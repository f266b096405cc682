package argon2id

import "fmt"

// Params are the argon2id cost parameters of a hash. A stored hash carries
// its own, so changing them affects new hashes only; see
// [Hasher.NeedsRehash].
type Params struct {
	// Memory is the memory cost m in KiB (RFC 9106 §3.1).
	Memory uint32
	// Iterations is the number of passes t over the memory.
	Iterations uint32
	// Parallelism is the number of lanes p, computed by as many goroutines.
	Parallelism uint8
	// SaltLength is the length of the random salt in bytes.
	SaltLength uint32
	// KeyLength is the length of the derived key (the tag) in bytes.
	KeyLength uint32
}

// DefaultParams are OWASP's recommended minimum for argon2id (Password
// Storage Cheat Sheet): 19 MiB of memory, 2 iterations, 1 lane, with RFC
// 9106 §4's 128-bit salt and 256-bit tag. One hash takes about 20 ms on
// a current server core. RFC 9106 §4's second recommended
// option costs more: Params{Memory: 64 * 1024, Iterations: 3,
// Parallelism: 4, SaltLength: 16, KeyLength: 32}.
var DefaultParams = Params{
	Memory:      19 * 1024,
	Iterations:  2,
	Parallelism: 1,
	SaltLength:  16,
	KeyLength:   32,
}

// Bounds accepted by [Params.Validate]. RFC 9106 §3.1 allows far larger
// values; these reject configurations that are mistakes and encoded hashes
// that are hostile.
const (
	minSaltLength = 8       // RFC 9106 §3.1: at least 8 bytes
	maxSaltLength = 256     // RFC 9106 §4 recommends 16
	minKeyLength  = 16      // RFC 9106 §3.1 allows 4; 128 bits is our floor
	maxKeyLength  = 256     // RFC 9106 §4 recommends 32
	maxMemory     = 4 << 20 // KiB: 4 GiB, twice RFC 9106 §4's first option
	maxIterations = 1024    // RFC 9106 §4 recommends 1 or 3
)

// Cost caps for hashes given to [Hasher.Verify]: a stored hash may ask for
// at most the larger of these and the hasher's own parameters, so a
// corrupted or planted hash cannot make one sign-in allocate gigabytes or
// run for minutes.
const (
	verifyMaxMemory      = 1 << 20 // KiB: 1 GiB
	verifyMaxIterations  = 64
	verifyMaxParallelism = 64
)

// Validate reports whether p is within the bounds this package accepts,
// returning an error wrapping [ErrInvalidParams] if not: memory from 8*p
// KiB to 4 GiB, 1 to 1024 iterations, parallelism at least 1, a salt of 8
// to 256 bytes and a key of 16 to 256 bytes.
func (p Params) Validate() error {
	switch {
	case p.Parallelism < 1: // RFC 9106 §3.1: p from 1
		return fmt.Errorf("%w: parallelism must be at least 1", ErrInvalidParams)
	case p.Memory < 8*uint32(p.Parallelism): // RFC 9106 §3.1: m from 8*p KiB
		return fmt.Errorf("%w: memory %d KiB is below 8*p = %d KiB", ErrInvalidParams, p.Memory, 8*uint32(p.Parallelism))
	case p.Memory > maxMemory:
		return fmt.Errorf("%w: memory %d KiB is above %d KiB", ErrInvalidParams, p.Memory, maxMemory)
	case p.Iterations < 1: // RFC 9106 §3.1: t from 1
		return fmt.Errorf("%w: iterations must be at least 1", ErrInvalidParams)
	case p.Iterations > maxIterations:
		return fmt.Errorf("%w: %d iterations is above %d", ErrInvalidParams, p.Iterations, maxIterations)
	case p.SaltLength < minSaltLength || p.SaltLength > maxSaltLength:
		return fmt.Errorf("%w: salt length %d is outside %d..%d", ErrInvalidParams, p.SaltLength, minSaltLength, maxSaltLength)
	case p.KeyLength < minKeyLength || p.KeyLength > maxKeyLength:
		return fmt.Errorf("%w: key length %d is outside %d..%d", ErrInvalidParams, p.KeyLength, minKeyLength, maxKeyLength)
	}
	return nil
}

// affordable reports whether a hasher with parameters own may verify a
// hash made with p.
func affordable(p, own Params) error {
	switch {
	case p.Memory > max(verifyMaxMemory, own.Memory):
		return fmt.Errorf("%w: stored hash asks for %d KiB of memory", ErrInvalidParams, p.Memory)
	case p.Iterations > max(verifyMaxIterations, own.Iterations):
		return fmt.Errorf("%w: stored hash asks for %d iterations", ErrInvalidParams, p.Iterations)
	case p.Parallelism > max(verifyMaxParallelism, own.Parallelism):
		return fmt.Errorf("%w: stored hash asks for parallelism %d", ErrInvalidParams, p.Parallelism)
	}
	return nil
}
