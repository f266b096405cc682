package pow

import (
	"errors"
	"slices"
	"time"
)

// Option configures [New].
type Option func(*config)

type config struct {
	ops           []string
	opsSet        bool
	difficulty    int
	maxDifficulty int
	step          int
	ttl           time.Duration
}

// Defaults and bounds.
const (
	// DefaultDifficulty is a puzzle's difficulty in leading zero bits:
	// about 262,000 hashes, a fraction of a second in a browser.
	DefaultDifficulty = 18
	// DefaultMaxDifficulty is as hard as rate rules make a puzzle: about
	// 16 million hashes.
	DefaultMaxDifficulty = 24
	// MaxDifficulty is the hardest difficulty the options take, and the
	// hardest puzzle [Solve] tries.
	MaxDifficulty = 32
	// DefaultTTL is how long a puzzle may be solved and used.
	DefaultTTL = 2 * time.Minute
)

// DefaultOperations are the operations a proof of work guards on every
// call unless [WithOperations] or [OnlyWhenDemanded] says otherwise:
// sign-up, password sign-in, password reset and the operations that send
// a sign-in message. Those of plugins not installed are ignored.
var DefaultOperations = []string{
	"password.signUp", "password.signIn", "password.forgot",
	"magiclink.send", "emailchallenge.start", "email.sendCode", "phone.sendCode",
}

func newConfig(opts []Option) config {
	c := config{ops: slices.Clone(DefaultOperations), difficulty: DefaultDifficulty, maxDifficulty: DefaultMaxDifficulty,
		step: 1, ttl: DefaultTTL}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithOperations names the operations that need a proof of work on every
// call, instead of [DefaultOperations]. Operations of other names need one
// only when one of their rate rules demands it ([auth.RateRule].Challenge).
// Each name must be an operation of the instance.
func WithOperations(names ...string) Option {
	return func(c *config) { c.ops, c.opsSet = append([]string(nil), names...), true }
}

// OnlyWhenDemanded asks for a proof of work only when a rate rule of the
// operation demands one.
func OnlyWhenDemanded() Option { return func(c *config) { c.ops, c.opsSet = nil, true } }

// WithDifficulty sets the difficulty of a puzzle, in leading zero bits of
// its hash: [DefaultDifficulty] by default, from 1 to [MaxDifficulty].
// Each bit doubles the expected work.
func WithDifficulty(bits int) Option { return func(c *config) { c.difficulty = bits } }

// WithRaise makes puzzles harder as a client asks for more of them for one
// operation: past the challenge threshold of the operation's per-IP rate
// rule ([auth.Auth.ChallengePressure]), each puzzle is step bits harder
// than the one before, up to max bits. By default 1 bit a puzzle up to
// [DefaultMaxDifficulty]; a step of 0 keeps every puzzle at the
// difficulty.
func WithRaise(step, max int) Option {
	return func(c *config) { c.step, c.maxDifficulty = step, max }
}

// WithTTL sets how long a puzzle may be solved and used: [DefaultTTL] by
// default, from 10 seconds to 10 minutes.
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

func (c config) check() error {
	var errs []error
	if c.difficulty < 1 || c.difficulty > MaxDifficulty {
		errs = append(errs, errors.New("pow: the difficulty must be from 1 to 32 bits (WithDifficulty)"))
	}
	if c.step < 0 || c.maxDifficulty < c.difficulty || c.maxDifficulty > MaxDifficulty {
		errs = append(errs, errors.New("pow: a raise needs a step of 0 or more and a maximum from the difficulty to 32 bits (WithRaise)"))
	}
	if c.ttl < 10*time.Second || c.ttl > 10*time.Minute {
		errs = append(errs, errors.New("pow: a puzzle must live from 10 seconds to 10 minutes (WithTTL)"))
	}
	return errors.Join(errs...)
}
