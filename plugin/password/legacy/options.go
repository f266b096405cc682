package legacy

import "runtime"

// Option configures [New].
type Option func(*config)

type config struct {
	firebase    *FirebaseParams
	concurrency int
}

func newConfig() *config { return &config{concurrency: runtime.NumCPU()} }

// WithFirebase gives the Firebase project's password hash parameters,
// which firebase-scrypt hashes need: without them the scheme is not
// offered.
func WithFirebase(p FirebaseParams) Option { return func(c *config) { c.firebase = &p } }

// WithConcurrency sets how many verifications may run at once (by default
// runtime.NumCPU()); the others wait for a slot or for their context to
// end. n must be at least 1.
func WithConcurrency(n int) Option { return func(c *config) { c.concurrency = n } }
