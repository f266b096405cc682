package auth

import (
	"context"
	"net/http"
	"net/netip"
	"slices"
	"sync"
)

// Transport is how an operation was called.
type Transport uint8

// The transports.
const (
	// TransportServer is a Go call with no request attached.
	TransportServer Transport = iota
	// TransportHTTP is an HTTP request (authhttp and the framework adapters).
	TransportHTTP
	// TransportGraphQL is a GraphQL resolver.
	TransportGraphQL
)

// Request is the caller of an operation: what a transport learned of the
// client. authhttp.Middleware attaches it to the request's context, so
// that Go calls made while serving the request see the real client.
type Request struct {
	// Transport is how the operation was called.
	Transport Transport
	// IP is the client's address, as [Auth.ClientIP] decided it.
	IP netip.Addr
	// UserAgent is the client's User-Agent header.
	UserAgent string
	// Origin is the Origin header, or else the origin of the Referer
	// header; empty when the client sent neither.
	Origin string
	// Method is the HTTP method.
	Method string
	// CookieAuth is set when the session token came in a cookie, as a
	// browser sends it, which makes CSRF possible.
	CookieAuth bool
	// Bearer is set when the client asked for the bearer transport
	// (authhttp's Auth-Token-Mode: bearer): it keeps no cookies, and a new
	// session's token goes back in a header. Apps use it; browsers do not.
	Bearer bool
	// Token is the session token the client presented, if any, or a
	// credential a [CredentialResolver] resolves (an API key).
	Token Secret
	// CredentialHeader names the header Token came in when it was one of
	// [Auth.CredentialHeaders] rather than Authorization or the cookie:
	// only a [CredentialResolver] may claim it.
	CredentialHeader string
	// Cookies are the request's cookies by name, for plugins that bind a
	// flow to the browser that started it (an OAuth state). They are
	// secrets: the session cookie is among them.
	Cookies map[string]Secret

	mu       sync.Mutex
	resolved bool
	session  *Session
	user     *User
	// Refreshed is set when resolving the session extended its expiry;
	// the transport then renews the cookie.
	refreshed bool
	// reissued is set when a stateless session's token was issued anew
	// (a refresh, or an account-security event that kept the session):
	// Token holds the new one, for the transport to hand to the client.
	reissued bool
	// epoch is the user's session epoch the stateless token presented
	// was issued under.
	epoch     int64
	err       error
	admission admission
	// deferring holds deliveries until the transport sent its answer.
	deferring  bool
	deliveries []func(context.Context)
	// setCookies are cookies for the transport to set on the answer,
	// under their own lock: a session cache sets them while the session
	// is resolved, with mu held.
	cookieMu   sync.Mutex
	setCookies []*http.Cookie
}

// SetCookie asks the transport to set a cookie on the answer, replacing
// one of the same name asked for earlier in the request: for a session
// cache the client carries, which keeps its entry in a cookie.
func (r *Request) SetCookie(c *http.Cookie) {
	r.cookieMu.Lock()
	defer r.cookieMu.Unlock()
	r.setCookies = slices.DeleteFunc(r.setCookies, func(o *http.Cookie) bool { return o.Name == c.Name })
	r.setCookies = append(r.setCookies, c)
}

// TakeCookies returns the cookies [Request.SetCookie] asked for, and
// forgets them: the transport sets them once, before its answer.
func (r *Request) TakeCookies() []*http.Cookie {
	r.cookieMu.Lock()
	defer r.cookieMu.Unlock()
	c := r.setCookies
	r.setCookies = nil
	return c
}

// TakeReissued returns the token of the caller's stateless session when
// it was issued anew during the request ([WithStatelessSessions]: a
// refresh, or an account-security event the session survived), and
// forgets that it was: the transport gives it to the client once, as the
// session cookie or the Auth-Token header. Go callers of
// [WithSessionToken] contexts read the same token there. ok is false when
// the token did not change.
func (r *Request) TakeReissued() (token Secret, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ok, r.reissued = r.reissued, false
	if !ok {
		return Secret{}, false
	}
	return r.Token, true
}

