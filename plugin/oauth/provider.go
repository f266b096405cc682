package oauth

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/jose"
)

// Provider is one place people sign in at: an OpenID Connect issuer found
// by discovery ([OIDC], [Google], [Microsoft], [GitLab], [Apple]), a
// plain OAuth 2.0 server with a user-info mapper ([OAuth2], [GitHub],
// [Discord]), or a [Flow] done by other code ([Custom]). Pass providers to [New]; a Provider value belongs to one
// plugin.
type Provider struct {
	name     string
	clientID string
	// secret is behind a pointer: fmt prints what a pointer in an
	// unexported field points to when the verb does not suit a pointer
	// (%s of a host's struct holding a *Provider), but only the address
	// of a pointer one level further down.
	secret    *auth.Secret
	issuer    string // OpenID Connect; empty for plain OAuth 2.0
	endpoints Endpoints
	scopes    []string
	params    url.Values
	style     authStyle
	formPost  bool
	// tenantIssuer lets iss name any tenant: Microsoft's multi-tenant
	// issuer, "https://login.microsoftonline.com/{tenantid}/v2.0".
	tenantIssuer bool
	// unverifiedEmails marks a provider whose email claims are not to be
	// trusted as verified, whatever they say (Microsoft).
	unverifiedEmails bool
	// clientSecret makes the secret sent to the token endpoint, when it
	// is not a fixed one (Apple's client-secret JWT).
	clientSecret func(now time.Time) (string, error)
	// profile reads the person from a plain OAuth 2.0 provider.
	profile func(ctx context.Context, f *fetcher, e Endpoints) (UserInfo, error)
	// flow does the whole exchange for a [Custom] provider.
	flow Flow
	err  error // a mistake in the preset's arguments, reported by New

	mu      sync.Mutex
	meta    *metadata
	metaAt  time.Time
	keys    *jose.KeySet
	verify  *jose.Verifier
	keysFor string
}

// authStyle is how the client authenticates at the token endpoint
// (RFC 6749 §2.3.1).
type authStyle uint8

const (
	authBasic authStyle = iota // client_secret_basic
	authPost                   // client_secret_post
)

// Endpoints are a plain OAuth 2.0 provider's URLs.
type Endpoints struct {
	// Authorization is the authorization endpoint (RFC 6749 §3.1).
	Authorization string
	// Token is the token endpoint (RFC 6749 §3.2).
	Token string
	// UserInfo is where the person's profile is read with the access
	// token, as a Bearer token (RFC 6750 §2.1).
	UserInfo string
}

// UserInfo is the person as a provider describes them.
type UserInfo struct {
	// Subject is the person's stable identifier at the provider; required.
	Subject string `json:"subject"`
	// Email is an address; EmailVerified says whether the provider
	// asserts that the person proved they hold it.
	Email         string `json:"email,omitempty"`
	EmailVerified bool   `json:"emailVerified"`
	// Name, Picture and Username are profile details, maybe empty.
	Name     string `json:"name,omitempty"`
	Picture  string `json:"picture,omitempty"`
	Username string `json:"username,omitempty"`
}

// Mapper reads a plain OAuth 2.0 provider's user-info answer, a JSON body,
// into a [UserInfo]. It must return an error, and a zero UserInfo, when the
// body holds no subject.
type Mapper func(body []byte) (UserInfo, error)

// ProviderOption adjusts a provider.
type ProviderOption func(*Provider)

// WithScopes replaces the scopes the provider is asked for.
func WithScopes(scopes ...string) ProviderOption {
	return func(p *Provider) { p.scopes = append([]string(nil), scopes...) }
}

// WithAuthParams adds parameters to the authorization request, such as
// Google's access_type=offline for a refresh token, or prompt.
func WithAuthParams(params url.Values) ProviderOption {
	return func(p *Provider) {
		for k, vs := range params {
			p.params[k] = append([]string(nil), vs...)
		}
	}
}

// WithIssuer replaces an OpenID Connect preset's issuer, for a
// self-hosted GitLab or a test provider.
func WithIssuer(issuer string) ProviderOption {
	return func(p *Provider) { p.issuer = strings.TrimSuffix(issuer, "/") }
}

// WithEndpoints replaces a plain OAuth 2.0 preset's endpoints, for GitHub
// Enterprise or a test provider. For GitHub, UserInfo is the /user URL and
// the addresses are read from UserInfo+"/emails".
func WithEndpoints(e Endpoints) ProviderOption { return func(p *Provider) { p.endpoints = e } }

// WithClientSecretPost sends the client's credentials in the token
// request's body (client_secret_post) instead of HTTP Basic
// (client_secret_basic, the default of [OIDC] and [OAuth2]).
func WithClientSecretPost() ProviderOption { return func(p *Provider) { p.style = authPost } }

// WithFormPost asks the provider to post its answer to the callback
// (response_mode=form_post, OAuth 2.0 Form Post Response Mode §2), as
// [Apple] does.
func WithFormPost() ProviderOption { return func(p *Provider) { p.formPost = true } }

// Name returns the provider's name, as in its routes and identity kind.
func (p *Provider) Name() string { return p.name }

// Kind returns the identity kind of the provider's accounts, "oauth:<name>".
func (p *Provider) Kind() string { return "oauth:" + p.name }

// String returns "oauth.Provider(<name>)", and nothing of the provider's
// configuration: fmt prints unexported fields by reflection, without
// their methods, so the client secret would otherwise print in clear.
func (p *Provider) String() string {
	if p == nil {
		return "oauth.Provider(nil)"
	}
	return "oauth.Provider(" + p.name + ")"
}

// GoString returns what String does, for %#v.
func (p *Provider) GoString() string { return p.String() }

// Format writes what String returns, for every verb (%v, %+v, %#v, %s,
// %q, %x ...).
func (p *Provider) Format(f fmt.State, _ rune) { io.WriteString(f, p.String()) }

// LogValue returns what String does, for log/slog.
func (p *Provider) LogValue() slog.Value { return slog.StringValue(p.String()) }

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

func newProvider(name, clientID string, secret auth.Secret, opts []ProviderOption) *Provider {
	p := &Provider{name: name, clientID: clientID, secret: &secret, params: url.Values{}}
	return p.apply(opts)
}

func (p *Provider) apply(opts []ProviderOption) *Provider {
	for _, o := range opts {
		o(p)
	}
	return p
}

// check reports what is wrong with the provider's configuration.
func (p *Provider) check() error {
	switch {
	case p.err != nil:
		return p.err
	case !validName.MatchString(p.name):
		return fmt.Errorf("oauth: provider name %q must be 1 to 32 of a-z, 0-9 and -", p.name)
	case p.flow != nil:
		return nil
	case p.clientID == "":
		return fmt.Errorf("oauth: provider %s: no client ID", p.name)
	case p.secret.IsZero() && p.clientSecret == nil:
		return fmt.Errorf("oauth: provider %s: no client secret", p.name)
	case p.issuer != "":
		if err := checkURL(p.issuer); err != nil {
			return fmt.Errorf("oauth: provider %s: issuer: %w", p.name, err)
		}
	default:
		for _, u := range []string{p.endpoints.Authorization, p.endpoints.Token, p.endpoints.UserInfo} {
			if err := checkURL(u); err != nil {
				return fmt.Errorf("oauth: provider %s: endpoint: %w", p.name, err)
			}
		}
		if p.profile == nil {
			return fmt.Errorf("oauth: provider %s: no user-info mapper", p.name)
		}
	}
	return nil
}

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Fragment != "" {
		return fmt.Errorf("%q is not an absolute http or https URL", s)
	}
	return nil
}
