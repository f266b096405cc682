package gothoauth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/markbates/goth"
	"github.com/markbates/goth/providers/openidConnect"
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/oauth"
)

// Provider returns an oauth plugin provider whose authorization URL, code
// exchange and user come from the goth provider p. Problems with p, such
// as a name the plugin refuses, are reported by auth.New.
func Provider(p goth.Provider, opts ...Option) *oauth.Provider {
	cfg := newConfig(opts)
	if p == nil {
		return oauth.Custom(cfg.name, nil)
	}
	if cfg.name == "" {
		cfg.name = p.Name()
	}
	_, oidc := p.(*openidConnect.Provider)
	f := &flow{p: p, pkce: cfg.pkce || oidc, oidc: oidc, verified: cfg.verified}
	if p.RefreshTokenAvailable() {
		return oauth.Custom(cfg.name, refresher{f})
	}
	return oauth.Custom(cfg.name, f)
}

// flow is a goth provider as an [oauth.Flow].
type flow struct {
	p        goth.Provider
	pkce     bool // the session sends code_verifier
	oidc     bool // goth's openidConnect: its claims have email_verified
	verified bool // WithVerifiedEmails
}

var _ oauth.Flow = (*flow)(nil)

// AuthURL begins a goth session for the plugin's state and adds to its
// URL the redirect URI when goth has none, the PKCE challenge and, for
// OpenID Connect scopes, the nonce.
func (f *flow) AuthURL(_ context.Context, r oauth.AuthRequest) (string, error) {
	s, err := f.p.BeginAuth(r.State)
	if err != nil {
		return "", fmt.Errorf("gothoauth: %s: %w", f.p.Name(), err)
	}
	raw, err := s.GetAuthURL()
	if err != nil {
		return "", fmt.Errorf("gothoauth: %s: %w", f.p.Name(), err)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("gothoauth: %s: authorization URL: %w", f.p.Name(), err)
	}
	q := u.Query()
	if q.Get("state") != r.State {
		return "", fmt.Errorf("gothoauth: %s: the authorization URL does not carry the state", f.p.Name())
	}
	switch ru := q.Get("redirect_uri"); ru {
	case "":
		q.Set("redirect_uri", r.RedirectURI)
	case r.RedirectURI:
	default:
		// RFC 6749 §4.1.3: the token request must name the same URI,
		// which goth takes from its own configuration.
		return "", fmt.Errorf("gothoauth: %s: the goth provider's callback URL is %q; set it to the plugin's %q",
			f.p.Name(), ru, r.RedirectURI)
	}
	if f.pkce && q.Get("code_challenge") == "" {
		q.Set("code_challenge", r.CodeChallenge) // RFC 7636 §4.3
		q.Set("code_challenge_method", "S256")
	}
	if slices.Contains(strings.Fields(q.Get("scope")), "openid") && q.Get("nonce") == "" {
		q.Set("nonce", r.Nonce) // OpenID Connect Core §3.1.2.1
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// Exchange authorizes a new goth session with the callback's parameters
// and fetches the user.
func (f *flow) Exchange(ctx context.Context, r oauth.ExchangeRequest) (oauth.Token, oauth.UserInfo, error) {
	if err := ctx.Err(); err != nil {
		return oauth.Token{}, oauth.UserInfo{}, err
	}
	s, err := f.p.BeginAuth(r.Params.Get("state"))
	if err != nil {
		return oauth.Token{}, oauth.UserInfo{}, fmt.Errorf("gothoauth: %s: %w", f.p.Name(), err)
	}
	params := url.Values{}
	for k, vs := range r.Params {
		params[k] = slices.Clone(vs)
	}
	params.Set("code", r.Code.Reveal()) // goth's sessions read it from the parameters
	params.Set("redirect_uri", r.RedirectURI)
	if f.pkce {
		params.Set("code_verifier", r.CodeVerifier.Reveal()) // RFC 7636 §4.5
	}
	if _, err := s.Authorize(f.p, params); err != nil {
		return oauth.Token{}, oauth.UserInfo{}, fmt.Errorf("gothoauth: %s: code exchange: %w", f.p.Name(), err)
	}
	u, err := f.p.FetchUser(s)
	if err != nil {
		return oauth.Token{}, oauth.UserInfo{}, fmt.Errorf("gothoauth: %s: user: %w", f.p.Name(), err)
	}
	if u.IDToken != "" {
		// OpenID Connect Core §3.1.3.7 step 11: the nonce sent must come
		// back. goth's openidConnect always asks for openid, so the nonce
		// was sent; another provider's ID token is checked when it has one.
		if err := checkNonce(u.IDToken, r.Nonce, f.oidc); err != nil {
			return oauth.Token{}, oauth.UserInfo{}, fmt.Errorf("gothoauth: %s: %w", f.p.Name(), err)
		}
	}
	t := oauth.Token{AccessToken: auth.NewSecret(u.AccessToken), RefreshToken: auth.NewSecret(u.RefreshToken), Expiry: u.ExpiresAt}
	return t, userInfo(u, f.oidc, f.verified), nil
}

// userInfo maps goth's user. The address is verified only as the package
// documentation's Security section says.
func userInfo(u goth.User, oidc, verified bool) oauth.UserInfo {
	info := oauth.UserInfo{Subject: u.UserID, Email: u.Email, Name: u.Name, Picture: u.AvatarURL, Username: u.NickName}
	if info.Name == "" {
		info.Name = strings.TrimSpace(u.FirstName + " " + u.LastName)
	}
	if oidc {
		// OpenID Connect Core §5.1: email_verified, a boolean (some send "true").
		switch v := u.RawData["email_verified"].(type) {
		case bool:
			info.EmailVerified = v
		case string:
			info.EmailVerified = v == "true"
		}
	}
	info.EmailVerified = (info.EmailVerified || verified) && info.Email != ""
	return info
}

var errNonce = errors.New("gothoauth: the ID token's nonce is not the one sent")

// checkNonce compares the nonce claim of an ID token with the one sent;
// a token without one passes unless required. goth's openidConnect does
// not check the token's signature; it came from the token endpoint over
// TLS, which OpenID Connect Core §3.1.3.7 step 6 accepts in its place.
func checkNonce(idToken, nonce string, required bool) error {
	parts := strings.Split(idToken, ".")
	if len(parts) != 3 {
		return errNonce
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return errNonce
	}
	var c struct {
		Nonce string `json:"nonce"`
	}
	if err := json.Unmarshal(payload, &c); err != nil || (c.Nonce != nonce && (required || c.Nonce != "")) {
		return errNonce
	}
	return nil
}

// refresher is a flow whose goth provider can refresh tokens.
type refresher struct{ *flow }

var _ oauth.Refresher = refresher{}

// Refresh uses the goth provider's RefreshToken (RFC 6749 §6).
func (r refresher) Refresh(ctx context.Context, refreshToken string) (oauth.Token, error) {
	if err := ctx.Err(); err != nil {
		return oauth.Token{}, err
	}
	t, err := r.p.RefreshToken(refreshToken)
	if err != nil {
		return oauth.Token{}, fmt.Errorf("gothoauth: %s: refresh: %w", r.p.Name(), err)
	}
	return oauth.Token{AccessToken: auth.NewSecret(t.AccessToken), RefreshToken: auth.NewSecret(t.RefreshToken), Expiry: t.Expiry}, nil
}
