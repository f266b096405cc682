package jose

import (
	"net/http"
	"time"
)

// Option configures a [KeySet] or a [Verifier]; each option says which it
// applies to, and the other ignores it.
type Option func(*config)

type config struct {
	client *http.Client
	now    func() time.Time
	skew   time.Duration
	maxAge time.Duration
}

// Defaults.
const (
	// defaultSkew is the leeway for clock differences in exp, nbf and iat.
	defaultSkew = time.Minute
	// defaultMaxAge is how long a fetched key set is used before it is
	// fetched again.
	defaultMaxAge = time.Hour
	// refetchInterval is the least time between two fetches of a key set,
	// so that tokens with made-up kids cannot make it hammer the provider.
	refetchInterval = time.Minute
	// maxKeySetSize caps a fetched key set's body.
	maxKeySetSize = 1 << 20
)

// defaultClient fetches key sets when no client is given: unlike
// http.DefaultClient it gives up on a server that does not answer.
var defaultClient = &http.Client{Timeout: 10 * time.Second}

func newConfig(opts []Option) config {
	c := config{client: defaultClient, now: time.Now, skew: defaultSkew, maxAge: defaultMaxAge}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithHTTPClient sets the client a [KeySet] fetches with (default: one
// with a 10-second timeout). A nil client keeps the default.
func WithHTTPClient(c *http.Client) Option {
	return func(cfg *config) {
		if c != nil {
			cfg.client = c
		}
	}
}

// WithClock sets the clock of a [KeySet] (cache ages, refetch interval)
// or a [Verifier] (exp, nbf, iat); the default is time.Now. Tests set a
// fixed or stepped one.
func WithClock(now func() time.Time) Option {
	return func(cfg *config) {
		if now != nil {
			cfg.now = now
		}
	}
}

// WithSkew sets the leeway a [Verifier] allows for clocks that differ
// from the provider's in exp, nbf and iat (default 1 minute; negative
// values count as 0).
func WithSkew(d time.Duration) Option {
	return func(cfg *config) { cfg.skew = max(d, 0) }
}

// WithMaxAge sets how long a [KeySet] uses the keys it fetched before it
// fetches them again (default 1 hour; at least 1 minute). A token naming
// an unknown key makes it fetch them sooner, at most once a minute.
func WithMaxAge(d time.Duration) Option {
	return func(cfg *config) { cfg.maxAge = max(d, refetchInterval) }
}
