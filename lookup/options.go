package lookup

import (
	"errors"
	"net/http"
	"time"
)

// Option configures a [Client]; pass options to [New].
type Option func(*config)

type config struct {
	httpClient  *http.Client
	userAgent   string
	timeout     time.Duration
	maxBodySize int64
	retries     int
	backoffBase time.Duration
	backoffMax  time.Duration
	cacheTTL    time.Duration
	now         func() time.Time
}

const (
	// DefaultTimeout bounds a method call unless [WithTimeout] says otherwise.
	DefaultTimeout = 30 * time.Second

	// DefaultMaxBodySize is the body size limit unless [WithMaxBodySize]
	// says otherwise: 10 MiB, ample for the whole catalogue.
	DefaultMaxBodySize = 10 << 20

	// DefaultRetries is the retry count unless [WithRetries] says otherwise.
	DefaultRetries = 3

	// DefaultUserAgent is the User-Agent header unless [WithUserAgent] says
	// otherwise.
	DefaultUserAgent = "sesame-lookup/1"
)

func newConfig(opts []Option) (config, error) {
	c := config{
		httpClient:  http.DefaultClient,
		userAgent:   DefaultUserAgent,
		timeout:     DefaultTimeout,
		maxBodySize: DefaultMaxBodySize,
		retries:     DefaultRetries,
		backoffBase: 250 * time.Millisecond,
		backoffMax:  5 * time.Second,
		now:         time.Now,
	}
	for _, opt := range opts {
		opt(&c)
	}
	var errs []error
	if c.httpClient == nil {
		errs = append(errs, errors.New("lookup: WithHTTPClient(nil)"))
	}
	if c.timeout < 0 {
		errs = append(errs, errors.New("lookup: WithTimeout: negative timeout"))
	}
	if c.maxBodySize <= 0 {
		errs = append(errs, errors.New("lookup: WithMaxBodySize: size must be positive"))
	}
	if c.retries < 0 {
		errs = append(errs, errors.New("lookup: WithRetries: negative count"))
	}
	if c.backoffBase <= 0 || c.backoffMax < c.backoffBase {
		errs = append(errs, errors.New("lookup: WithBackoff: want 0 < base <= max"))
	}
	if c.cacheTTL < 0 {
		errs = append(errs, errors.New("lookup: WithCache: negative TTL"))
	}
	if c.now == nil {
		errs = append(errs, errors.New("lookup: WithClock(nil)"))
	}
	return c, errors.Join(errs...)
}

// WithHTTPClient sets the HTTP client requests go through (default
// [http.DefaultClient]). The client is copied, never changed: the copy
// refuses redirects to another host before calling the client's own
// CheckRedirect.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) { c.httpClient = hc }
}

// WithUserAgent sets the User-Agent header of every request (default
// [DefaultUserAgent]).
func WithUserAgent(ua string) Option {
	return func(c *config) { c.userAgent = ua }
}

// WithTimeout bounds each method call, retries and their waits included
// (default [DefaultTimeout]); 0 leaves only the context's deadline. A slow
// body is cut off when the time is up.
func WithTimeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// WithMaxBodySize sets the largest response body read, after
// decompression (default [DefaultMaxBodySize], 10 MiB); a larger one fails
// with [ErrTooLarge].
func WithMaxBodySize(n int64) Option {
	return func(c *config) { c.maxBodySize = n }
}

// WithRetries sets how many times a GET is retried after a connection error,
// a 5xx or a 429 answer (default [DefaultRetries]); 0 disables retries.
func WithRetries(n int) Option {
	return func(c *config) { c.retries = n }
}

// WithBackoff sets the wait before the first retry, doubled for each next
// one up to limit, with random jitter (defaults 250ms and 5s). A Retry-After
// header replaces the computed wait; when it asks for more than limit, the
// client stops retrying and returns the [*Error] with its RetryAfter.
func WithBackoff(base, limit time.Duration) Option {
	return func(c *config) { c.backoffBase, c.backoffMax = base, limit }
}

// WithCache keeps the answers of the list methods ([Client.Courses],
// [Client.CoursesBySubject], [Client.Subjects], [Client.Buildings]) for ttl;
// 0, the default, disables the cache. The catalogue changes only when the
// service's scraper runs, so an hour is reasonable. Single items and
// searches are never cached.
func WithCache(ttl time.Duration) Option {
	return func(c *config) { c.cacheTTL = ttl }
}

// WithClock sets the clock the cache and Retry-After dates are read with
// (default [time.Now]); tests inject a fake.
func WithClock(now func() time.Time) Option {
	return func(c *config) { c.now = now }
}
