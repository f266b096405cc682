package twofactor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
)

// Option configures the plugin.
type Option func(*config)

type config struct {
	issuer           string
	totp             []totp.Option
	email            bool
	codeTTL          time.Duration
	sms              bool
	textTTL          time.Duration
	recoveryCodes    int
	policy           Policy
	requireEnrolment bool
	pendingTTL       time.Duration
	enrolTTL         time.Duration
	trustFor         time.Duration
	sessionAttempts  int
	accountAttempts  int
	lockout          time.Duration
	keys             [][]byte
}

func newConfig(opts []Option) config {
	c := config{codeTTL: 10 * time.Minute, textTTL: 10 * time.Minute, recoveryCodes: 10, policy: EveryFirstFactor,
		pendingTTL: 10 * time.Minute, enrolTTL: 15 * time.Minute,
		sessionAttempts: 5, accountAttempts: 10, lockout: 15 * time.Minute}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// SignIn is a sign-in a [Policy] judges: the user, the kind of credential
// the session is made with ("password", "oauth:github" ...), the caller,
// and the second factors the user has enrolled.
type SignIn struct {
	UserID     string
	Credential string
	Request    *auth.Request
	Factors    []string
}

// Policy decides whether a sign-in must pass a second factor. It is asked
// only for users who enrolled one; an error fails the sign-in.
type Policy func(ctx context.Context, s SignIn) (bool, error)

// EveryFirstFactor is the default [Policy]: a second factor after every
// sign-in of a user who enrolled one, whatever the first factor was (a
// password, a link or a code mailed or texted, a provider account), but a
// passkey, which the authenticator verified as something the person holds
// and is; a handoff, whose handing session passed its own checks; and an
// administrator's impersonation, which is not the person signing in. A
// sign-in by mailed link that skipped the factor would give whoever reads
// the person's mail their account, factor and all.
func EveryFirstFactor(_ context.Context, s SignIn) (bool, error) {
	switch s.Credential {
	case "passkey", "handoff", auth.CredentialImpersonation:
		return false, nil
	}
	return true, nil
}

// PasswordSignIns is a [Policy] that asks for the second factor after
// password sign-ins only: for apps whose other ways in (a mailed link, a
// provider account) the host judges strong enough on their own.
func PasswordSignIns(_ context.Context, s SignIn) (bool, error) {
	return s.Credential == "password", nil
}

// EverySignIn is a [Policy] that asks for the second factor after every
// sign-in of a user who enrolled one, whatever the first credential.
func EverySignIn(context.Context, SignIn) (bool, error) { return true, nil }

// WithPolicy sets when a sign-in must pass a second factor
// ([EveryFirstFactor] by default): per credential kind, per user, per risk
// signal of the request.
func WithPolicy(p Policy) Option { return func(c *config) { c.policy = p } }

// RequireEnrolment makes a second factor mandatory: the sessions of a user
// without one can do nothing but enrol one (or sign out), on Sesame's
// routes and, through the middleware, on the host's.
func RequireEnrolment() Option { return func(c *config) { c.requireEnrolment = true } }

// WithIssuer sets the name authenticator apps show for the account (the
// base URL's host by default).
func WithIssuer(name string) Option { return func(c *config) { c.issuer = name } }

// WithTOTP sets the parameters of new authenticator keys: the hash
// function (SHA-1 by default, which every app supports), 6 or 8 digits,
// the time step (30 seconds). Keys already enrolled keep theirs.
func WithTOTP(opts ...totp.Option) Option {
	return func(c *config) { c.totp = append(c.totp, opts...) }
}

// WithEmailCodes offers codes mailed to a verified address of the user as
// a second factor, valid for ttl (10 minutes when 0). It needs the email
// plugin.
func WithEmailCodes(ttl time.Duration) Option {
	return func(c *config) {
		c.email = true
		if ttl != 0 {
			c.codeTTL = ttl
		}
	}
}

// WithTextCodes offers codes texted to one of the user's verified phone
// numbers as a second factor, valid for ttl (10 minutes when 0). It needs
// a delivery channel "sms" and identities of kind "phone": the phone
// plugin's.
func WithTextCodes(ttl time.Duration) Option {
	return func(c *config) {
		c.sms = true
		if ttl != 0 {
			c.textTTL = ttl
		}
	}
}

// WithRecoveryCodes sets how many single-use recovery codes a user gets
// (10).
func WithRecoveryCodes(n int) Option { return func(c *config) { c.recoveryCodes = n } }

// WithPendingLifetime sets how long a session waiting for its second
// factor lives (10 minutes), and how long an enrolment stays open for its
// first code (15 minutes).
func WithPendingLifetime(pending, enrolment time.Duration) Option {
	return func(c *config) { c.pendingTTL, c.enrolTTL = pending, enrolment }
}

// WithTrustDevice lets a user skip the second factor on a browser for d
// after passing it there with trustDevice set. The browser holds a cookie
// that names a record of the plugin's; every account-security event of
// the user (a password change or reset, a sign-out everywhere, a removed
// factor ...) forgets every device. Off by default.
func WithTrustDevice(d time.Duration) Option { return func(c *config) { c.trustFor = d } }

// WithLockout sets how many wrong codes end a pending session (5), and how
// many within the lockout time, across sessions, lock the account's second
// factor until that time has passed since the first of them (10 in 15
// minutes). Each lockout is a security event.
func WithLockout(perSession, perAccount int, d time.Duration) Option {
	return func(c *config) { c.sessionAttempts, c.accountAttempts, c.lockout = perSession, perAccount, d }
}

// WithSecretKeys seals the authenticator keys the plugin stores with
// AES-256-GCM ([auth.Sealer]): each key is 32 random bytes; the first
// seals, all open, so that a new key goes in front and the old one is
// dropped once every user signed in again (a key is sealed anew when it
// is used). Without keys, authenticator keys are stored as they are, and
// whoever reads the table can make codes.
func WithSecretKeys(keys ...[]byte) Option {
	return func(c *config) {
		for _, k := range keys {
			c.keys = append(c.keys, append([]byte(nil), k...))
		}
	}
}

func (c *config) check() error {
	var errs []error
	if _, err := totp.Generate(c.totp...); err != nil {
		errs = append(errs, fmt.Errorf("twofactor: %w", err))
	}
	if c.policy == nil {
		errs = append(errs, errors.New("twofactor: the policy is nil"))
	}
	if c.recoveryCodes < 1 || c.recoveryCodes > 50 {
		errs = append(errs, errors.New("twofactor: recovery codes must number 1 to 50"))
	}
	if c.codeTTL <= 0 || c.textTTL <= 0 || c.pendingTTL <= 0 || c.enrolTTL <= 0 || c.trustFor < 0 || c.lockout <= 0 {
		errs = append(errs, errors.New("twofactor: lifetimes must be positive"))
	}
	if c.sessionAttempts < 1 || c.accountAttempts < c.sessionAttempts {
		errs = append(errs, errors.New("twofactor: a session needs at least one attempt, and an account at least as many as a session"))
	}
	if _, err := auth.NewSealer(c.keys...); err != nil {
		errs = append(errs, fmt.Errorf("twofactor: %w", err))
	}
	return errors.Join(errs...)
}
