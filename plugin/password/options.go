package password

import (
	"errors"
	"time"

	"github.com/sesame-go/sesame/plugin/password/breach"
	"github.com/sesame-go/sesame/plugin/password/legacy"
)

// Option configures [New].
type Option func(*config)

type config struct {
	hasher              Hasher
	minLength           int
	maxLength           int
	breach              *breach.Checker
	refuseCommon        bool
	withoutRecovery     bool
	requireVerification bool
	resetTTL            time.Duration
	kinds               []string
	legacy              []legacy.Option
}

func newConfig() *config {
	return &config{minLength: 8, maxLength: 128, requireVerification: true, resetTTL: time.Hour}
}

// WithHasher replaces the argon2id hasher with default parameters.
func WithHasher(h Hasher) Option { return func(c *config) { c.hasher = h } }

// WithFirebaseScrypt gives the Firebase project's password hash
// parameters (the Firebase console: Authentication, Users, the menu above
// the users table, "Password hash parameters"), which hashes imported in
// the firebase-scrypt scheme need: without them the scheme is not offered
// ([Plugin.PasswordSchemes]). Keep them as long as imported Firebase hashes
// remain, that is until each imported person signed in once.
func WithFirebaseScrypt(params legacy.FirebaseParams) Option {
	return func(c *config) { c.legacy = append(c.legacy, legacy.WithFirebase(params)) }
}

// WithLength sets the accepted password length in characters (Unicode code
// points, not bytes): 8 to 128 by default.
func WithLength(minimum, maximum int) Option {
	return func(c *config) { c.minLength, c.maxLength = minimum, maximum }
}

// WithBreachCheck refuses passwords found in known breaches, checked with
// c (k-anonymity: only 5 hex characters of the password's SHA-1 leave the
// server). Whether a failed check refuses the password is c's choice
// (breach.FailClosed).
func WithBreachCheck(c *breach.Checker) Option { return func(cfg *config) { cfg.breach = c } }

// WithCommonPasswordCheck refuses the most common passwords ("password",
// "123456789", "qwertyuiop" ...), in any letter case, from a list of about
// 1 400 embedded in the package (common_passwords.txt, which cites its
// source). The check needs no network, so it works offline, in tests and
// when the breach service is down: use it with [WithBreachCheck], which
// knows far more passwords. A refused password is [ErrPasswordBreached]
// (every one of them is in the breach corpus), with a message of its own.
func WithCommonPasswordCheck() Option { return func(c *config) { c.refuseCommon = true } }

// WithoutRecovery lets the plugin start without a way to recover a
// password (no email sender, or no email plugin at all, as in an app of
// usernames and passwords): a forgotten password then locks the account,
// until the host sets a new one ([Plugin.SetPassword]).
func WithoutRecovery() Option { return func(c *config) { c.withoutRecovery = true } }

// WithoutVerification lets people sign in before they verified their
// address. By default a right password for an unverified address answers
// email_not_verified.
func WithoutVerification() Option { return func(c *config) { c.requireVerification = false } }

// WithIdentifierKinds sets the kinds of identifier people sign in with,
// in the order a sign-in's identifier without a kind tries them: by
// default "email" and "username", of the email and username plugins
// present. Each must be a unique sign-in identifier kind of the instance,
// such as a host plugin's phone numbers. Sign-up takes an email address or
// a username whatever the kinds.
func WithIdentifierKinds(kinds ...string) Option {
	return func(c *config) { c.kinds = append([]string{}, kinds...) }
}

// WithResetTTL sets how long a reset link works (1 hour by default).
func WithResetTTL(d time.Duration) Option { return func(c *config) { c.resetTTL = d } }

func (c *config) check() error {
	var errs []error
	if c.minLength < 1 || c.maxLength < c.minLength || c.maxLength > 4096 {
		errs = append(errs, errors.New("password lengths must satisfy 1 <= min <= max <= 4096"))
	}
	if c.resetTTL <= 0 {
		errs = append(errs, errors.New("the reset link lifetime must be positive"))
	}
	return errors.Join(errs...)
}
