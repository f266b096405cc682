package authhttp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"

	"github.com/sesame-go/sesame/auth"
)

// LegacyCookie is the session cookie of the system a host migrated from,
// whose sessions were imported (authimport, [auth.Call.ImportSession]):
// with [BridgeCookie], a browser that still carries it stays signed in,
// and gets Sesame's cookie in its place.
type LegacyCookie struct {
	// Names are the cookie's names; the first one the request carries is
	// read.
	Names []string
	// System is the name the sessions were imported under, as in
	// [auth.ImportedSession].
	System string
	// Open checks a cookie's value and returns the session token it
	// carries, or false for a cookie that is malformed, unsigned or
	// forged. It must compare signatures in constant time.
	Open func(value string) (token auth.Secret, ok bool)
	// Key derives the Sesame token that replaces an old one, so that
	// concurrent requests with one old cookie arrive at the same session:
	// keep it secret (the old system's secret serves).
	Key auth.Secret
}

// BridgeCookie makes [Middleware] and [Handler] accept another system's
// session cookie (see [LegacyCookie]) from a request that carries no
// Sesame session: when Open accepts it, the session imported under its
// token becomes the request's, the response sets Sesame's cookie for it
// and deletes the old one. The old cookie works until the session ends
// (it expires, the person signs out, a sign-out everywhere or another
// account-security event ends it): the bridge needs no end date of its
// own. A forged, unsigned or unknown cookie signs nobody in.
func BridgeCookie(c LegacyCookie) Option {
	return func(cfg *config) { cfg.bridge = &c }
}

// BetterAuthCookie is better-auth's session cookie, for [BridgeCookie]:
// better-auth.session_token (or __Secure-better-auth.session_token on
// https), whose value is the URL-encoded "token.signature", the signature
// being the standard base64 of HMAC-SHA256(secret, token) with better-auth's
// secret (BETTER_AUTH_SECRET). Sessions imported by authimport.BetterAuth
// are found under it.
func BetterAuthCookie(secret auth.Secret) LegacyCookie {
	return LegacyCookie{
		Names:  []string{"__Secure-better-auth.session_token", "better-auth.session_token"},
		System: "better-auth",
		Key:    secret,
		Open: func(value string) (auth.Secret, bool) {
			return openBetterAuth(secret, value)
		},
	}
}

// openBetterAuth checks a better-auth cookie's value: better-call's
// signCookieValue, encodeURIComponent(token + "." + base64(HMAC-SHA256)).
func openBetterAuth(secret auth.Secret, value string) (auth.Secret, bool) {
	v, err := url.QueryUnescape(value)
	if err != nil || len(v) > 1024 {
		return auth.Secret{}, false
	}
	i := strings.LastIndexByte(v, '.')
	if i < 1 {
		return auth.Secret{}, false
	}
	token, sig := v[:i], v[i+1:]
	got, err := base64.StdEncoding.Strict().DecodeString(sig)
	if err != nil || len(got) != sha256.Size {
		return auth.Secret{}, false
	}
	mac := hmac.New(sha256.New, []byte(secret.Reveal()))
	mac.Write([]byte(token))
	if !hmac.Equal(mac.Sum(nil), got) { // constant time
		return auth.Secret{}, false
	}
	return auth.NewSecret(token), true
}

// bridge gives a request with no Sesame session the session of its old
// cookie, if it carries a valid one; bridged reports it did.
func bridge(ctx context.Context, a *auth.Auth, cfg *config, req *auth.Request) (bridged bool, err error) {
	if cfg.bridge == nil || !req.Token.IsZero() {
		return false, nil
	}
	b := cfg.bridge
	for _, name := range b.Names {
		v, ok := req.Cookies[name]
		if !ok {
			continue
		}
		old, ok := b.Open(v.Reveal())
		if !ok || old.IsZero() {
			return false, nil
		}
		mac := hmac.New(sha256.New, []byte(b.Key.Reveal()))
		mac.Write([]byte("sesame cookie bridge\x00" + b.System + "\x00"))
		mac.Write([]byte(old.Reveal()))
		token := auth.NewSecret(base64.RawURLEncoding.EncodeToString(mac.Sum(nil)))
		if _, err := a.AdoptSession(ctx, b.System, old, token); err != nil {
			return false, err
		}
		req.Token, req.CookieAuth = token, true
		return true, nil
	}
	return false, nil
}

// dropLegacy deletes the old cookie a bridged request carried.
func dropLegacy(w http.ResponseWriter, cfg *config, req *auth.Request) {
	for _, name := range cfg.bridge.Names {
		if _, ok := req.Cookies[name]; ok {
			secure := strings.HasPrefix(name, "__Secure-") || strings.HasPrefix(name, "__Host-")
			http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
				Secure: secure, SameSite: http.SameSiteLaxMode})
		}
	}
}
