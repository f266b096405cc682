package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// verified is what the callback's Prepare learned, for the handler.
type verified struct {
	provider *Provider
	state    *stateData
	info     UserInfo
	// tokens is behind a pointer, which fmt prints as an address: a
	// verified is the unexported result of a CallbackRequest, and fmt
	// prints what lies under an unexported field without the Secrets'
	// methods, in clear.
	tokens *tokenResponse
}

// Format writes "oauth.verified(oauth.Provider(<name>))" for every verb,
// and none of the tokens, PKCE verifier and nonce it holds.
func (v *verified) Format(f fmt.State, _ rune) { fmt.Fprintf(f, "oauth.verified(%v)", v.provider) }

// prepareCallback does the callback's checks and network calls before
// the transaction: the state (spent here, whatever follows), the
// provider's answer, the token exchange, the ID token or the profile. A
// refusal is kept in the input for the handler, which turns it into a
// redirect to the error page.
func (p *Plugin) prepareCallback(ctx context.Context, c *auth.Call, in *CallbackRequest) error {
	res, err := p.verifyCallback(ctx, c, in)
	var e *auth.Error
	if err != nil && !(errors.As(err, &e) && e.Code != auth.ErrInternal.Code) {
		return err // a failure of ours, such as the database's
	}
	in.result, in.fail = res, err
	return nil
}

func (p *Plugin) verifyCallback(ctx context.Context, c *auth.Call, in *CallbackRequest) (*verified, error) {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return nil, err
	}
	d, err := p.checkState(ctx, c, pr, in)
	if err != nil {
		return nil, err
	}
	// RFC 6749 §4.1.2.1: the provider's refusal.
	if in.Error != "" {
		if in.Error == "access_denied" {
			return nil, ErrAccessDenied
		}
		return nil, ErrProvider.With("the provider answered " + truncate(in.Error, 64))
	}
	if in.Code.IsZero() {
		return nil, ErrProvider.With("the provider's answer has no code")
	}
	if pr.flow != nil {
		return p.exchangeCustom(ctx, pr, d, in)
	}
	e, v, err := pr.discover(ctx, p)
	if err != nil {
		return nil, ErrProvider.Wrap(err)
	}
	// RFC 9207 §2.4: an iss in the answer must be the provider's, which
	// defeats mix-up attacks.
	if in.Iss != "" && pr.issuer != "" && !pr.tenantIssuer && in.Iss != pr.issuerOf() {
		return nil, ErrProvider.With("the answer names another issuer")
	}
	// RFC 6749 §4.1.3 with RFC 7636 §4.5: the code, the redirect URI and
	// the PKCE verifier.
	tr, err := pr.tokenRequest(ctx, p, e.Token, url.Values{
		"grant_type": {"authorization_code"}, "code": {in.Code.Reveal()},
		"redirect_uri": {p.redirectURI(pr)}, "code_verifier": {d.Verifier},
	})
	if err != nil {
		return nil, ErrProvider.Wrap(err)
	}
	res := &verified{provider: pr, state: d, tokens: &tr}
	if pr.issuer == "" {
		res.info, err = pr.profile(ctx, &fetcher{client: p.cfg.client, Token: tr.AccessToken}, e)
		if err != nil {
			return nil, ErrProvider.Wrap(err)
		}
		return res, nil
	}
	// OpenID Connect Core §3.1.3.3: the token answer has an ID token,
	// validated as §3.1.3.7 says.
	if tr.IDToken.IsZero() {
		return nil, ErrInvalidIDToken.With("the provider sent no ID token")
	}
	claims, err := pr.verifyIDToken(ctx, p, v, tr.IDToken.Reveal(), d.Nonce)
	if err != nil {
		return nil, ErrInvalidIDToken.Wrap(err)
	}
	res.info = UserInfo{Subject: claims.Subject, Email: claims.Email, EmailVerified: claims.EmailVerified,
		Name: claims.Name, Picture: claims.Picture, Username: claims.PreferredUsername}
	if (res.info.Email == "" || res.info.Name == "") && e.UserInfo != "" {
		if err := p.mergeUserInfo(ctx, e, tr, &res.info); err != nil {
			return nil, ErrProvider.Wrap(err)
		}
	}
	if res.info.Name == "" {
		res.info.Name = appleUser(in.User)
	}
	if pr.unverifiedEmails {
		res.info.EmailVerified = false
	}
	if res.info, err = clean(res.info); err != nil {
		return nil, ErrInvalidIDToken.Wrap(err)
	}
	return res, nil
}

