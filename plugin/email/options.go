package email

import (
	"fmt"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	sender       Sender
	app          string
	linkBase     string
	verifyTTL    time.Duration
	changeTTL    time.Duration
	undoTTL      time.Duration
	codeTTL      time.Duration
	codeAttempts int
	maxAddresses int
	templates    map[string][2]string
}

func newConfig() *config {
	c := &config{app: "Sesame", verifyTTL: 24 * time.Hour, changeTTL: 24 * time.Hour, undoTTL: 7 * 24 * time.Hour,
		codeTTL: 10 * time.Minute, codeAttempts: 5, maxAddresses: 5, templates: map[string][2]string{}}
	for k, v := range defaultTemplates {
		c.templates[k] = v
	}
	return c
}

// WithSender sets how email is sent. Required unless [LogSender] will do
// (development); without a sender the plugin cannot deliver, and plugins
// that need it (password recovery) refuse to start.
func WithSender(s Sender) Option { return func(c *config) { c.sender = s } }

// WithAppName sets the application name the messages use.
func WithAppName(name string) Option { return func(c *config) { c.app = name } }

// WithLinkBase sets the URL the links in messages start with, the origin
// of the host's pages: links are {base}/verify-email?token=...,
// {base}/change-email/undo?token=... . By default it is the origin of the
// instance's base URL.
func WithLinkBase(base string) Option { return func(c *config) { c.linkBase = base } }

// WithVerificationTTL sets how long verification and change links work
// (24 hours by default).
func WithVerificationTTL(d time.Duration) Option {
	return func(c *config) { c.verifyTTL, c.changeTTL = d, d }
}

// WithUndoTTL sets how long the undo link of an address change works
// (7 days by default).
func WithUndoTTL(d time.Duration) Option { return func(c *config) { c.undoTTL = d } }

// WithCodes sets how long a sign-in code works (10 minutes) and how many
// wrong tries it allows (5).
func WithCodes(ttl time.Duration, attempts int) Option {
	return func(c *config) { c.codeTTL, c.codeAttempts = ttl, attempts }
}

// WithMaxAddresses sets how many addresses one person may have (5).
func WithMaxAddresses(n int) Option { return func(c *config) { c.maxAddresses = n } }

// WithTemplate replaces a message's subject and text, text/template
// sources that see [MessageData]. Purposes are the Purpose* constants.
func WithTemplate(purpose, subject, text string) Option {
	return func(c *config) { c.templates[purpose] = [2]string{subject, text} }
}

func (c *config) check() error {
	switch {
	case c.verifyTTL <= 0 || c.undoTTL <= 0 || c.codeTTL <= 0:
		return fmt.Errorf("email: link and code lifetimes must be positive")
	case c.codeAttempts < 1:
		return fmt.Errorf("email: a code needs at least one attempt")
	case c.maxAddresses < 1:
		return fmt.Errorf("email: at least one address per person")
	}
	return nil
}
