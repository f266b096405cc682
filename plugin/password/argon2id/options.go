package argon2id

import (
	"crypto/rand"
	"io"
	"runtime"
)

// Option configures [New].
type Option func(*config)

type config struct {
	concurrency int
	rand        io.Reader
}

func newConfig() *config {
	return &config{concurrency: runtime.NumCPU(), rand: rand.Reader}
}

// withRand replaces crypto/rand as the source of salts (tests only).
func withRand(r io.Reader) Option { return func(c *config) { c.rand = r } }

// WithConcurrency sets how many hashes may be computed at once (by default
// runtime.NumCPU()). Further calls to [Hasher.Hash] and [Hasher.Verify]
// wait for a slot, or for their context to end, so a burst of sign-ins
// holds the memory of at most n hashes: n times Params.Memory for hashes
// made with the hasher's parameters. n must be at least 1.
func WithConcurrency(n int) Option { return func(c *config) { c.concurrency = n } }
