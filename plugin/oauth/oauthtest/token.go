package oauthtest

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sesame-go/sesame/internal/jose"
)

// accessLifetime is how long an access token lasts.
const accessLifetime = time.Hour

// issued is what an access or refresh token stands for.
type issued struct {
	subject string
	scope   string
	openid  bool
	expires time.Time // access tokens only
	origin  *grant    // the code it descends from
}

// token is the token endpoint (RFC 6749 §3.2): the authorization_code
// grant (§4.1.3) with PKCE (RFC 7636 §4.6) and the refresh_token grant
// (§6), for a client authenticated by client_secret_basic or
// client_secret_post (§2.3.1).
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	// RFC 6749 §4.1.3: parameters in an application/x-www-form-urlencoded
	// body; those in the URL are not read.
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/x-www-form-urlencoded" {
		tokenError(w, http.StatusBadRequest, "invalid_request", "the body must be application/x-www-form-urlencoded")
		return
	}
	if !p.authenticate(w, r) {
		return
	}
	f := r.PostForm
	switch f.Get("grant_type") {
	case "authorization_code":
		p.exchange(w, r)
	case "refresh_token":
		p.refreshGrant(w, r)
	case "":
		tokenError(w, http.StatusBadRequest, "invalid_request", "grant_type is required")
	default:
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
	}
}

// authenticate checks the client's credentials (RFC 6749 §2.3.1): HTTP
// Basic with the form-encoded ID and secret, or both in the body, never
// both ways at once (§2.3). A failure is answered with 401 invalid_client
// (§5.2).
func (p *Provider) authenticate(w http.ResponseWriter, r *http.Request) bool {
	f := r.PostForm
	id, secret := f.Get("client_id"), f.Get("client_secret")
	if user, pass, basic := r.BasicAuth(); basic {
		if secret != "" {
			tokenError(w, http.StatusBadRequest, "invalid_request", "the client used more than one authentication method (RFC 6749 §2.3)")
			return false
		}
		// RFC 6749 §2.3.1: each is form-urlencoded before Basic encodes them.
		bid, err1 := url.QueryUnescape(user)
		bsecret, err2 := url.QueryUnescape(pass)
		if err1 != nil || err2 != nil || (id != "" && id != bid) {
			bid, bsecret = "", ""
		}
		id, secret = bid, bsecret
	}
	if id != p.ClientID || secret == "" || !p.secretValid(secret) {
		w.Header().Set("WWW-Authenticate", `Basic realm="oauthtest"`)
		tokenError(w, http.StatusUnauthorized, "invalid_client", "client authentication failed")
		return false
	}
	return true
}

// secretValid checks a client secret: the fixed one, or with
// [WithClientSecretJWT] a client-secret JWT.
func (p *Provider) secretValid(secret string) bool {
	if p.cfg.secretJWT == nil {
		return subtle.ConstantTimeCompare([]byte(secret), []byte(p.ClientSecret)) == 1
	}
	return p.checkSecretJWT(secret) == nil
}

// checkSecretJWT verifies a client-secret JWT as Apple documents it
// ("Creating a client secret"): ES256 under the registered key ID, iss the
// team ID, sub the client ID, aud the issuer, exp to come (RFC 7523 §3
// items 1 to 4 and 6, for a JWT used as client credentials).
func (p *Provider) checkSecretJWT(secret string) error {
	s := p.cfg.secretJWT
	jws, err := jose.Parse(secret)
	if err != nil {
		return err
	}
	if jws.Header.KeyID != s.keyID || jws.Header.Algorithm != jose.ES256 {
		return fmt.Errorf("oauthtest: client secret: kid %q alg %q, want %q ES256", jws.Header.KeyID, jws.Header.Algorithm, s.keyID)
	}
	key, err := jose.NewKey(s.keyID, s.pub)
	if err != nil {
		return err
	}
	if err := jws.Verify(key); err != nil {
		return err
	}
	c, err := jose.ParseClaims(jws.Payload)
	if err != nil {
		return err
	}
	now := p.now()
	switch {
	case c.Issuer != s.teamID:
		return fmt.Errorf("oauthtest: client secret: iss %q, want the team ID", c.Issuer)
	case c.Subject != p.ClientID:
		return fmt.Errorf("oauthtest: client secret: sub %q, want the client ID", c.Subject)
	case !slices.Contains(c.Audience, p.Issuer()):
		return fmt.Errorf("oauthtest: client secret: aud %q, want %q", c.Audience, p.Issuer())
	case c.ExpiresAt.IsZero() || !now.Before(c.ExpiresAt):
		return errors.New("oauthtest: client secret: expired or no exp")
	case c.IssuedAt.After(now.Add(time.Minute)):
		return errors.New("oauthtest: client secret: iat in the future")
	}
	return nil
}

