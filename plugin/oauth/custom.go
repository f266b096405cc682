package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Flow is a provider's authorization code flow carried out by other code,
// such as an adapter of another library's providers: it builds the
// authorization URL and trades the code for tokens and the person. The
// plugin keeps everything else: the state and its browser binding, the
// PKCE verifier, accounts, linking and the verified-email rule. Make a
// provider of a Flow with [Custom].
type Flow interface {
	// AuthURL returns the URL of the authorization request (RFC 6749
	// §4.1.1) carrying r.State and r.RedirectURI, and, when the provider
	// takes them, r.CodeChallenge with method S256 (RFC 7636 §4.3) and
	// r.Nonce (OpenID Connect Core §3.1.2.1); a flow whose provider takes
	// neither leaves them out.
	AuthURL(ctx context.Context, r AuthRequest) (string, error)
	// Exchange trades the authorization response's code for tokens (RFC
	// 6749 §4.1.3, with r.CodeVerifier when the challenge was sent) and
	// reads the person they belong to. It sets UserInfo.EmailVerified only
	// when the provider asserts that the person proved they hold the
	// address: the plugin joins existing accounts on verified addresses.
	Exchange(ctx context.Context, r ExchangeRequest) (Token, UserInfo, error)
}

// Refresher is a [Flow] that can refresh an access token (RFC 6749 §6),
// for [Plugin.AccessToken]. Without it an expired token of a [Custom]
// provider is [ErrNoToken].
type Refresher interface {
	Refresh(ctx context.Context, refreshToken string) (Token, error)
}

// AuthRequest is what a [Flow]'s authorization URL carries.
type AuthRequest struct {
	// State is the random value the callback must bring back (RFC 6749
	// §10.12).
	State string
	// CodeChallenge is the PKCE S256 challenge (RFC 7636 §4.2).
	CodeChallenge string
	// Nonce is a random value an ID token must carry (OpenID Connect Core
	// §3.1.2.1).
	Nonce string
	// RedirectURI is the provider's callback route, which must be
	// registered at the provider.
	RedirectURI string
}

// ExchangeRequest is a callback's authorization response, for
// [Flow.Exchange]. The plugin has checked its state already. Code and
// CodeVerifier are [auth.Secret]s, which print as "[redacted]": Reveal
// returns them for the token request.
type ExchangeRequest struct {
	// Code is the authorization code (RFC 6749 §4.1.2).
	Code auth.Secret
	// CodeVerifier is the PKCE verifier of the challenge (RFC 7636 §4.5).
	CodeVerifier auth.Secret
	// Nonce is the nonce the authorization request carried; a flow that
	// receives an ID token checks its nonce claim against it.
	Nonce       string
	RedirectURI string
	// Params are the authorization response's other parameters: state
	// and, when sent, iss and user. The code is in Code only, so that a
	// printed request never shows it.
	Params url.Values
}

// Token is what a [Flow] received from the token endpoint. The plugin
// stores it, sealed, with [WithTokenKeys]. The tokens are
// [auth.Secret]s, which print as "[redacted]"; Reveal returns them.
type Token struct {
	AccessToken  auth.Secret
	RefreshToken auth.Secret
	// Expiry is when the access token expires; zero for never said.
	Expiry time.Time
	Scope  string
}

// Custom returns a provider whose flow is done by f; name is its name in
// routes and identity kinds, 1 to 32 of a-z, 0-9 and -. The plugin's
// client ID, secret, discovery and provider options do not apply: f
// holds its own configuration.
func Custom(name string, f Flow) *Provider {
	p := newProvider(name, "", auth.Secret{}, nil)
	p.flow = f
	if f == nil {
		p.err = fmt.Errorf("oauth: provider %s: no flow", name)
	}
	return p
}

// exchangeCustom completes a callback with the provider's [Flow].
func (p *Plugin) exchangeCustom(ctx context.Context, pr *Provider, d *stateData, in *CallbackRequest) (*verified, error) {
	params := url.Values{}
	for k, v := range map[string]string{"state": in.State, "iss": in.Iss, "user": in.User} {
		if v != "" {
			params.Set(k, v)
		}
	}
	t, info, err := pr.flow.Exchange(ctx, ExchangeRequest{Code: in.Code, CodeVerifier: auth.NewSecret(d.Verifier),
		Nonce: d.Nonce, RedirectURI: p.redirectURI(pr), Params: params})
	if err != nil {
		return nil, ErrProvider.Wrap(err)
	}
	if t.AccessToken.IsZero() {
		return nil, ErrProvider.Wrap(errors.New("oauth: the flow returned no access token"))
	}
	if info, err = clean(info); err != nil {
		return nil, ErrProvider.Wrap(err)
	}
	tr := t.response(p.a.Now())
	return &verified{provider: pr, state: d, info: info, tokens: &tr}, nil
}

// refreshCustom refreshes a [Custom] provider's token with its flow.
func (p *Plugin) refreshCustom(ctx context.Context, pr *Provider, refresh string) (tokenResponse, error) {
	r, ok := pr.flow.(Refresher)
	if !ok {
		return tokenResponse{}, ErrNoToken.With("the access token expired and the provider cannot refresh it")
	}
	t, err := r.Refresh(ctx, refresh)
	if err != nil {
		return tokenResponse{}, ErrProvider.Wrap(err)
	}
	if t.AccessToken.IsZero() {
		return tokenResponse{}, ErrProvider.Wrap(errors.New("oauth: the refresh returned no access token"))
	}
	return t.response(p.a.Now()), nil
}

// response is the token as the plugin keeps a token endpoint's answer.
func (t Token) response(now time.Time) tokenResponse {
	r := tokenResponse{AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, Scope: t.Scope}
	if !t.Expiry.IsZero() {
		r.ExpiresIn = max(int64(t.Expiry.Sub(now)/time.Second), 1)
	}
	return r
}
