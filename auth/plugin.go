package auth

import (
	"context"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Plugin is one feature of an instance. Name identifies it in migrations,
// errors and logs. What a plugin contributes is discovered by type
// assertion on the optional interfaces below; Sesame's own plugins use
// only these, so a host's plugin can do anything a built-in one can.
// See the example plugin in this package's examples.
type Plugin interface {
	Name() string
}

// Initializer is a plugin that needs the instance, to keep it for its own
// methods. Init runs once, after [New] validated the whole configuration.
type Initializer interface {
	Init(a *Auth) error
}

// Operator is a plugin that contributes operations: its typed Go methods,
// HTTP routes and GraphQL fields all run them through the one pipeline.
type Operator interface {
	Operations() []Operation
}

// BeforeHook runs inside the operation's transaction before every
// handler; an error aborts the operation and rolls back. Hooks see every
// operation: filter on c.Op().Name.
type BeforeHook interface {
	Before(ctx context.Context, c *Call, in any) error
}

// AfterHook runs inside the operation's transaction after a successful
// handler; an error rolls the operation back.
type AfterHook interface {
	After(ctx context.Context, c *Call, in, out any) error
}

// CommitHook runs after an operation's transaction committed. It never
// runs on rollback and cannot fail the operation; use it for deliveries,
// webhooks and audit trails. A handler registers one-off effects with
// [Call.AfterCommit] instead.
type CommitHook interface {
	Committed(ctx context.Context, op OpInfo, in, out any)
}

// UserExtender is a plugin that adds columns to the user table. The core
// adds the columns with a migration and loads them with every user, under
// their JSON names, into [User.Fields].
type UserExtender interface {
	UserFields() []UserField
}

// Schema is a plugin with tables of its own. Tables lists them so that
// [RenameTable] can check its names; Migrations lists the plugin's schema
// changes in order. A migration runs once per database, recorded under
// the plugin's name and the migration's ID.
type Schema interface {
	Tables() []*sqlb.Table
	Migrations() []Migration
}

// IdentityProvider is a plugin that owns kinds of sign-in identifiers.
type IdentityProvider interface {
	IdentityKinds() []IdentityKind
}

// IdentityObserver hears, inside the operation's transaction, of changes
// to a person's identities: one became verified (a link was followed, a
// provider account linked, an address change confirmed) or one was
// removed. An error rolls the operation back. The email plugin uses it to
// keep the primary address in step and to tell the person's other
// verified addresses that a way into the account was added.
type IdentityObserver interface {
	IdentityVerified(ctx context.Context, c *Call, id *Identity) error
	IdentityRemoved(ctx context.Context, c *Call, id *Identity) error
}

// IdentityAdder hears, inside the operation's transaction, of every
// identity [Call.AddIdentity] gives a person, verified or not, before an
// [IdentityObserver] hears that a verified one was verified. An error
// rolls the operation back. The email plugin uses it to make the sign-up
// address of a new account its primary address, however the account was
// made.
type IdentityAdder interface {
	IdentityAdded(ctx context.Context, c *Call, id *Identity) error
}

// Deliverer is a plugin that delivers messages (email, SMS ...) to people.
type Deliverer interface {
	Channels() []Channel
}

// SessionChecker may refuse an operation for the session at hand: a
// banned user, a pending second factor, terms to accept. It runs for every
// operation that has a session, after the session requirement was checked,
// and once per request for the host's own routes ([Auth.Admit], which
// authhttp.Middleware runs): then [Call.Admitting] is true and [Call.Op]
// names no operation. Return an [*Error] of a code declared with
// [ErrorCoder], naming the task, to block a session until the task is
// done, and let through by name the operations that complete the task;
// any other error is a failure, which the caller sees as [ErrInternal].
type SessionChecker interface {
	CheckSession(ctx context.Context, c *Call) error
}

// SessionStarter shapes every session a sign-in starts ([Call.StartSession]),
// inside the operation's transaction, before the session is stored: it
// may set values in its Data ([Session.SetDataValue]) and shorten its
// expiry, never lengthen it. A second-factor plugin marks there the
// session of a password sign-in as waiting for the second factor, for its
// [SessionChecker] to read with the session at no extra query. An error
// fails the sign-in.
type SessionStarter interface {
	StartingSession(ctx context.Context, c *Call, s *Session) error
}

// UserCreationGuard decides whether a new account may be made, inside
// the operation's transaction, for every user any operation creates
// ([Call.CreateUser]): sign-ups of every plugin, first sign-ins that make
// an account, server calls. CreatingUser runs once the user's row is
// written and before any identity is given to it, so that it can record
// rows that name the user; an error refuses the account and rolls the
// whole operation back. An invitation plugin uses it to make sign-up
// invite-only on every path at once. Return an [*Error] of a code
// declared with [ErrorCoder] for a refusal the caller should see.
type UserCreationGuard interface {
	CreatingUser(ctx context.Context, c *Call, u *User) error
}

// AccountObserver hears, inside the operation's transaction, of every
// account-security event ([Call.AccountChanged]) once the core ended the
// user's sessions and tokens, to end what the plugin keeps of its own
// that the event must end too, such as a device remembered for a second
// factor. An error rolls the operation back.
type AccountObserver interface {
	AccountChanged(ctx context.Context, c *Call, userID string, ev AccountEvent) error
}

// SecondFactor is a plugin that offers a second factor. Enrolled reports
// whether the user has set it up.
type SecondFactor interface {
	Factor() string
	Enrolled(ctx context.Context, db *sqlb.DB, userID string) (bool, error)
}

// SignInMethod is a plugin that can sign a person in; [New] refuses a
// configuration without one. Credentials names the credential kinds its
// sessions record ("password", "oauth:github" ...).
type SignInMethod interface {
	Credentials() []string
}

// Validator checks, at [New], that the plugin can work in this
// configuration; for example that a password can be recovered. Report
// every problem: New joins them with everyone else's.
//
// Validate runs even when the rest of the configuration has problems, so
// that New lists them all at once: the instance may then be half-made.
// Without [WithDB], [Auth.DB], [Auth.SQL] and [Auth.Dialect] are nil, and
// without a valid base URL [Auth.BaseURL] is empty. Validate should look
// at the configuration (plugins, identity kinds, channels, operations)
// rather than use the database; New reports a panic in Validate as one
// more problem.
type Validator interface {
	Validate(a *Auth) error
}

// Sweeper deletes a plugin's expired rows; [Auth.Sweep] runs it.
type Sweeper interface {
	Sweep(ctx context.Context, db *sqlb.DB, now time.Time) (deleted int64, err error)
}

// Maintainer runs a plugin's periodic job; [Auth.Maintain] runs it.
type Maintainer interface {
	Maintain(ctx context.Context, a *Auth) error
}

// Migration is one versioned schema change of a plugin.
type Migration struct {
	// ID is unique within the plugin, such as "001_create".
	ID string
	// Apply makes the change. It runs inside a transaction where the
	// engine has transactional DDL (SQLite, PostgreSQL).
	Apply func(ctx context.Context, db *sqlb.DB) error
}

// Changes returns a migration that applies schema changes in order.
func Changes(id string, changes ...sqlb.DDL) Migration {
	return Migration{ID: id, Apply: func(ctx context.Context, db *sqlb.DB) error {
		return db.Apply(ctx, changes...)
	}}
}

// IdentityKind is a kind of sign-in identifier stored in the identity table.
type IdentityKind struct {
	// Name is the kind stored with each identity: "email", "phone" ...
	Name string
	// Normalize returns the canonical form of a raw value, or an error for
	// a malformed one. Identities are stored and compared normalized, byte
	// for byte.
	Normalize func(raw string) (string, error)
	// Unique makes a value identify at most one person.
	Unique bool
	// SignIn marks an identifier a person can sign in with.
	SignIn bool
}

// Channel delivers messages of one kind.
type Channel struct {
	// Kind is "email", "sms" ...
	Kind string
	// Deliver sends a message. It runs after the commit of the operation
	// that produced the message.
	Deliver func(ctx context.Context, m Message) error
}

// Message is one message to deliver.
type Message struct {
	// Purpose names the message: "verify-email", "reset-password" ...
	Purpose string
	// To is the recipient's address in the channel's terms.
	To string
	// Subject, Text and HTML are the rendered message.
	Subject, Text, HTML string
}

// ErrorCoder is a plugin whose hooks or session checks return error codes
// of their own from any operation: a ban, a pending second factor, terms
// to accept. Codes not declared by the operation or such a plugin become
// "internal".
type ErrorCoder interface {
	ErrorCodes() []*Error
}
