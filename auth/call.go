package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// Call is one run of an operation, handed to its handler and hooks. It
// gives them the transaction, the caller and the session, and records what
// the run does to the caller's session.
type Call struct {
	a           *Auth
	info        *OpInfo
	db          *sqlb.DB
	req         *Request
	session     *Session
	user        *User
	outcome     Outcome
	created     []*Session
	newUsers    []string
	afterCommit []func(context.Context)
	deliveries  []func(context.Context)
	keepWrites  bool
	// events are the security events raised, for the recorders; direct
	// writes them at once instead (no transaction is open), and recordErr
	// is the first failure to.
	events    []Event
	direct    bool
	recordErr error
	// changed are the users whose cached sessions the run ends.
	changed []string
	// keptEvents counts the account-security events that kept the
	// caller's stateless session: each advanced the user's epoch by one.
	keptEvents int64
}

// Outcome is what an operation did to the caller's session, for the
// transport to set or clear its cookie or header.
type Outcome struct {
	// Session is a session the operation started; Token is its token.
	Session *Session
	Token   Secret
	// Ended is set when the caller's session was ended.
	Ended bool
	// Redirect is where a browser should go next (an OAuth authorization
	// page, a page after a callback); transports answer with a redirect to
	// it instead of the output.
	Redirect string
	// Cookies are cookies of the operation's own for the transport to set
	// (an OAuth flow's browser binding); the session cookie is not among them.
	Cookies []*http.Cookie
}

// Auth returns the instance.
func (c *Call) Auth() *Auth { return c.a }

// Op describes the running operation.
func (c *Call) Op() OpInfo { return *c.info }

// DB returns the database to use: the operation's transaction when it
// writes, the pool otherwise.
func (c *Call) DB() *sqlb.DB { return c.db }

// Request returns the caller: a transport's request, or an empty server
// request for a Go call with none.
func (c *Call) Request() *Request { return c.req }

// Session returns the caller's session, or nil.
func (c *Call) Session() *Session { return c.session }

// User returns the signed-in user, or nil.
func (c *Call) User() *User { return c.user }

// Now returns the instance's current time (UTC, microseconds).
func (c *Call) Now() time.Time { return c.a.Now() }

// AfterCommit registers fn to run after the transaction commits: message
// deliveries and other effects that must not happen on rollback. It never
// runs when the operation fails.
func (c *Call) AfterCommit(fn func(ctx context.Context)) {
	c.afterCommit = append(c.afterCommit, fn)
}

// Deliver registers a delivery, such as sending a message to a person, to
// run once the transaction committed; it never runs when the operation
// fails. Over a transport that defers deliveries (authhttp), it runs after
// the answer was sent, so that an answer takes the same time whether or
// not it sent anything (enumeration safety); in a Go call with no request,
// it runs before the call returns. A delivery cannot fail the operation:
// log its failures.
func (c *Call) Deliver(fn func(ctx context.Context)) {
	c.deliveries = append(c.deliveries, fn)
}

// SetCookie asks the transport to set a cookie of the operation's own
// once it succeeds. The cookie should be HttpOnly, and Secure on https.
func (c *Call) SetCookie(cookie *http.Cookie) { c.outcome.Cookies = append(c.outcome.Cookies, cookie) }

// Redirect asks the transport to send the browser to url once the
// operation succeeds, instead of answering with the output. Go callers find
// the URL in the operation's output.
func (c *Call) Redirect(url string) { c.outcome.Redirect = url }

// KeepWrites commits the operation's writes even though the handler
// returns an error, such as a failed-attempt counter that must persist
// through the refusal it counts. Call it just before returning that
// refusal: it applies only to errors of the operation's codes, never to an
// internal failure, which always rolls back.
func (c *Call) KeepWrites() { c.keepWrites = true }

// Emit sends a security event about this call to the event sink, and to
// the [EventRecorder] plugins as that interface says. Detail is for
// people and lands in logs and audit records: never put a secret in it.
func (c *Call) Emit(ctx context.Context, typ, detail string) {
	uid := ""
	if c.user != nil {
		uid = c.user.ID
	}
	c.raise(ctx, Event{Type: typ, UserID: uid, Detail: detail})
}

// EmitCommitted is [Call.Emit] for an event that tells of the operation's
// own writes (an administrator's action, a linked account): the sink hears
// of it only once the transaction committed, and the [EventRecorder]
// plugins write it in the transaction, so that it is on record exactly
// when what it tells happened. Call it from a handler or a hook: in a
// call with no transaction open, it is Emit.
func (c *Call) EmitCommitted(typ, detail string) {
	uid := ""
	if c.user != nil {
		uid = c.user.ID
	}
	c.raiseCommitted(Event{Type: typ, UserID: uid, Detail: detail})
}

