// Package auth is the heart of Sesame: the instance, the plugin
// interfaces, the one operation pipeline, sessions, single-use tokens,
// rate limits, errors and secrets.
//
// A host builds one [Auth] with [New], passing its database and the
// plugins it wants, runs [Auth.Migrate] once at start-up, and serves the
// routes with authhttp. Every feature is an operation ([Op]) of a plugin;
// its typed Go method, its HTTP route and its GraphQL field all run the
// same pipeline.
//
// # Configuration
//
// [WithDB] and [WithBaseURL] are required. [WithPlugins] adds features;
// [WithTablePrefix], [RenameTable] and [WithSQLTypes] shape the tables;
// [WithSessionLifetime], [WithSessionUpdateAge], [WithFreshAge] and
// [WithSessionStore] shape sessions; [WithRateLimit] and
// [WithRateLimitStore] shape rate limits; [WithTrustedOrigins] and
// [WithTrustedProxies] describe the deployment. [New] checks the whole
// combination and reports every problem at once.
//
// # The pipeline
//
// Every call of an operation goes through, in order: input validation;
// rate limits per client IP and per account ([RateRules]); the CSRF origin
// check for browser requests that change state; the session requirement
// and the plugins' session checks; the challenges of the [Challenger]
// plugins (a captcha, a proof of work), which a rate rule past its
// challenge threshold demands ([RateRule].Challenge); before-hooks, handler and after-hooks
// in one database transaction; the commit; after-commit effects. An error
// at any step reaches the caller as an [*Error] of the operation's closed
// set of codes; database failures are never swallowed.
//
// An operation with neither method nor path is a server operation
// ([OpInfo.ServerOnly]): no transport serves it, and only Go code of the
// host's runs it, through the same pipeline. The core's is
// [Auth.CreateUser], which creates a person with identifiers that the
// host vouches for (seeding, imports, administration tools).
//
// The session checks also decide what a session may do on the host's own
// routes: [Auth.Admit], which authhttp.Middleware runs once per request,
// applies them outside any operation, so that a ban or a pending second
// factor takes effect everywhere the session is used.
//
// A [CredentialResolver] plugin (API keys) resolves credentials of its
// own where session tokens are resolved, to sessions the core never
// stores ([Session.ResolvedBy]): the session checks run on them, but
// only operations marked [Op.AcceptsKeys] take one, never one that needs
// a fresh session ([ErrSessionRequired]).
//
// # Plugins
//
// A plugin is any value with a Name method. What else it offers is found
// by type assertion: [Operator], [BeforeHook], [AfterHook], [CommitHook],
// [UserExtender], [Schema], [IdentityProvider], [IdentityAdder],
// [IdentityObserver], [Deliverer], [SessionStarter], [SessionChecker],
// [AccountObserver], [UserCreationGuard], [CredentialResolver],
// [SecondFactor], [SignInMethod], [Validator], [ErrorCoder], [Sweeper],
// [Maintainer], [EventRecorder], [UserAdopter], [SessionEndObserver],
// [UserDeletionObserver] and [Initializer]. The example plugin of this package implements them all
// but the identity observers, which the email plugin shows, the
// user-creation guard, which the invite plugin shows, the credential
// resolver, which the apikey plugin shows, [Challenger], which the
// captcha and pow plugins show, and the event recorder, user adopter and
// session-end observer, which the audit, anonymous and sessiondata
// plugins show, and the user-deletion observer, which the organization
// plugin shows.
//
// # Storage
//
// The core keeps auth_user, auth_identity, auth_session, auth_token,
// auth_rate_limit and auth_migration in the host's database, declared as
// exported [sqlb] tables ([Users], [Sessions] ...) so that a host can join
// them in its own queries through [Auth.DB]. [WithTablePrefix] and
// [RenameTable] name these and the plugins' tables; the host's own keep
// their names.
//
// # Security
//
// Session tokens are 32 random bytes; only their SHA-256 is stored, and a
// request costs one query to resolve its session and user. Single-use
// tokens are consumed by a conditional update, so exactly one caller wins
// under any concurrency. Codes count every attempt before comparing.
// Secrets ([Secret]) print as "[redacted]" everywhere and compare in
// constant time. Nothing runs in the background: [Auth.Sweep] and
// [Auth.Maintain] are for cron.
package auth