// exchange redeems an authorization code (RFC 6749 §4.1.3). A code is
// spent by its first redemption, even a failed one; a second one revokes
// the tokens the first gave (RFC 6749 §4.1.2).
func (p *Provider) exchange(w http.ResponseWriter, r *http.Request) {
	f := r.PostForm
	p.mu.Lock()
	defer p.mu.Unlock()
	g := p.codes[f.Get("code")]
	switch {
	case g == nil:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "unknown code")
		return
	case g.used:
		p.revoke(g)
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code already used; the tokens it gave are revoked")
		return
	}
	g.used = true
	verifier := f.Get("code_verifier")
	sum := sha256.Sum256([]byte(verifier))
	switch {
	case !p.now().Before(g.expires):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code expired")
	case g.redirectGiven && f.Get("redirect_uri") != g.redirectURI:
		// RFC 6749 §4.1.3: identical to the authorization request's.
		tokenError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri differs from the authorization request's")
	case verifier == "":
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier is required (RFC 7636 §4.5)")
	case !validVerifier(verifier):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1)")
	// RFC 7636 §4.6: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))) == code_challenge.
	case subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(g.challenge)) != 1:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier does not match code_challenge (RFC 7636 §4.6)")
	default:
		p.issue(w, r, &issued{subject: g.subject, scope: g.scope, openid: g.openid, origin: g}, g.nonce)
	}
}

// refreshGrant answers a refresh token (RFC 6749 §6) with new tokens; the
// refresh token is rotated, the old one spent. With
// WithRefreshReuseDetection a spent one used again revokes its grant.
func (p *Provider) refreshGrant(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	rt := r.PostForm.Get("refresh_token")
	old := p.refresh[rt]
	if g := p.spent[rt]; old == nil && g != nil && p.cfg.reuse {
		// RFC 9700 §4.14.2: the server cannot tell which of the two
		// holders of the token is the attacker, and revokes the grant.
		p.revoke(g)
		tokenError(w, http.StatusBadRequest, "invalid_grant", "refresh_token already used; the grant is revoked")
		return
	}
	if old == nil {
		tokenError(w, http.StatusBadRequest, "invalid_grant", "unknown refresh_token")
		return
	}
	delete(p.refresh, rt)
	p.spent[rt] = old.origin
	next := *old
	// OpenID Connect Core §12.2: a refreshed ID token keeps iss, sub and
	// aud, has a new iat, and may leave the nonce out, as this one does.
	p.issue(w, r, &next, "")
}

// Revocations returns how many times the provider revoked a grant: an
// authorization code redeemed twice (RFC 6749 §4.1.2) or, with
// [WithRefreshReuseDetection], a spent refresh token used again (RFC 9700
// §4.14.2).
func (p *Provider) Revocations() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.revocations
}

// revoke forgets every token descending from the code g. The caller holds
// the lock.
func (p *Provider) revoke(g *grant) {
	p.revocations++
	for _, m := range []map[string]*issued{p.access, p.refresh} {
		for tok, is := range m {
			if is.origin == g {
				delete(m, tok)
			}
		}
	}
}

// issue answers with an access token, a refresh token and, for openid,
// an ID token (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3). The caller
// holds the lock.
func (p *Provider) issue(w http.ResponseWriter, r *http.Request, is *issued, nonce string) {
	u, ok := p.users[is.subject]
	if !ok {
		tokenError(w, http.StatusBadRequest, "invalid_grant", "the user is gone")
		return
	}
	access, refresh := newToken(), newToken()
	a := *is
	a.expires = p.now().Add(accessLifetime)
	p.access[access] = &a
	p.refresh[refresh] = is
	resp := url.Values{
		"access_token":  {access},
		"token_type":    {"Bearer"},
		"expires_in":    {strconv.Itoa(int(accessLifetime / time.Second))},
		"refresh_token": {refresh},
	}
	if is.scope != "" {
		resp.Set("scope", is.scope)
	}
	if is.openid {
		id, err := p.idToken(u, nonce)
		if err != nil {
			tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
			return
		}
		resp.Set("id_token", id)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	if p.cfg.plain && !strings.Contains(r.Header.Get("Accept"), "application/json") {
		// GitHub answers form-encoded unless asked for JSON.
		resp.Set("token_type", "bearer")
		w.Header().Set("Content-Type", "application/x-www-form-urlencoded")
		w.Write([]byte(resp.Encode()))
		return
	}
	body := map[string]any{"expires_in": int(accessLifetime / time.Second)}
	for k := range resp {
		if k != "expires_in" {
			body[k] = resp.Get(k)
		}
	}
	writeJSON(w, http.StatusOK, body, "application/json")
}

// validVerifier reports whether v is 43 to 128 characters of
// [A-Z] [a-z] [0-9] "-" "." "_" "~" (RFC 7636 §4.1).
func validVerifier(v string) bool {
	if len(v) < 43 || len(v) > 128 {
		return false
	}
	for _, c := range []byte(v) {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0) {
			return false
		}
	}
	return true
}

// tokenError answers an error of the token endpoint (RFC 6749 §5.2).
func tokenError(w http.ResponseWriter, status int, code, description string) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, map[string]string{"error": code, "error_description": description}, "application/json")
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any, contentType string) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	w.Write(body)
}

// newToken returns 32 random bytes in base64url, for codes and tokens.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
