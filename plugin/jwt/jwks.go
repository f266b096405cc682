package jwt

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/sqlb"
)

// KeySet is a JWK Set (RFC 7517 §5): the public keys that verify the
// plugin's tokens.
type KeySet struct {
	Keys []JWK `json:"keys"`
}

// JWK is a public JSON Web Key for signatures (RFC 7517 §4): kty RSA with
// n and e, EC (P-256) with x and y, or OKP (Ed25519) with x.
type JWK struct {
	Kty string `json:"kty"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	Kid string `json:"kid"`
	Crv string `json:"crv,omitempty"`
	N   string `json:"n,omitempty"`
	E   string `json:"e,omitempty"`
	X   string `json:"x,omitempty"`
	Y   string `json:"y,omitempty"`
}

// CacheControl is how long caches may keep the set: "public,
// max-age=300". [Plugin.JWKSHandler] answers with it.
func (KeySet) CacheControl() string {
	return "public, max-age=" + strconv.Itoa(int(jwksMaxAge/time.Second))
}

// handleJWKS lists the published keys, newest first: the next key before
// it signs, and retired keys until their last token expired.
func (p *Plugin) handleJWKS(ctx context.Context, c *auth.Call, _ auth.Empty) (KeySet, error) {
	var public string
	set := KeySet{Keys: []JWK{}}
	now := c.Now()
	err := c.DB().All(ctx, sqlb.Select(KeyPublic.Into(&public)).From(SigningKeys).
		Where(sqlb.Or(KeyPublishedUntil.IsNull(), KeyPublishedUntil.Gt(nullTime(now)))).
		OrderBy(KeyGeneration.Desc()), func() error {
		var k JWK
		if err := json.Unmarshal([]byte(public), &k); err != nil {
			return err
		}
		set.Keys = append(set.Keys, k)
		return nil
	})
	return set, err
}
