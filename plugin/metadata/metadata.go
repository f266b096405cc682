package metadata

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/sesame-go/sesame/auth"
)

// Plugin keeps three JSON documents per user: public, private
// (server-only) and editable (the user's to write). Make one with [New].
type Plugin struct {
	cfg config
	ops ops
}

var (
	_ auth.Plugin    = (*Plugin)(nil)
	_ auth.Operator  = (*Plugin)(nil)
	_ auth.Schema    = (*Plugin)(nil)
	_ auth.Validator = (*Plugin)(nil)
)

// Kind names one of a user's documents.
type Kind string

// The kinds of documents.
const (
	// Public is readable by the user and, through Go, by whoever the host
	// lets; only the server writes it.
	Public Kind = "public"
	// Private is the server's alone: no HTTP answer ever carries it.
	Private Kind = "private"
	// Editable is the user's: they read and write it over HTTP.
	Editable Kind = "editable"
)

// New returns the plugin. Without options each document may hold
// [DefaultMaxSize] bytes and any JSON object.
func New(opts ...Option) *Plugin {
	p := &Plugin{cfg: newConfig(opts)}
	p.ops = p.newOps()
	return p
}

// Name implements [auth.Plugin].
func (p *Plugin) Name() string { return "metadata" }

// Validate implements [auth.Validator].
func (p *Plugin) Validate(*auth.Auth) error {
	if p.cfg.maxSize < 2 || p.cfg.maxSize > MaxSize {
		return fmt.Errorf("metadata: WithMaxSize(%d) must be 2 to %d bytes", p.cfg.maxSize, MaxSize)
	}
	return nil
}

// check returns a document in compact form, or the reason it cannot be
// stored: not a JSON object, invalid UTF-8, larger than the limit, or
// refused by the host's schema ([WithSchema]).
func (p *Plugin) check(kind Kind, doc json.RawMessage) (json.RawMessage, error) {
	if len(doc) > p.cfg.maxSize*2+1024 { // before compacting: whitespace may shrink it, not this much
		return nil, ErrTooLarge
	}
	if !utf8.Valid(doc) {
		return nil, ErrInvalid.With(fmt.Sprintf("metadata: the %s document is not valid UTF-8", kind))
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, doc); err != nil || buf.Len() == 0 || buf.Bytes()[0] != '{' {
		return nil, ErrInvalid.With(fmt.Sprintf("metadata: the %s document must be a JSON object", kind))
	}
	if buf.Len() > p.cfg.maxSize {
		return nil, ErrTooLarge
	}
	out := json.RawMessage(buf.Bytes())
	if p.cfg.schema != nil {
		if err := p.cfg.schema(kind, out); err != nil {
			var ae *auth.Error
			if errors.As(err, &ae) {
				return nil, err
			}
			return nil, ErrInvalid.With(fmt.Sprintf("metadata: the %s document: %v", kind, err))
		}
	}
	return out, nil
}
