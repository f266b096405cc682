package authhttp

import (
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Option configures [Handler] and [Middleware].
type Option func(*config)

// DefaultBodyLimit is the largest request body accepted by default.
const DefaultBodyLimit = 64 << 10

type config struct {
	prefix    string
	prefixSet bool
	bodyLimit int64
	encode    func(*auth.Error) (contentType string, body any)
	bridge    *LegacyCookie
}

func newConfig(a *auth.Auth, opts []Option) *config {
	c := &config{bodyLimit: DefaultBodyLimit}
	for _, o := range opts {
		o(c)
	}
	if !c.prefixSet {
		c.prefix = a.BaseURL().Path
	}
	c.prefix = strings.TrimSuffix(c.prefix, "/")
	return c
}

// Prefix sets the path the routes are served under, such as "/auth". The
// default is the base URL's path.
func Prefix(p string) Option { return func(c *config) { c.prefix, c.prefixSet = p, true } }

// BodyLimit sets the largest request body accepted, in bytes.
func BodyLimit(n int64) Option { return func(c *config) { c.bodyLimit = n } }

// EncodeErrors replaces the body of error answers, and its media type,
// with what enc returns for the error: the Content-Type, such as
// "application/problem+json" for RFC 9457 problem details ("" keeps
// application/json), and a value written as JSON. The status,
// Retry-After and Cache-Control stay the library's. A body that cannot be
// marshaled gives the default answer of an internal error.
func EncodeErrors(enc func(e *auth.Error) (contentType string, body any)) Option {
	return func(c *config) { c.encode = enc }
}