// reissue replaces the request's token with a stateless session's new
// one.
func (r *Request) reissue(token Secret) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Token, r.reissued = token, true
}

type requestKey struct{}

// WithRequest returns a context carrying r.
func WithRequest(ctx context.Context, r *Request) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

// RequestFrom returns the request ctx carries, or nil.
func RequestFrom(ctx context.Context) *Request {
	r, _ := ctx.Value(requestKey{}).(*Request)
	return r
}

// WithSessionToken returns a context for server calls made on behalf of
// the holder of a session token: operations that need a user resolve it.
// The context stands for one request: it resolves the session once and
// keeps the answer until an operation that writes, so that a reading call
// made with it after the session was ended elsewhere still sees the
// session. Make a new context per request, as a transport does.
func WithSessionToken(ctx context.Context, token Secret) context.Context {
	return WithRequest(ctx, &Request{Transport: TransportServer, Token: token})
}

// Session returns the session and user the request resolved to, as the
// last resolution found them; see [Auth.Resolve]. After an operation that
// changed them, call an operation (such as [Auth.GetSession]) for their new
// state. No session check has passed them: the host's own routes read
// [Request.Admission] instead.
func (r *Request) Session() (*Session, *User) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.session, r.user
}

// Refreshed reports whether resolving the session extended its expiry.
func (r *Request) Refreshed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refreshed
}

// Resolve loads the session of the request's token once per request
// (later calls return the first answer): one query for the session and its
// user together, plus a write when the session is due for a refresh. It
// returns nil, nil, nil when there is no token or no live session, and
// [ErrInvalidToken] when the token is malformed.
func (a *Auth) Resolve(ctx context.Context, r *Request) (*Session, *User, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return a.resolveLocked(ctx, r)
}

// resolveLocked is Resolve, with r.mu held.
func (a *Auth) resolveLocked(ctx context.Context, r *Request) (*Session, *User, error) {
	if r.resolved {
		return r.session, r.user, r.err
	}
	s, u, refreshed, err := a.resolveToken(ctx, r)
	if err != nil && !isInvalidToken(err) {
		return nil, nil, err // a database failure is not cached: the next call retries
	}
	r.resolved, r.session, r.user, r.refreshed, r.err = true, s, u, refreshed, err
	return s, u, err
}

// forget marks the resolved session stale, after an operation that may
// have changed it or its user: the next operation of the same request (a
// page that calls several) loads it anew, and any failure to do so reaches
// that operation's caller. Until then Session answers what was loaded.
func (r *Request) forget() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resolved = false
}

// DeferDeliveries asks that the deliveries of operations run for this
// request ([Call.Deliver]) wait until the transport calls
// [Request.RunDeliveries], once its answer is sent: then how long an
// answer takes never tells whether a message went out. authhttp does so
// for every request.
func (r *Request) DeferDeliveries() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deferring = true
}

// PendingDeliveries reports whether deliveries wait for RunDeliveries.
func (r *Request) PendingDeliveries() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.deliveries) > 0
}

// RunDeliveries runs the deliveries held for the request, in order, and
// forgets them. They get ctx without its cancellation: the client may
// have gone once it has its answer.
func (r *Request) RunDeliveries(ctx context.Context) {
	r.mu.Lock()
	held := r.deliveries
	r.deliveries = nil
	r.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	for _, fn := range held {
		fn(ctx)
	}
}

// deliver runs fn now, or holds it when the request defers deliveries.
func (r *Request) deliver(ctx context.Context, fn func(context.Context)) {
	r.mu.Lock()
	if r.deferring {
		r.deliveries = append(r.deliveries, fn)
		r.mu.Unlock()
		return
	}
	r.mu.Unlock()
	fn(context.WithoutCancel(ctx))
}

func isInvalidToken(err error) bool {
	e, ok := err.(*Error)
	return ok && e.Code == ErrInvalidToken.Code
}
