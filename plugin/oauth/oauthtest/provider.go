package oauthtest

import (
	"crypto/elliptic"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// maxBody caps request bodies the provider reads.
const maxBody = 1 << 20

// Provider is an OpenID Connect provider, or with [WithPlainOAuth] a
// GitHub-like OAuth 2.0 one, running on a local test server with one
// registered client. Its methods are safe for concurrent use with the
// requests it serves.
type Provider struct {
	// ClientID is the registered client's ID, set with [WithClient]. Read
	// it; do not change it.
	ClientID string
	// ClientSecret is the registered client's secret, set with
	// [WithClient]. Read it; do not change it.
	ClientSecret string

	cfg    config
	srv    *httptest.Server
	fatalf func(format string, args ...any)

	mu        sync.Mutex
	redirects []string
	users     map[string]User
	loggedIn  string
	keys      []*signingKey // the last one signs; all are published
	nextKeyID int
	stranger  *signingKey // signs with UnknownKey, never published
	faults    []Fault     // for the next ID token
	codes     map[string]*grant
	access    map[string]*issued
	refresh   map[string]*issued
	// spent holds the refresh tokens rotated out, and the grant each
	// belongs to, for WithRefreshReuseDetection.
	spent       map[string]*grant
	revocations int
	requests    []Request
	// authorized holds the subjects who authorized the client once, for
	// WithAppleUser's first-time user field.
	authorized map[string]bool
}

// NewProvider starts a provider for the test and stops it when the test
// ends; it fails the test if the options are invalid.
func NewProvider(tb testing.TB, opts ...Option) *Provider {
	tb.Helper()
	p, err := Start(opts...)
	if err != nil {
		tb.Fatalf("oauthtest.NewProvider: %v", err)
	}
	p.fatalf = tb.Fatalf
	tb.Cleanup(p.Close)
	return p
}

// Start starts a provider outside a test, for an example or a development
// server; [Provider.Close] stops it. [NewProvider] is the usual way. Its
// methods panic where NewProvider's fail the test.
func Start(opts ...Option) (*Provider, error) {
	cfg := newConfig(opts)
	if s := cfg.secretJWT; s != nil && (s.pub == nil || s.pub.Curve != elliptic.P256() || s.keyID == "" || s.teamID == "") {
		return nil, errors.New("oauthtest: WithClientSecretJWT needs a P-256 key, a team ID and a key ID")
	}
	p := &Provider{
		ClientID: cfg.clientID, ClientSecret: cfg.clientSecret,
		cfg:       cfg,
		fatalf:    func(format string, args ...any) { panic(fmt.Sprintf(format, args...)) },
		redirects: slices.Clone(cfg.redirectURIs),
		users:     map[string]User{},
		codes:     map[string]*grant{},
		access:    map[string]*issued{},
		refresh:   map[string]*issued{},
		spent:     map[string]*grant{},

		authorized: map[string]bool{},
	}
	if !cfg.plain {
		k, err := p.newKey()
		if err != nil {
			return nil, err
		}
		p.keys = []*signingKey{k}
	}
	p.srv = httptest.NewUnstartedServer(p.record(p.routes()))
	if cfg.tls {
		p.srv.StartTLS()
	} else {
		p.srv.Start()
	}
	return p, nil
}

// Close stops the server and waits for the requests it is serving.
func (p *Provider) Close() { p.srv.Close() }

// Issuer returns the provider's issuer identifier, its base URL with no
// trailing slash: the iss of its ID tokens and of its discovery document
// at Issuer()+"/.well-known/openid-configuration". With [WithMultiTenant]
// ID tokens name Issuer()+"/{tid}/v2.0" instead.
func (p *Provider) Issuer() string { return p.srv.URL }

// Client returns an HTTP client for the provider's server, which trusts
// its certificate with [WithTLS]. It does not follow redirects, so that a
// test sees the authorize endpoint's answer.
func (p *Provider) Client() *http.Client {
	c := *p.srv.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// Endpoints are the provider's URLs.
type Endpoints struct {
	// Authorization is the authorization endpoint (RFC 6749 §3.1).
	Authorization string
	// Token is the token endpoint (RFC 6749 §3.2).
	Token string
	// UserInfo is the userinfo endpoint (OpenID Connect Core §5.3); empty
	// with [WithPlainOAuth].
	UserInfo string
	// JWKS is the JWK Set of the ID token signing keys; empty with
	// [WithPlainOAuth].
	JWKS string
	// User is GitHub's GET /user; empty without [WithPlainOAuth].
	User string
	// UserEmails is GitHub's GET /user/emails; empty without
	// [WithPlainOAuth].
	UserEmails string
}

// Endpoints returns the provider's URLs, as its discovery document lists
// them.
func (p *Provider) Endpoints() Endpoints {
	base := p.Issuer()
	e := Endpoints{Authorization: base + "/authorize", Token: base + "/token"}
	if p.cfg.plain {
		e.User, e.UserEmails = base+"/user", base+"/user/emails"
	} else {
		e.UserInfo, e.JWKS = base+"/userinfo", base+"/jwks"
	}
	return e
}

// AddRedirectURI registers a further redirect URI for the client, as
// [WithRedirectURI] does, for one known only once the provider runs.
func (p *Provider) AddRedirectURI(uri string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.redirects = append(p.redirects, uri)
}

// routes maps the endpoints.
func (p *Provider) routes() http.Handler {
	mux := http.NewServeMux()
	// OpenID Connect Core §3.1.2.1: the authorization endpoint takes GET
	// and POST.
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	if p.cfg.plain {
		mux.HandleFunc("GET /user", p.githubUser)
		mux.HandleFunc("GET /user/emails", p.githubEmails)
	} else {
		mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
		mux.HandleFunc("GET /jwks", p.jwks)
		// OpenID Connect Core §5.3.1: GET and POST.
		mux.HandleFunc("GET /userinfo", p.userinfo)
		mux.HandleFunc("POST /userinfo", p.userinfo)
	}
	return mux
}

// now is the provider's clock.
func (p *Provider) now() time.Time { return p.cfg.now() }
