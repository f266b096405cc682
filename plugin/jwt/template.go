package jwt

import (
	"context"
	"fmt"
	"time"

	"github.com/sesame-go/sesame/auth"
)

// Template describes the tokens minted for one service: [Plugin.Token]
// names it, and the host declares it with [WithTemplate].
type Template struct {
	// Name is what a mint request names: lowercase letters, digits, '.',
	// '_' and '-', up to 64.
	Name string
	// Audience is the aud claim: the service or services that accept the
	// token (RFC 7519 §4.1.3). Empty means the issuer.
	Audience []string
	// Lifetime is how long the token lives; 0 means the plugin's
	// ([WithLifetime]). At most an hour.
	Lifetime time.Duration
	// Claims, if set, returns claims of the host's own for the caller:
	// roles, a tenant, an email address. It runs for every mint, with the
	// call's user and session ([auth.Call.User], [auth.Call.Session]). The
	// registered claims the plugin sets (iss, sub, aud, exp, nbf, iat,
	// jti, sid, act) cannot be replaced: a map naming one fails the mint.
	Claims func(ctx context.Context, c *auth.Call) (map[string]any, error)
}

// reserved are the claims the plugin sets itself (RFC 7519 §4.1, OpenID
// Connect Front-Channel Logout §3 for sid, RFC 8693 §4.1 for act).
var reserved = map[string]bool{"iss": true, "sub": true, "aud": true, "exp": true, "nbf": true,
	"iat": true, "jti": true, "sid": true, "act": true}

func (t Template) check() error {
	if t.Lifetime < 0 || t.Lifetime > maxLifetime {
		return fmt.Errorf("jwt: template %q: a lifetime of %s, want up to %s", t.Name, t.Lifetime, maxLifetime)
	}
	for _, a := range t.Audience {
		if a == "" {
			return fmt.Errorf("jwt: template %q has an empty audience", t.Name)
		}
	}
	return nil
}
