package oauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// purposeState is the purpose of the state records in auth_token.
const purposeState = "oauth-state"

// stateData is kept with a state record: everything the callback needs,
// so that the state itself is a random token and nothing else. It holds
// the PKCE verifier and the nonce as plain strings because it is
// marshalled to JSON for the record, which an [auth.Secret] would write as
// "[redacted]". It is only ever marshalled and unmarshalled, never printed
// or logged; its values go on in Secret fields ([ExchangeRequest]) or
// straight into a request.
type stateData struct {
	Provider string `json:"p"`
	// Verifier is the PKCE code verifier (RFC 7636 §4.1).
	Verifier string `json:"v"`
	// Nonce is the ID token's expected nonce (OpenID Connect Core §3.1.2.1).
	Nonce string `json:"n,omitempty"`
	// Browser is the SHA-256 of the browser's binding cookie.
	Browser  string `json:"b"`
	ReturnTo string `json:"r,omitempty"`
	// UserID is set for a link: the person the account is linked to.
	UserID string `json:"u,omitempty"`
}

// randomString returns 32 random bytes as unpadded base64url: 43
// characters, a valid PKCE verifier (RFC 7636 §4.1) and nonce.
func randomString() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashString(s string) string {
	h := sha256.Sum256([]byte(s))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// challenge is the S256 code challenge of a verifier (RFC 7636 §4.2):
// BASE64URL-ENCODE(SHA256(ASCII(code_verifier))).
func challenge(verifier string) string { return hashString(verifier) }

// cookieName is the binding cookie's name: __Host- prefixed on https,
// which pins it to the exact host, path / and Secure.
func (p *Plugin) cookieName() string {
	if p.secure() {
		return "__Host-sesame_oauth"
	}
	return "sesame_oauth"
}

func (p *Plugin) secure() bool { return p.a.BaseURL().Scheme == "https" }

// bindingCookie returns the browser's binding value, reusing the one the
// browser holds so that flows in two tabs both work, and the cookie that
// sets it for the state's lifetime. The cookie is SameSite=Lax: the
// callback is a top-level GET (form_post callbacks are turned into one).
func (p *Plugin) bindingCookie(c *auth.Call) (string, *http.Cookie) {
	value := c.Request().Cookies[p.cookieName()].Reveal()
	if len(value) != 43 || strings.Trim(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		value = randomString()
	}
	return value, &http.Cookie{Name: p.cookieName(), Value: value, Path: "/", MaxAge: int(p.cfg.stateTTL.Seconds()),
		HttpOnly: true, Secure: p.secure(), SameSite: http.SameSiteLaxMode}
}

// redirectURI is the provider's callback route under the base URL.
func (p *Plugin) redirectURI(pr *Provider) string {
	return p.a.BaseURL().String() + "/oauth/" + pr.name + "/callback"
}

// prepareStart finds the provider's endpoints, by discovery if need be,
// before the transaction.
func (p *Plugin) prepareStart(ctx context.Context, _ *auth.Call, in *StartRequest) error {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return err
	}
	if _, err := p.returnTo(in.ReturnTo); err != nil {
		return err
	}
	if _, _, err := pr.discover(ctx, p); err != nil {
		return ErrProvider.Wrap(err)
	}
	return nil
}

func (p *Plugin) handleStart(ctx context.Context, c *auth.Call, in StartRequest) (Started, error) {
	return p.begin(ctx, c, in, "")
}

func (p *Plugin) handleLink(ctx context.Context, c *auth.Call, in StartRequest) (Started, error) {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return Started{}, err
	}
	mine, err := c.Identities(ctx, c.User().ID, pr.Kind())
	if err != nil {
		return Started{}, err
	}
	if len(mine) > 0 {
		return Started{}, ErrAlreadyLinked
	}
	return p.begin(ctx, c, in, c.User().ID)
}

