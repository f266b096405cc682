package passkey

import (
	"errors"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Option configures [New].
type Option func(*config)

// UserVerification is how much the plugin asks of the authenticator's
// check of the person (a PIN, a fingerprint, a face): WebAuthn §5.8.6.
type UserVerification string

// The user-verification policies.
const (
	// VerificationRequired refuses an answer whose authenticator did not
	// verify the person (the UV flag): the default, since a passkey is then
	// two factors in one, something held and something known or been.
	VerificationRequired UserVerification = "required"
	// VerificationPreferred asks for verification and takes an answer
	// without it: a security key with no PIN set signs anyone in who holds
	// it.
	VerificationPreferred UserVerification = "preferred"
	// VerificationDiscouraged asks the authenticator not to verify.
	VerificationDiscouraged UserVerification = "discouraged"
)

type config struct {
	rpID         string
	rpName       string
	origins      []string
	verification UserVerification
	// secondVerification is the user verification a second factor asks.
	secondVerification UserVerification
	challengeTTL       time.Duration
	maxPasskeys        int
	allowRegressed     bool
	userNames          func(u *auth.User) (name, displayName string)
}

func newConfig(opts []Option) *config {
	c := &config{verification: VerificationRequired, secondVerification: VerificationDiscouraged, challengeTTL: 5 * time.Minute, maxPasskeys: 20,
		userNames: defaultUserNames}
	for _, o := range opts {
		o(c)
	}
	return c
}

// WithRPID sets the relying party ID, the domain passkeys are made for:
// the base URL's host by default. Set a parent domain ("example.com" for
// a base URL on auth.example.com) to use the passkeys on its other
// subdomains too. It cannot change once people registered passkeys: they
// are bound to it.
func WithRPID(id string) Option { return func(c *config) { c.rpID = id } }

// WithRPName sets the name authenticators show for the site; the relying
// party ID by default.
func WithRPName(name string) Option { return func(c *config) { c.rpName = name } }

// WithOrigins sets the origins ("https://app.example.com") whose pages run
// the WebAuthn calls, instead of the base URL's and the trusted ones. Each
// must be trusted by the instance (the base URL's or one of
// [auth.WithTrustedOrigins]) and be on the relying party ID.
func WithOrigins(origins ...string) Option {
	return func(c *config) { c.origins = append(c.origins, origins...) }
}

// WithSecondFactorVerification sets the user-verification policy of a
// passkey used as a second factor, after a password: "discouraged" by
// default, since the password was the knowledge factor, so that a
// security key without a PIN passes.
func WithSecondFactorVerification(v UserVerification) Option {
	return func(c *config) { c.secondVerification = v }
}

// WithUserVerification sets the user-verification policy of registration
// and sign-in; [VerificationRequired] by default.
func WithUserVerification(v UserVerification) Option { return func(c *config) { c.verification = v } }

// WithChallengeTTL sets how long a ceremony's challenge works: 5 minutes
// by default. It is also the timeout the browser is given.
func WithChallengeTTL(d time.Duration) Option { return func(c *config) { c.challengeTTL = d } }

// WithMaxPasskeys sets how many passkeys a person may register: 20 by
// default.
func WithMaxPasskeys(n int) Option { return func(c *config) { c.maxPasskeys = n } }

// WithSignCountRegressionAllowed signs people in even when a passkey's
// signature counter went backwards, which suggests a cloned authenticator
// (WebAuthn §6.1.1). The security event is emitted either way; by
// default such a sign-in is refused.
func WithSignCountRegressionAllowed() Option { return func(c *config) { c.allowRegressed = true } }

// WithUserNames sets the account name and display name authenticators
// show for a person's passkeys: by default the primary email address, or
// else the person's name, and the person's name, or else the account
// name.
func WithUserNames(fn func(u *auth.User) (name, displayName string)) Option {
	return func(c *config) { c.userNames = fn }
}

func defaultUserNames(u *auth.User) (string, string) {
	name, _ := u.Fields["primaryEmail"].(string) // the email plugin's field, when it is there
	if name == "" {
		name = u.Name
	}
	if name == "" {
		name = u.ID
	}
	display := u.Name
	if display == "" {
		display = name
	}
	return name, display
}

func (c *config) check() error {
	var errs []error
	for _, v := range []UserVerification{c.verification, c.secondVerification} {
		switch v {
		case VerificationRequired, VerificationPreferred, VerificationDiscouraged:
		default:
			errs = append(errs, errors.New("passkey: a user verification policy must be required, preferred or discouraged"))
		}
	}
	if c.challengeTTL < 10*time.Second || c.challengeTTL > time.Hour {
		errs = append(errs, errors.New("passkey: the challenge lifetime must be between 10 seconds and an hour"))
	}
	if c.maxPasskeys < 1 {
		errs = append(errs, errors.New("passkey: a person must be allowed at least one passkey"))
	}
	if c.userNames == nil {
		errs = append(errs, errors.New("passkey: WithUserNames needs a function"))
	}
	return errors.Join(errs...)
}
