package school

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"time"
)

// Defaults applied by [New] when no option overrides them.
const (
	defaultVersion     = "v1"
	defaultTimeout     = 10 * time.Second
	defaultMaxBodySize = 1 << 20
)

// versionPattern is the shape of an interface version in the URL path,
// "v1" in every documented call (SmartClass API §2.2).
var versionPattern = regexp.MustCompile(`^v[1-9][0-9]{0,3}$`)

// Option configures a [Client]; pass options to [New].
type Option func(*config)

type config struct {
	httpClient  *http.Client
	version     string
	timeout     time.Duration
	maxBodySize int64
}

// newConfig applies the defaults, then opts, and reports every invalid
// value at once.
func newConfig(opts []Option) (config, error) {
	cfg := config{
		httpClient:  http.DefaultClient,
		version:     defaultVersion,
		timeout:     defaultTimeout,
		maxBodySize: defaultMaxBodySize,
	}
	for _, opt := range opts {
		if opt != nil {
			opt(&cfg)
		}
	}
	var errs []error
	if cfg.httpClient == nil {
		errs = append(errs, errors.New("school: WithHTTPClient: nil client"))
	}
	if !versionPattern.MatchString(cfg.version) {
		errs = append(errs, fmt.Errorf("school: WithVersion(%q): want v<N>, such as v1", cfg.version))
	}
	if cfg.timeout <= 0 {
		errs = append(errs, fmt.Errorf("school: WithTimeout(%v): want a positive duration", cfg.timeout))
	}
	if cfg.maxBodySize <= 0 {
		errs = append(errs, fmt.Errorf("school: WithMaxBodySize(%d): want a positive size", cfg.maxBodySize))
	}
	return cfg, errors.Join(errs...)
}

// WithHTTPClient makes the client send its requests through c instead of
// http.DefaultClient, for instance to set a proxy or TLS roots. The client
// keeps its own redirect rule on top of c.CheckRedirect: a redirect to
// another host, or from HTTPS to HTTP, is always refused.
func WithHTTPClient(c *http.Client) Option {
	return func(cfg *config) { cfg.httpClient = c }
}

// WithVersion sets the interface version in the URL path,
// {base}/public/{version}/{api}. It must have the form v<N>; the default is
// "v1", the only version documented (SmartClass API §2.2).
func WithVersion(v string) Option {
	return func(cfg *config) { cfg.version = v }
}

// WithTimeout bounds each call as a whole, connection, headers and body
// included, so that a slow server cannot hold a caller for long. The
// default is 10 seconds; the caller's context can only shorten it.
func WithTimeout(d time.Duration) Option {
	return func(cfg *config) { cfg.timeout = d }
}

// WithMaxBodySize caps the response body the client reads, in bytes. A
// longer body fails the call with [ErrBadResponse]. The default is 1 MiB.
func WithMaxBodySize(n int64) Option {
	return func(cfg *config) { cfg.maxBodySize = n }
}