// mergeUserInfo fills what the ID token lacks from the user-info
// endpoint, whose sub must be the ID token's (OpenID Connect Core §5.3.2).
func (p *Plugin) mergeUserInfo(ctx context.Context, e Endpoints, tr tokenResponse, info *UserInfo) error {
	body, err := (&fetcher{client: p.cfg.client, Token: tr.AccessToken}).get(ctx, e.UserInfo, "")
	if err != nil {
		return err
	}
	u, err := StandardClaims(body)
	if err != nil {
		return err
	}
	if u.Subject != info.Subject {
		return errors.New("oauth: the user-info answer is about another subject")
	}
	if info.Email == "" {
		info.Email, info.EmailVerified = u.Email, u.EmailVerified
	}
	for _, f := range []struct {
		dst *string
		src string
	}{{&info.Name, u.Name}, {&info.Picture, u.Picture}, {&info.Username, u.Username}} {
		if *f.dst == "" {
			*f.dst = f.src
		}
	}
	return nil
}

// issuerOf is the issuer the discovery document named.
func (p *Provider) issuerOf() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.meta != nil {
		return p.meta.Issuer
	}
	return p.issuer
}

func (p *Plugin) handleCallback(ctx context.Context, c *auth.Call, in CallbackRequest) (SignedIn, error) {
	if in.fail != nil {
		return p.refuse(ctx, c, in.Provider, in.fail)
	}
	res := in.result
	plan, err := p.decide(ctx, c, res)
	if err != nil {
		var e *auth.Error
		if errors.As(err, &e) && e.Code != auth.ErrInternal.Code {
			return p.refuse(ctx, c, in.Provider, err) // nothing is written yet
		}
		return SignedIn{}, err
	}
	out, err := p.apply(ctx, c, res, plan)
	if err != nil {
		return SignedIn{}, err // rolls back
	}
	out.ReturnTo = res.state.ReturnTo
	if out.ReturnTo == "" {
		out.ReturnTo = p.cfg.successURL
	}
	c.Redirect(out.ReturnTo)
	return out, nil
}

// refuse answers a failed callback: with a redirect to the error page
// when one is set and the caller is a browser, else with the error. It is
// only used before anything was written.
func (p *Plugin) refuse(ctx context.Context, c *auth.Call, provider string, err error) (SignedIn, error) {
	e := auth.AsError(err)
	detail := e.Code
	if cause := errors.Unwrap(e); cause != nil {
		detail += ": " + cause.Error()
	}
	c.Emit(ctx, EventCallbackFailed, truncate(provider, 32)+": "+detail)
	if e.Is(ErrInvalidIDToken) || e.Is(ErrProvider) {
		p.a.Logger().WarnContext(ctx, "oauth: callback refused", "provider", truncate(provider, 32), "code", e.Code, "err", errors.Unwrap(e))
	}
	if p.cfg.errorURL == "" || c.Request().Transport != auth.TransportHTTP {
		return SignedIn{}, err
	}
	sep := "?"
	if strings.Contains(p.cfg.errorURL, "?") {
		sep = "&"
	}
	c.Redirect(p.cfg.errorURL + sep + "error=" + url.QueryEscape(e.Code))
	return SignedIn{Provider: provider}, nil
}

// handleCallbackPost turns a form_post answer (OAuth 2.0 Form Post
// Response Mode §2, as Apple sends it) into the GET callback: the browser
// follows a 303 to it, sending the SameSite=Lax binding cookie, which a
// cross-site POST does not carry. Nothing is written here, so the post,
// which comes from the provider's origin, needs no origin check.
func (p *Plugin) handleCallbackPost(_ context.Context, c *auth.Call, in CallbackRequest) (auth.Empty, error) {
	pr, err := p.provider(in.Provider)
	if err != nil {
		return auth.Empty{}, err
	}
	q := url.Values{}
	for k, v := range map[string]string{"state": in.State, "code": in.Code.Reveal(), "error": in.Error,
		"error_description": in.ErrorDescription, "iss": in.Iss, "user": in.User} {
		if v != "" {
			q.Set(k, v)
		}
	}
	c.Redirect(p.redirectURI(pr) + "?" + q.Encode())
	return auth.Empty{}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
