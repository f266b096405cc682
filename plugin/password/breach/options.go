package breach

import (
	"net/http"
	"time"
)

// DefaultBaseURL is the Pwned Passwords range API
// (https://haveibeenpwned.com/API/v3#PwnedPasswords).
const DefaultBaseURL = "https://api.pwnedpasswords.com"

// Option configures [New].
type Option func(*config)

type config struct {
	baseURL    string
	client     *http.Client
	timeout    time.Duration
	failClosed bool
	userAgent  string
}

func newConfig() *config {
	return &config{
		baseURL:   DefaultBaseURL,
		client:    &http.Client{},
		timeout:   3 * time.Second,
		userAgent: "sesame-go-breach",
	}
}

// WithBaseURL sets the range API's base URL ([DefaultBaseURL] by
// default): a check requests {base}/range/{prefix}. Point it at a mirror,
// a proxy, or the fake in package breachtest in tests.
func WithBaseURL(base string) Option { return func(c *config) { c.baseURL = base } }

// WithHTTPClient sets the client requests are made with (a new
// &http.Client{} by default). New uses a copy of it that refuses
// redirects to another host or scheme; c itself is not changed.
func WithHTTPClient(c *http.Client) Option {
	return func(cfg *config) {
		if c != nil {
			cfg.client = c
		}
	}
}

// WithTimeout bounds each check (3 seconds by default), on top of the
// context's own deadline; zero or less leaves only the context's.
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// FailClosed makes the service's failures errors of [Checker.Check], on
// which the caller must refuse the password. By default a check fails
// open: it reports the password as not breached and leaves the failure in
// [Result].Err, so that an outage of the service does not stop sign-ups.
func FailClosed() Option { return func(c *config) { c.failClosed = true } }

// WithUserAgent sets the User-Agent header of requests
// ("sesame-go-breach" by default).
func WithUserAgent(ua string) Option { return func(c *config) { c.userAgent = ua } }
