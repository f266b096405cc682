package authui

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"

	"github.com/sesame-go/sesame/auth"
)

// The form token: 32 random bytes in a cookie of the browser, which every
// form sends back in its "csrf" field. Another site can make a browser
// post a form here, but cannot read the cookie to fill the field in, nor,
// with the __Host- prefix on https, set it from a sibling domain. It adds
// to the pipeline's origin check, which a request with no Origin and no
// session passes.

// tokenLen is the length of a form token, base64url without padding.
const tokenLen = 43

// tokenCookie returns the name of the form token's cookie.
func tokenCookie(a *auth.Auth) string { return pageCookieName(a, "authui_csrf") }

// formToken returns the browser's form token, giving it one when it has
// none.
func formToken(w http.ResponseWriter, r *http.Request, a *auth.Auth) string {
	if c, err := r.Cookie(tokenCookie(a)); err == nil && wellFormed(c.Value) {
		return c.Value
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	tok := base64.RawURLEncoding.EncodeToString(b)
	http.SetCookie(w, &http.Cookie{Name: tokenCookie(a), Value: tok, Path: "/", HttpOnly: true,
		Secure: a.BaseURL().Scheme == "https", SameSite: http.SameSiteLaxMode})
	return tok
}

// wellFormed reports whether s has the form of a token.
func wellFormed(s string) bool {
	if len(s) != tokenLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(s)
	return err == nil
}

// tokenMatches reports, in constant time, whether a posted form carries
// the form token of its browser's cookie.
func tokenMatches(r *http.Request, a *auth.Auth) bool {
	c, err := r.Cookie(tokenCookie(a))
	if err != nil || !wellFormed(c.Value) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostFormValue("csrf"))) == 1
}

// sameOrigin reports whether a posted form comes from a page of this
// site, as far as the browser says: an Origin the instance trusts, and
// not a cross-site fetch (Fetch Metadata). Browsers send both on every
// form POST; the pipeline checks the Origin again for operations that
// need it.
func sameOrigin(r *http.Request, a *auth.Auth) bool {
	if o := r.Header.Get("Origin"); o != "" && !a.TrustedOrigin(o) {
		return false
	}
	return r.Header.Get("Sec-Fetch-Site") != "cross-site"
}
