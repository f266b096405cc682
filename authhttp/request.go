package authhttp

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// Headers of the bearer transport.
const (
	// HeaderTokenMode, set to "bearer" on a request, asks for the session
	// token in the [HeaderToken] response header instead of a cookie.
	HeaderTokenMode = "Auth-Token-Mode"
	// HeaderToken carries a new session token in bearer mode.
	HeaderToken = "Auth-Token"
)

// attach returns r with an auth.Request and the options cfg in its
// context, reusing a request that Middleware attached earlier; fresh
// reports whether it made a new one, whose session is still to be loaded.
// Both values go in with one copy of the request: this runs per request.
func attach(a *auth.Auth, r *http.Request, cfg *config) (_ *http.Request, _ *auth.Request, fresh bool) {
	if req := auth.RequestFrom(r.Context()); req != nil && req.Transport == auth.TransportHTTP {
		return r, req, false
	}
	req := newRequest(a, r)
	ctx := context.WithValue(auth.WithRequest(r.Context(), req), configKey{}, cfg)
	return r.WithContext(withProofs(ctx, a, r)), req, true
}

// withProofs hands the proofs the request carries in the headers of the
// instance's challengers (a captcha token, a proof of work) to them: the
// first value of each, when it is not over [auth.MaxProofLen].
func withProofs(ctx context.Context, a *auth.Auth, r *http.Request) context.Context {
	for _, h := range a.ProofHeaders() {
		if v := r.Header.Values(h); len(v) > 0 && len(v[0]) <= auth.MaxProofLen {
			ctx = auth.WithProof(ctx, h, auth.NewSecret(v[0]))
		}
	}
	return ctx
}

// newRequest describes the client of an HTTP request.
func newRequest(a *auth.Auth, r *http.Request) *auth.Request {
	req := &auth.Request{
		Transport: auth.TransportHTTP,
		IP:        a.ClientIP(r.RemoteAddr, r.Header.Values("X-Forwarded-For")),
		UserAgent: r.UserAgent(),
		Origin:    originOf(r),
		Method:    r.Method,
		Bearer:    bearerMode(r),
	}
	req.DeferDeliveries()
	// The header is parsed once: the session cookie is one of them.
	name := CookieName(a)
	var session auth.Secret
	cookieValues(r, func(n, v string) {
		if req.Cookies == nil {
			req.Cookies = map[string]auth.Secret{}
		}
		if _, dup := req.Cookies[n]; !dup { // the first of a name, as net/http's Cookie does
			s := auth.NewSecret(v)
			req.Cookies[n] = s
			if n == name {
				session = s // the same secret: a Secret never changes
			}
		}
	})
	if token, ok := bearerToken(r); ok {
		req.Token = token
	} else if name, token := credentialHeader(a, r); name != "" {
		req.Token, req.CredentialHeader = token, name
	} else if !session.IsZero() {
		req.Token, req.CookieAuth = session, true
	}
	return req
}

// credentialHeader reads the first of the instance's credential headers
// ([auth.Auth.CredentialHeaders], an API key's X-API-Key) that the
// request sends, and its name; "" for none.
func credentialHeader(a *auth.Auth, r *http.Request) (string, auth.Secret) {
	for _, name := range a.CredentialHeaders() {
		if v := strings.TrimSpace(r.Header.Get(name)); v != "" {
			return name, auth.NewSecret(v)
		}
	}
	return "", auth.Secret{}
}

// bearerToken reads "Authorization: Bearer <token>".
func bearerToken(r *http.Request) (auth.Secret, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return auth.Secret{}, false
	}
	return auth.NewSecret(strings.TrimSpace(h[7:])), true
}

// origin is the Origin header, or the origin of the Referer header.
func originOf(r *http.Request) string {
	if o := r.Header.Get("Origin"); o != "" {
		return o
	}
	ref := r.Header.Get("Referer")
	if ref == "" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "null" // present but unusable: never trusted
	}
	return u.Scheme + "://" + u.Host
}

// bearerMode reports whether the client asked for the bearer transport.
func bearerMode(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get(HeaderTokenMode), "bearer")
}
