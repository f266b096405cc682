package jwt

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// TokenRequest names the template of the token to mint.
type TokenRequest struct {
	// Template is the name of a template ([WithTemplate]); empty for the
	// default one.
	Template string `json:"template,omitempty"`
}

// Validate implements [auth.InputValidator].
func (r TokenRequest) Validate() error {
	if r.Template != "" && !templateName.MatchString(r.Template) {
		return errors.New("template is malformed")
	}
	return nil
}

// Token is a minted JWT.
type Token struct {
	// Token is the JWT, shown once: it prints "[redacted]" everywhere but
	// in the answer's JSON.
	Token auth.Shown `json:"token"`
	// ExpiresAt is its exp claim.
	ExpiresAt time.Time `json:"expiresAt"`
}

// handleToken mints a token for the caller's live session.
func (p *Plugin) handleToken(ctx context.Context, c *auth.Call, in TokenRequest) (Token, error) {
	t, ok := p.templates[in.Template]
	if !ok {
		return Token{}, ErrUnknownTemplate
	}
	claims := map[string]any{}
	if t.Claims != nil {
		extra, err := t.Claims(ctx, c)
		if err != nil {
			return Token{}, err
		}
		for name, v := range extra {
			if reserved[name] {
				return Token{}, fmt.Errorf("jwt: template %q sets the registered claim %q", t.Name, name)
			}
			claims[name] = v
		}
	}
	key, err := p.signingKey(ctx, c)
	if err != nil {
		return Token{}, err
	}
	now := c.Now()
	exp := now.Add(t.Lifetime).Truncate(time.Second)
	s := c.Session()
	// RFC 7519 §4.1: the registered claims. The audience is a string when
	// there is one (RFC 7519 §4.1.3), which every library reads.
	claims["iss"], claims["sub"] = p.issuer, s.UserID
	if len(t.Audience) == 1 {
		claims["aud"] = t.Audience[0]
	} else {
		claims["aud"] = t.Audience
	}
	claims["iat"], claims["nbf"], claims["exp"] = now.Unix(), now.Unix(), exp.Unix()
	claims["jti"] = c.Auth().NewID()
	// OpenID Connect Front-Channel Logout 1.0 §3: sid names the session,
	// for services that check it is still alive.
	claims["sid"] = s.ID
	if s.ImpersonatorID != "" {
		// RFC 8693 §4.1: the actor who acts for the subject.
		claims["act"] = map[string]string{"sub": s.ImpersonatorID}
	}
	jwt, err := key.sign(claims)
	if err != nil {
		return Token{}, err
	}
	return Token{Token: auth.Show(auth.NewSecret(jwt)), ExpiresAt: exp}, nil
}
