package passkey

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// ceremony is kept with a challenge in the token table: what binds it to
// whoever asked for it. The challenge itself is the token, so only its
// hash is stored.
type ceremony struct {
	// Browser is the SHA-256 of the binding value of a sign-in: the
	// browser's cookie, or the flow a bearer client sends back.
	Browser string `json:"b,omitempty"`
	// Flow is set when the binding travels in the request body.
	Flow bool `json:"f,omitempty"`
	// Session is the session that asked for a registration.
	Session string `json:"s,omitempty"`
	// Handle is the WebAuthn user handle of a registration, base64url.
	Handle string `json:"h,omitempty"`
}

func (d ceremony) encode() string {
	b, _ := json.Marshal(d) // a struct of strings always encodes
	return string(b)
}

func decodeCeremony(s string) (ceremony, error) {
	var d ceremony
	err := json.Unmarshal([]byte(s), &d)
	return d, err
}

// randomValue returns 32 random bytes as unpadded base64url.
func randomValue() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashValue(s string) string {
	h := sha256.Sum256([]byte(s))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// wellFormed reports whether s has randomValue's form.
func wellFormed(s string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil && len(b) == 32
}

// cookieName is the binding cookie's name: __Host- prefixed on https,
// which pins it to the exact host, path / and Secure.
func (p *Plugin) cookieName() string {
	if p.secure() {
		return "__Host-sesame_passkey"
	}
	return "sesame_passkey"
}

func (p *Plugin) secure() bool { return p.a.BaseURL().Scheme == "https" }

// bind returns the binding of a new sign-in challenge. A browser is bound
// by a cookie, whose value it keeps for the challenge's lifetime; one
// that has the cookie already keeps its value, so that sign-ins started
// in two tabs both work. A bearer client, or a Go call made outside any
// request, is bound by a flow value it must send back.
func (p *Plugin) bind(c *auth.Call, bearer bool) (ceremony, string, *http.Cookie) {
	if bearer || c.Request().Transport == auth.TransportServer {
		flow := randomValue()
		return ceremony{Browser: hashValue(flow), Flow: true}, flow, nil
	}
	value := c.Request().Cookies[p.cookieName()].Reveal()
	if !wellFormed(value) {
		value = randomValue()
	}
	cookie := &http.Cookie{Name: p.cookieName(), Value: value, Path: "/", MaxAge: int(p.cfg.challengeTTL.Seconds()),
		HttpOnly: true, Secure: p.secure(), SameSite: http.SameSiteLaxMode}
	return ceremony{Browser: hashValue(value)}, "", cookie
}

// bound reports whether the caller is the one a sign-in challenge was
// bound to: the same browser (its cookie) or the holder of the flow. A
// challenge bound by cookie ignores a flow in the body, and the reverse.
func (p *Plugin) bound(c *auth.Call, d ceremony, flow auth.Secret) bool {
	value := flow.Reveal()
	if !d.Flow {
		value = c.Request().Cookies[p.cookieName()].Reveal()
	}
	if value == "" || d.Browser == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(hashValue(value)), []byte(d.Browser)) == 1
}
