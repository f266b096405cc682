package metadata

import "encoding/json"

// The size limits of a document, compacted.
const (
	// DefaultMaxSize is the default limit of each document: 8 KiB.
	DefaultMaxSize = 8 << 10
	// MaxSize is the highest limit [WithMaxSize] takes: 48 KiB, so that a
	// request carrying the largest document stays under the core's body
	// limit.
	MaxSize = 48 << 10
)

// Option configures the plugin.
type Option func(*config)

// Schema checks a document before it is stored, for the host's own rules
// (known keys, types of values); an error refuses the write with
// invalid_metadata and the error's text as message, which the user may
// see for the editable document.
type Schema func(kind Kind, doc json.RawMessage) error

type config struct {
	maxSize int
	schema  Schema
}

func newConfig(opts []Option) config {
	c := config{maxSize: DefaultMaxSize}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithMaxSize sets the most bytes each document may hold, compacted:
// [DefaultMaxSize] by default, at most [MaxSize].
func WithMaxSize(n int) Option { return func(c *config) { c.maxSize = n } }

// WithSchema makes s check every document written.
func WithSchema(s Schema) Option { return func(c *config) { c.schema = s } }
