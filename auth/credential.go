package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/sesame-go/sesame/sqlb"
)

// CredentialResolver is a plugin whose credentials stand in for a session
// token, such as an API key presented as "Authorization: Bearer <key>":
// the core asks it, before it judges the token a session token, on every
// request that presents one (but in a cookie, which carries only session
// tokens). Resolved, the credential is a session the core never stores
// ([Session.ResolvedBy] names the plugin): the plugins' session checks run
// on it as on any session, so that a ban stops it at once, and
// authhttp.Middleware hands it to the host's routes; but it meets the
// session requirement only of the operations marked [Op.AcceptsKeys],
// never of one that needs a fresh session, and no refresh extends it.
type CredentialResolver interface {
	// ResolveCredential returns the live session and user cred stands
	// for, with ok set when cred has the plugin's format; ok unset passes
	// it on (to the next resolver, then to the session lookup). With ok
	// set, a nil session is a credential that is unknown, expired or
	// revoked (no session), and [ErrInvalidToken] one that is malformed.
	// It should cost one query: the credential joined with its user
	// ([Auth.SelectUser]).
	ResolveCredential(ctx context.Context, cred Secret, now time.Time) (s *Session, u *User, ok bool, err error)
	// CredentialHeader names a request header, besides Authorization,
	// that carries the plugin's credential ("X-API-Key"), or "" for none.
	// A credential sent in it that no resolver claims is malformed.
	CredentialHeader() string
}

// ErrSessionRequired is an operation that needs a signed-in session
// called with a credential a [CredentialResolver] resolved (an API key):
// only the operations marked [Op.AcceptsKeys] take one.
var ErrSessionRequired = NewError("session_required", http.StatusForbidden,
	"this needs a signed-in session: an API key cannot do it")

// SelectUser appends to sel the selections that load a user, with the
// fields of the plugins' columns, in a query of a plugin's own that joins
// [Users]; user returns the user once the query ran. A
// [CredentialResolver] uses it to load its credential and the user in
// one query, as the session lookup does.
func (a *Auth) SelectUser(sel []sqlb.Selection) (_ []sqlb.Selection, user func() *User) {
	r := a.newUserRow()
	return r.selections(sel, true), r.user
}

// CredentialHeaders returns the headers that the [CredentialResolver]
// plugins read credentials from, besides Authorization: what a transport
// looks for when a request has no Authorization header. The slice is the
// instance's own: do not change it.
func (a *Auth) CredentialHeaders() []string { return a.credHeaders }

// credentialResolvers returns the plugins that resolve credentials, in
// order, their names and the headers they read.
func credentialResolvers(plugins []Plugin) (out []CredentialResolver, names, headers []string) {
	for _, p := range plugins {
		if cr, ok := p.(CredentialResolver); ok {
			out, names = append(out, cr), append(names, p.Name())
			if h := cr.CredentialHeader(); h != "" {
				headers = append(headers, http.CanonicalHeaderKey(h))
			}
		}
	}
	return out, names, headers
}

// resolveCredential asks the resolvers for the session of a credential
// that is not in a cookie; ok is unset when none claims it.
func (a *Auth) resolveCredential(ctx context.Context, r *Request, now time.Time) (*Session, *User, bool, error) {
	if r.CookieAuth {
		return nil, nil, false, nil
	}
	for i, cr := range a.resolvers {
		s, u, ok, err := cr.ResolveCredential(ctx, r.Token, now)
		if !ok {
			continue
		}
		if err != nil || s == nil || u == nil {
			return nil, nil, true, err
		}
		s.ResolvedBy = a.resolverNames[i]
		return s, u, true, nil
	}
	if r.CredentialHeader != "" {
		return nil, nil, true, ErrInvalidToken
	}
	return nil, nil, false, nil
}

// RateLimit counts one call of the running call under key, which the
// plugin names and keeps apart from others' ("apikey\x00" + an ID),
// against rule, and answers [ErrRateLimited] with its RetryAfter once the
// count passes the rule; it emits the same event as the operations'
// limits. It does nothing when rule is zero or rate limits are off
// ([WithoutRateLimits]). The API key plugin limits each key's requests
// with it.
func (c *Call) RateLimit(ctx context.Context, key string, rule RateRule) error {
	if c.a.cfg.rateOff || rule.IsZero() {
		return nil
	}
	// A plugin's key has no challenge to pass (a script cannot solve a
	// captcha): past the limit it is refused, and a threshold below it
	// means nothing here.
	_, err := c.a.take(ctx, c.info, c.req, "plugin\x00"+key, rule, "")
	return err
}
