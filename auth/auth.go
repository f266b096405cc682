package auth

import (
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Auth is one configured instance: its database, plugins and operations.
// It is safe for concurrent use. Make one with [New].
type Auth struct {
	cfg       *config
	db        *sqlb.DB
	baseURL   *url.URL
	origins   map[string]bool
	ops       []Operation
	opsByName map[string]Operation
	kinds     map[string]IdentityKind
	channels  map[string]Channel
	fields    []UserField
	// fieldsByName are the fields by JSON name, for DecodeSession.
	fieldsByName map[string]UserField
	tables       map[string]*sqlb.Table
	names        map[string]string // declared table name to real name
	checkers     []SessionChecker
	resolvers    []CredentialResolver
	// resolverNames are the resolvers' plugin names; credHeaders the
	// headers they read.
	resolverNames []string
	credHeaders   []string
	sessions      SessionStore
	rates         RateStore
	core          coreOps
	// pluginCodes are the codes plugins' hooks may return from any operation.
	pluginCodes []*Error
	// challengers are the Challenger plugins, proofHeaders their headers,
	// and demanders the plugins whose rules may demand a challenge.
	challengers  []Challenger
	demanders    []ChallengeDemander
	proofHeaders []string
	// recorders are the plugins that keep security events ([EventRecorder]).
	recorders []EventRecorder
}

// New validates the whole configuration and returns the instance, or one
// error listing every problem found.
func New(opts ...Option) (*Auth, error) {
	cfg := newConfig()
	for _, o := range opts {
		o(cfg)
	}
	a := &Auth{cfg: cfg, opsByName: map[string]Operation{}, kinds: map[string]IdentityKind{},
		channels: map[string]Channel{}, tables: map[string]*sqlb.Table{}, names: map[string]string{}, origins: map[string]bool{},
		fieldsByName: map[string]UserField{}}
	var problems []error
	add := func(format string, args ...any) { problems = append(problems, fmt.Errorf("auth: "+format, args...)) }

	if cfg.db == nil || cfg.dialect == nil {
		add("WithDB is required: the database and its dialect")
	}
	a.checkBaseURL(add)
	a.checkSessions(add)
	a.checkStateless(add)
	a.registerPlugins(add)
	a.checkers = sessionCheckers(cfg.plugins)
	a.resolvers, a.resolverNames, a.credHeaders = credentialResolvers(cfg.plugins)
	a.recorders = eventRecorders(cfg.plugins)
	a.checkTables(add)
	a.checkRateRules(add)
	a.registerChallengers(add)
	if cfg.db != nil && cfg.dialect != nil {
		// The statement cache spares the engine a parse per request of the
		// hot queries (the session lookup above all).
		dbOpts := []sqlb.Option{sqlb.WithTableNames(a.realName), sqlb.WithStatementCache(256)}
		for label, typ := range cfg.sqlTypes {
			dbOpts = append(dbOpts, sqlb.WithType(label, cfg.dialect, typ))
		}
		a.db = sqlb.New(cfg.db, cfg.dialect, dbOpts...)
	}
	a.sessions = cfg.sessionStore
	switch {
	case cfg.stateless != nil:
		a.sessions = statelessStore{a: a}
	case a.sessions == nil:
		a.sessions = dbSessionStore{}
	}
	a.rates = cfg.rateStore
	if a.rates == nil {
		a.rates = &dbRateStore{a: a}
	}
	problems = append(problems, a.validatePlugins()...)
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	for _, p := range cfg.plugins {
		if in, ok := p.(Initializer); ok {
			if err := in.Init(a); err != nil {
				return nil, fmt.Errorf("auth: plugin %s: %w", p.Name(), err)
			}
		}
	}
	return a, nil
}

func (a *Auth) checkBaseURL(add func(string, ...any)) {
	if a.cfg.baseURL == "" {
		add("WithBaseURL is required: links and the CSRF origin check are built from it")
		return
	}
	u, err := url.Parse(a.cfg.baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		add("base URL %q is not an absolute http or https URL", a.cfg.baseURL)
		return
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	a.baseURL = u
	a.origins[u.Scheme+"://"+u.Host] = true
	for _, o := range a.cfg.trustedOrigins {
		t, err := url.Parse(o)
		if err != nil || t.Scheme == "" || t.Host == "" || (t.Path != "" && t.Path != "/") {
			add("trusted origin %q is not scheme://host[:port]", o)
			continue
		}
		a.origins[t.Scheme+"://"+t.Host] = true
	}
}

func (a *Auth) checkSessions(add func(string, ...any)) {
	s := a.cfg.sessions
	if s.Lifetime <= 0 || s.Lifetime > MaxSessionLifetime {
		add("session lifetime %v must be above zero and at most %v", s.Lifetime, MaxSessionLifetime)
	}
	if s.AbsoluteLifetime <= 0 || s.AbsoluteLifetime > MaxSessionLifetime {
		add("absolute session lifetime %v must be above zero and at most %v", s.AbsoluteLifetime, MaxSessionLifetime)
	}
	if s.UpdateAge < 0 || s.UpdateAge >= s.Lifetime {
		add("session update age %v must be at least zero and below the lifetime %v", s.UpdateAge, s.Lifetime)
	}
	if s.FreshAge <= 0 {
		add("fresh age %v must be above zero", s.FreshAge)
	}
	if a.cfg.sessionCache != nil && (a.cfg.sessionCacheTTL < 0 || a.cfg.sessionCacheTTL > MaxSessionCacheTTL) {
		add("session cache lifetime %v must be above zero and at most %v", a.cfg.sessionCacheTTL, MaxSessionCacheTTL)
	}
	if a.cfg.unverifiedTTL <= 0 {
		add("unverified identity TTL %v must be above zero", a.cfg.unverifiedTTL)
	}
}

// realName maps a table's name to its name in the database: the prefix
// or rename of a table the core or a plugin declares, and the name itself
// for any other table, such as a host's own joined through [Auth.DB].
func (a *Auth) realName(name string) string {
	if real, ok := a.names[name]; ok {
		return real
	}
	return name
}

func (a *Auth) checkTables(add func(string, ...any)) {
	for _, t := range coreTables {
		a.tables[t.Name()] = t
	}
	for _, p := range a.cfg.plugins {
		if s, ok := p.(Schema); ok {
			for _, t := range s.Tables() {
				if other, dup := a.tables[t.Name()]; dup && other != t {
					add("plugin %s declares table %s, which another declares too", p.Name(), t.Name())
				}
				a.tables[t.Name()] = t
			}
		}
	}
	for name := range a.cfg.renames {
		if _, ok := a.tables[name]; !ok {
			add("RenameTable(%q): no core or plugin table is declared with that name", name)
		}
	}
	real := map[string]string{}
	for name := range a.tables {
		r := a.cfg.prefix + name
		if to, ok := a.cfg.renames[name]; ok {
			r = to
		}
		a.names[name] = r
		if !sqlb.ValidIdent(r) {
			add("table %s would be named %q, which is not a valid identifier", name, r)
		}
		if other, dup := real[strings.ToLower(r)]; dup {
			add("tables %s and %s would both be named %q", other, name, r)
		}
		real[strings.ToLower(r)] = name
	}
}

// DB returns the database with the instance's table names and types, for
// queries of the host's own that join the auth tables. The table prefix
// and renames apply to the tables Sesame declares (the core's, the
// plugins' [Schema] tables, and [Users] with the columns plugins add);
// the host's own tables keep the names they are declared with.
func (a *Auth) DB() *sqlb.DB { return a.db }

// SQL returns the underlying database pool.
func (a *Auth) SQL() *sql.DB { return a.cfg.db }

// Dialect returns the database's dialect.
func (a *Auth) Dialect() *sqlb.Dialect { return a.cfg.dialect }

// TableName returns the real name of a table: prefixed or renamed when
// the core or a plugin declares it, its own name otherwise.
func (a *Auth) TableName(t *sqlb.Table) string { return a.realName(t.Name()) }

// BaseURL returns a copy of the base URL. A [Validator] of a
// configuration whose base URL is missing or malformed gets an empty URL.
func (a *Auth) BaseURL() *url.URL {
	if a.baseURL == nil {
		return &url.URL{}
	}
	u := *a.baseURL
	return &u
}

// Logger returns the instance's logger.
func (a *Auth) Logger() *slog.Logger { return a.cfg.logger }

// Now returns the current time from the instance's clock, in UTC and
// truncated to the microsecond as the database stores it.
func (a *Auth) Now() time.Time { return a.cfg.clock().UTC().Truncate(time.Microsecond) }

// Sessions returns the session configuration.
func (a *Auth) Sessions() SessionConfig { return a.cfg.sessions }

// Plugins returns the plugins in order.
func (a *Auth) Plugins() []Plugin { return append([]Plugin(nil), a.cfg.plugins...) }

// Operations returns every registered operation, core ones first.
func (a *Auth) Operations() []Operation { return append([]Operation(nil), a.ops...) }

// UserFields returns the fields plugins add to the user ([UserExtender]),
// in the order of the plugins: what a user's JSON holds besides its own.
func (a *Auth) UserFields() []UserField { return append([]UserField(nil), a.fields...) }

// Operation returns the operation named name.
func (a *Auth) Operation(name string) (Operation, bool) {
	op, ok := a.opsByName[name]
	return op, ok
}

// IdentityKind returns the identity kind named name.
func (a *Auth) IdentityKind(name string) (IdentityKind, bool) {
	k, ok := a.kinds[name]
	return k, ok
}

// IdentityKinds returns every registered identity kind.
func (a *Auth) IdentityKinds() []IdentityKind {
	out := make([]IdentityKind, 0, len(a.kinds))
	for _, k := range a.kinds {
		out = append(out, k)
	}
	return out
}

// Channel returns the delivery channel of a kind ("email" ...).
func (a *Auth) Channel(kind string) (Channel, bool) {
	c, ok := a.channels[kind]
	return c, ok
}

// TrustedOrigin reports whether origin ("https://example.com") may make
// state-changing browser requests: the base URL's origin or a trusted one.
func (a *Auth) TrustedOrigin(origin string) bool { return a.origins[origin] }
