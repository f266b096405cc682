package username

import (
	"errors"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	minLength, maxLength int
	allowed              func(rune) bool
	reserved             []string
	defaultReserved      bool
	coolDown             time.Duration
}

func newConfig() *config {
	return &config{minLength: 3, maxLength: 30, allowed: Letters, defaultReserved: true, coolDown: 7 * 24 * time.Hour}
}

// MaxLength is the longest a username may be made with [WithLength], in
// characters.
const MaxLength = 60

// WithLength sets how many characters (Unicode code points, as typed) a
// username has: 3 to 30 by default, at most [MaxLength].
func WithLength(minimum, maximum int) Option {
	return func(c *config) { c.minLength, c.maxLength = minimum, maximum }
}

// WithCharacters replaces the test of the characters a username may hold,
// [Letters] by default; [ASCII] allows only a–z, A–Z, 0–9 and the
// separators. Whatever the test, a username starts and ends with a letter
// or a digit and has no two separators ('.', '_', '-') in a row.
func WithCharacters(allowed func(r rune) bool) Option { return func(c *config) { c.allowed = allowed } }

// WithReserved adds names nobody may choose, to the default ones
// ([DefaultReserved]): the names of the host's pages, its staff, its
// brand. They are compared by key, so that "Admin" and "аdmin" (with a
// Cyrillic а) are reserved with "admin".
func WithReserved(names ...string) Option {
	return func(c *config) { c.reserved = append(c.reserved, names...) }
}

// WithoutDefaultReserved drops [DefaultReserved]: only the names of
// [WithReserved] are reserved.
func WithoutDefaultReserved() Option { return func(c *config) { c.defaultReserved = false } }

// WithCoolDown sets how long after a change of username the next change
// waits: 7 days by default; 0 lets people change at once. Choosing the
// first username, and changing only the letter case or look of the one
// held (the same key), is never held back.
func WithCoolDown(d time.Duration) Option { return func(c *config) { c.coolDown = d } }

func (c *config) check() error {
	var errs []error
	if c.minLength < 1 || c.maxLength < c.minLength || c.maxLength > MaxLength {
		errs = append(errs, errors.New("username: lengths must satisfy 1 <= min <= max <= 60"))
	}
	if c.allowed == nil {
		errs = append(errs, errors.New("username: WithCharacters needs a test"))
	}
	if c.coolDown < 0 {
		errs = append(errs, errors.New("username: the cool-down may not be negative"))
	}
	for _, n := range c.reserved {
		if _, err := Normalize(n); err != nil {
			errs = append(errs, errors.New("username: reserved name "+quote(n)+": "+err.Error()))
		}
	}
	return errors.Join(errs...)
}