// begin stores a state record and builds the authorization request
// (RFC 6749 §4.1.1, RFC 7636 §4.3, OpenID Connect Core §3.1.2.1).
func (p *Plugin) begin(ctx context.Context, c *auth.Call, in StartRequest, userID string) (Started, error) {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return Started{}, err
	}
	returnTo, err := p.returnTo(in.ReturnTo)
	if err != nil {
		return Started{}, err
	}
	e, _, err := pr.discover(ctx, p) // cached by prepareStart
	if err != nil {
		return Started{}, ErrProvider.Wrap(err)
	}
	binding, cookie := p.bindingCookie(c)
	d := stateData{Provider: pr.name, Verifier: randomString(), Browser: hashString(binding), ReturnTo: returnTo, UserID: userID}
	if pr.issuer != "" || pr.flow != nil {
		d.Nonce = randomString()
	}
	data, err := json.Marshal(d)
	if err != nil {
		return Started{}, err
	}
	// A link's state is the user's: an account-security event, or the end
	// of the session that started it, ends it.
	state, err := c.IssueToken(ctx, auth.TokenSpec{Purpose: purposeState, Subject: pr.name, Data: string(data),
		TTL: p.cfg.stateTTL, UserID: userID})
	if err != nil {
		return Started{}, err
	}
	if pr.flow != nil {
		u, err := pr.flow.AuthURL(ctx, AuthRequest{State: state.Reveal(), CodeChallenge: challenge(d.Verifier),
			Nonce: d.Nonce, RedirectURI: p.redirectURI(pr)})
		if err != nil {
			return Started{}, ErrProvider.Wrap(err)
		}
		c.SetCookie(cookie)
		c.Redirect(u)
		return Started{URL: u, Cookie: cookie}, nil
	}
	q := url.Values{
		"response_type":         {"code"},
		"client_id":             {pr.clientID},
		"redirect_uri":          {p.redirectURI(pr)},
		"state":                 {state.Reveal()},
		"code_challenge":        {challenge(d.Verifier)},
		"code_challenge_method": {"S256"},
	}
	if len(pr.scopes) > 0 {
		q.Set("scope", strings.Join(pr.scopes, " "))
	}
	if d.Nonce != "" {
		q.Set("nonce", d.Nonce)
	}
	if pr.formPost {
		q.Set("response_mode", "form_post")
	}
	for k, vs := range pr.params {
		if q.Get(k) == "" { // never override the flow's own parameters
			q[k] = vs
		}
	}
	sep := "?"
	if strings.Contains(e.Authorization, "?") {
		sep = "&"
	}
	u := e.Authorization + sep + q.Encode()
	c.SetCookie(cookie)
	c.Redirect(u)
	return Started{URL: u, Cookie: cookie}, nil
}

// checkState consumes the state record of a callback and checks that it
// is the provider's and that the same browser started it. The record is
// spent whatever follows: a state works once.
func (p *Plugin) checkState(ctx context.Context, c *auth.Call, pr *Provider, in *CallbackRequest) (*stateData, error) {
	if in.State == "" {
		return nil, ErrInvalidState
	}
	tok, err := c.ConsumeToken(ctx, purposeState, auth.NewSecret(in.State))
	if errors.Is(err, auth.ErrTokenInvalid) {
		return nil, ErrInvalidState
	}
	if err != nil {
		return nil, err
	}
	var d stateData
	if err := json.Unmarshal([]byte(tok.Data), &d); err != nil {
		return nil, err
	}
	if d.Provider != pr.name || tok.Subject != pr.name {
		return nil, ErrInvalidState.With("the sign-in was started with another provider")
	}
	// Login CSRF (RFC 6749 §10.12, RFC 9700 §4.7): the browser that comes
	// back must be the one that started the flow.
	binding := in.Browser.Reveal()
	if binding == "" {
		binding = c.Request().Cookies[p.cookieName()].Reveal()
	}
	if binding == "" || subtle.ConstantTimeCompare([]byte(hashString(binding)), []byte(d.Browser)) != 1 {
		return nil, ErrInvalidState.With("the sign-in was started in another browser")
	}
	return &d, nil
}

// returnTo checks a returnTo with the core's one redirect check
// ([auth.Auth.RedirectTarget]) and returns it resolved; "" stays "".
func (p *Plugin) returnTo(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	target, ok := p.a.RedirectTarget(s)
	if !ok {
		return "", ErrInvalidReturnTo
	}
	return target, nil
}