// StartSession signs userID in: it creates a session made with the given
// credential kind, shaped by the [SessionStarter] plugins, and records it
// in the outcome, so that the transport sets the cookie or the Auth-Token
// header (replacing the caller's, if any). The token is returned for Go
// callers, who get it from the operation's output.
func (c *Call) StartSession(ctx context.Context, userID, credential string) (*Session, Secret, error) {
	s, token := c.a.newSession(userID, credential, c.req)
	return c.start(ctx, s, token, "")
}

// start shapes a new session with the [SessionStarter] plugins, which may
// shorten its life but not lengthen it, stores it, and records it in the
// outcome. An impersonator, when set, stays the session's whatever a
// starter did.
func (c *Call) start(ctx context.Context, s *Session, token Secret, impersonator string) (*Session, Secret, error) {
	expires := s.ExpiresAt
	for _, p := range c.a.cfg.plugins {
		if st, ok := p.(SessionStarter); ok {
			if err := st.StartingSession(ctx, c, s); err != nil {
				return nil, Secret{}, err
			}
		}
	}
	if s.ExpiresAt.After(expires) || s.ExpiresAt.Before(s.CreatedAt) {
		s.ExpiresAt = expires
	}
	if impersonator != "" {
		s.ImpersonatorID = impersonator // a starter shapes the session, not whose it is
	}
	if c.a.stateless() {
		var err error
		if token, err = c.a.issueStateless(ctx, c.db, s); err != nil {
			return nil, Secret{}, err
		}
	} else if err := c.a.sessions.Create(ctx, c.db, s, hashToken(token)); err != nil {
		return nil, Secret{}, err
	}
	c.created = append(c.created, s)
	c.outcome.Session, c.outcome.Token = s, token
	return s, token, nil
}

// EndSession signs the caller out: it deletes the caller's session, ends
// the tokens it asked for (flows a thief started from it die with it), and
// records that its cookie be cleared.
func (c *Call) EndSession(ctx context.Context) error {
	if c.session == nil {
		return ErrNoSession
	}
	if _, err := c.endSessions(ctx, c.session.UserID, c.session.ID); err != nil {
		return err
	}
	c.outcome.Ended = true
	return nil
}

// CreateUser inserts a new user, or gives the account being made the user
// a [UserAdopter] plugin offers (a guest's own); then it asks every
// [UserCreationGuard] plugin whether the account may be made: a refusal
// is returned, and the operation must fail with it (its transaction rolls
// the user back).
func (c *Call) CreateUser(ctx context.Context, name, image string) (*User, error) {
	u, err := c.adopt(ctx, name, image)
	if err == nil && u == nil {
		u, err = c.a.createUser(ctx, c.db, name, image)
	}
	if err != nil {
		return nil, err
	}
	c.newUsers = append(c.newUsers, u.ID)
	for _, p := range c.a.cfg.plugins {
		if g, ok := p.(UserCreationGuard); ok {
			if err := g.CreatingUser(ctx, c, u); err != nil {
				return nil, err
			}
		}
	}
	return u, nil
}

// NewUsers returns the IDs of the users this call created, in order: an
// after-hook's way to look at the accounts an operation made, with the
// identities the operation gave them.
func (c *Call) NewUsers() []string { return slices.Clone(c.newUsers) }

// NewUser reports whether this call created the user: an account being
// made, whose identities are not changes to tell anyone of.
func (c *Call) NewUser(userID string) bool { return slices.Contains(c.newUsers, userID) }

// LoadUser reads a user with its plugin fields; [ErrUserNotFound] if none.
func (c *Call) LoadUser(ctx context.Context, id string) (*User, error) {
	return c.a.loadUser(ctx, c.db, id)
}

// Started returns the session this call started with [Call.StartSession],
// or nil. After-hooks use it to see sign-ins of every method alike.
func (c *Call) Started() *Session { return c.outcome.Session }

// LockUser takes the lock of a user's row for the rest of the operation's
// transaction, so that operations that judge what is left of the user's
// ways in (the last passkey, the last linked provider, the last second
// factor) take turns instead of both seeing the other's as what is left.
// It returns [ErrUserNotFound] when there is no such user. Take it before
// any other read of the transaction, or judge with locking reads
// (ForUpdate): on MySQL, a plain read sees the data as of the
// transaction's first plain read, which may precede the lock.
func (c *Call) LockUser(ctx context.Context, userID string) error {
	var id string
	err := c.db.One(ctx, sqlb.Select(UserID.Into(&id)).From(Users).Where(UserID.Eq(userID)).ForUpdate())
	if errors.Is(err, sql.ErrNoRows) {
		return ErrUserNotFound
	}
	return err
}
