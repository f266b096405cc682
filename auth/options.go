package auth

import (
	"context"
	"database/sql"
	"log/slog"
	"net/netip"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Option configures [New].
type Option func(*config)

// Session lifetimes: the defaults and the absolute ceiling.
const (
	DefaultSessionLifetime  = 7 * 24 * time.Hour
	DefaultSessionUpdateAge = 24 * time.Hour
	DefaultFreshAge         = 10 * time.Minute
	// DefaultUnverifiedIdentityTTL is how long an unverified identity of
	// an account that has others stays before Sweep drops it.
	DefaultUnverifiedIdentityTTL = 7 * 24 * time.Hour
	// MaxSessionLifetime is the longest a session can live, however often it
	// is refreshed: 400 days, the longest a browser keeps a cookie.
	MaxSessionLifetime = 400 * 24 * time.Hour
)

type config struct {
	db              *sql.DB
	dialect         *sqlb.Dialect
	baseURL         string
	plugins         []Plugin
	prefix          string
	renames         map[string]string
	sqlTypes        map[string]string
	trustedOrigins  []string
	trustedProxies  []netip.Prefix
	logger          *slog.Logger
	clock           func() time.Time
	sessions        SessionConfig
	sessionStore    SessionStore
	sessionCache    SessionCache
	sessionPolicy   SessionPolicy
	sessionCacheTTL time.Duration
	// stateless, withoutRead and revocations are the stateless sessions'
	// keys and options.
	stateless     *Sealer
	withoutRead   time.Duration
	revocations   SessionRevocations
	rateStore     RateStore
	rateRules     map[string]RateRules
	rateOff       bool
	eventSink     func(context.Context, Event)
	unverifiedTTL time.Duration
	outbox        bool
}

// SessionConfig holds the session options; each has a With option.
type SessionConfig struct {
	// Lifetime is how long a session lives after its last refresh.
	Lifetime time.Duration
	// UpdateAge is how old a refresh must be before the next one: a
	// session is written at most once per UpdateAge, never per request.
	UpdateAge time.Duration
	// AbsoluteLifetime caps a session's life from its creation, at most
	// [MaxSessionLifetime].
	AbsoluteLifetime time.Duration
	// FreshAge is how recently a session must have been created for
	// operations that need a fresh session.
	FreshAge time.Duration
}

func newConfig() *config {
	return &config{
		renames:  map[string]string{},
		sqlTypes: map[string]string{},
		logger:   slog.New(slog.DiscardHandler),
		clock:    time.Now,
		sessions: SessionConfig{
			Lifetime:         DefaultSessionLifetime,
			UpdateAge:        DefaultSessionUpdateAge,
			AbsoluteLifetime: MaxSessionLifetime,
			FreshAge:         DefaultFreshAge,
		},
		rateRules:     map[string]RateRules{},
		unverifiedTTL: DefaultUnverifiedIdentityTTL,
	}
}

// WithDB sets the database and its dialect. Required. Sesame uses db's
// pool as it is: give it an idle limit equal to its open limit
// (db.SetMaxIdleConns(n) after db.SetMaxOpenConns(n)), since database/sql
// keeps only 2 idle connections by default and closes and reopens the rest
// under load; docs/core.md ("Connection pools") has figures and each
// engine's settings.
func WithDB(db *sql.DB, d *sqlb.Dialect) Option {
	return func(c *config) { c.db, c.dialect = db, d }
}

// WithBaseURL sets the URL the auth routes are reached at, such as
// "https://example.com/auth". Its origin is trusted for CSRF checks, its
// scheme decides secure cookies, and plugins build links from it.
func WithBaseURL(u string) Option { return func(c *config) { c.baseURL = u } }

// WithPlugins adds plugins, in order.
func WithPlugins(p ...Plugin) Option { return func(c *config) { c.plugins = append(c.plugins, p...) } }

// WithTablePrefix prefixes the name of every table Sesame declares, core
// and plugin alike: WithTablePrefix("app_") makes auth_user app_auth_user.
// The host's own tables, queried through [Auth.DB], keep their names.
func WithTablePrefix(prefix string) Option { return func(c *config) { c.prefix = prefix } }

// RenameTable gives the table declared as name another real name. The
// rename replaces the prefix for that table. [New] refuses a name that no
// core or plugin table declares.
func RenameTable(name, to string) Option { return func(c *config) { c.renames[name] = to } }

// WithSQLTypes maps type labels to native SQL types of the instance's
// engine; {"id": "UUID"} stores every ID, and every column referencing
// one, as a PostgreSQL uuid.
func WithSQLTypes(types map[string]string) Option {
	return func(c *config) {
		for k, v := range types {
			c.sqlTypes[k] = v
		}
	}
}

// WithTrustedOrigins adds origins ("https://app.example.com") allowed to
// make state-changing browser requests besides the base URL's.
func WithTrustedOrigins(origins ...string) Option {
	return func(c *config) { c.trustedOrigins = append(c.trustedOrigins, origins...) }
}

// WithTrustedProxies names the proxies whose X-Forwarded-For header is
// believed. Without it the client IP is the connection's address: a
// header anyone can send never decides a rate limit.
func WithTrustedProxies(proxies ...netip.Prefix) Option {
	return func(c *config) { c.trustedProxies = append(c.trustedProxies, proxies...) }
}

// WithLogger sets where internal errors and security events are logged.
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithClock replaces time.Now, for tests.
func WithClock(now func() time.Time) Option { return func(c *config) { c.clock = now } }

// WithSessionLifetime sets how long a session lives after its last refresh.
func WithSessionLifetime(d time.Duration) Option {
	return func(c *config) { c.sessions.Lifetime = d }
}

// WithSessionUpdateAge sets how often at most a session is refreshed.
func WithSessionUpdateAge(d time.Duration) Option {
	return func(c *config) { c.sessions.UpdateAge = d }
}

// WithSessionAbsoluteLifetime caps a session's life from its creation.
func WithSessionAbsoluteLifetime(d time.Duration) Option {
	return func(c *config) { c.sessions.AbsoluteLifetime = d }
}

// WithFreshAge sets how recent a session must be for sensitive operations.
func WithFreshAge(d time.Duration) Option { return func(c *config) { c.sessions.FreshAge = d } }

// WithSessionStore replaces the database session store, with
// [NewMemorySessionStore] for one, or a host's own.
func WithSessionStore(s SessionStore) Option { return func(c *config) { c.sessionStore = s } }

// WithRateLimitStore replaces the database rate store (shared by every
// instance) with another, such as [NewMemoryRateStore] for one process.
func WithRateLimitStore(s RateStore) Option { return func(c *config) { c.rateStore = s } }

// WithRateLimit replaces the rules of the operation named op: a constant
// of the core ([OpSession] ...) or of the plugin that declares it
// (password.OpSignIn ...); [New] refuses a name no operation has. Rules
// count per client IP (an IPv6 /64) and per account key (a normalized
// address ...); a Go call made outside a request has no IP, so only its
// account rule applies. An empty RateRules turns the operation's limits
// off. The store is [WithRateLimitStore]'s.
func WithRateLimit(op string, rules RateRules) Option {
	return func(c *config) { c.rateRules[op] = rules }
}

// WithoutRateLimits turns rate limiting off for every operation: for tests
// of other behaviour, load tests, or a deployment whose proxy limits rates
// already. Failed credential checks are still counted for the
// credential-stuffing event ([WithEventSink]).
func WithoutRateLimits() Option { return func(c *config) { c.rateOff = true } }

// WithEventSink sends security events (rate limits hit, credential
// stuffing, sign-ins ...) to sink, synchronously: keep it fast.
func WithEventSink(sink func(context.Context, Event)) Option {
	return func(c *config) { c.eventSink = sink }
}

// WithUnverifiedIdentityTTL sets how long an unverified identity stays
// before [Auth.Sweep] drops it, when its account has another identity
// (default [DefaultUnverifiedIdentityTTL]). An unverified identity names
// nobody (see [Call.WhoIs]); this keeps such claims from piling up.
func WithUnverifiedIdentityTTL(d time.Duration) Option {
	return func(c *config) { c.unverifiedTTL = d }
}

// WithOutbox makes operations write their messages ([Call.Send]) to the
// outbox table, in their own transaction, for [Auth.DeliverOutbox] to
// deliver, with retries, outside any request: the answer of a route then
// takes the same time whether or not it sends a message, on every
// protocol, and a message survives a crash after the commit. Run
// DeliverOutbox from a loop of the host's (every second, say) or from
// cron through [Auth.Maintain] ("auth maintain"). Without it, messages go
// out on the request's goroutine after the answer (see [Call.Deliver]).
func WithOutbox() Option { return func(c *config) { c.outbox = true } }
