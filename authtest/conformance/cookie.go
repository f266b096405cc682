package conformance

import (
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/authtest"
)

// cookieName is the session cookie's name on authtest's http base URL.
const cookieName = "sesame_session"

// sessionCookie returns the session cookie res sets, or nil. It fails tb
// when res sets it more than once, or with other attributes than
// authhttp's: HttpOnly, SameSite=Lax, Path=/, host-only, not Secure (the
// base URL is http), and a lifetime.
func sessionCookie(tb testing.TB, what string, res *authtest.Response) *http.Cookie {
	tb.Helper()
	var found []*http.Cookie
	for _, line := range res.Header.Values("Set-Cookie") {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			tb.Errorf("%s: Set-Cookie %q: %v", what, line, err)
			continue
		}
		if c.Name == cookieName {
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		return nil
	}
	if len(found) > 1 {
		tb.Errorf("%s: Set-Cookie %q sets the session cookie %d times, want at most once",
			what, res.Header.Values("Set-Cookie"), len(found))
	}
	c := found[0]
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" || c.Secure || c.MaxAge == 0 {
		tb.Errorf("%s: Set-Cookie %q, want HttpOnly, SameSite=Lax, Path=/, no Domain, no Secure and a Max-Age", what, c.Raw)
	}
	return c
}

// wantCookieSet checks that res sets the session cookie to a token living
// maxAge seconds, or any positive time when maxAge is 0, and returns it. It
// stops the test when there is none.
func wantCookieSet(tb testing.TB, what string, res *authtest.Response, maxAge int) *http.Cookie {
	tb.Helper()
	c := sessionCookie(tb, what, res)
	if c == nil {
		tb.Fatalf("%s: Set-Cookie %q, want the session cookie set", what, res.Header.Values("Set-Cookie"))
	}
	if c.Value == "" || c.MaxAge <= 0 || maxAge != 0 && c.MaxAge != maxAge {
		tb.Errorf("%s: Set-Cookie %q, want a token with Max-Age %d (0: any)", what, c.Raw, maxAge)
	}
	return c
}

// wantCookieCleared checks that res deletes the session cookie.
func wantCookieCleared(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	c := sessionCookie(tb, what, res)
	if c == nil || c.Value != "" || c.MaxAge >= 0 {
		tb.Errorf("%s: Set-Cookie %q, want the session cookie cleared (empty, Max-Age=0)", what, res.Header.Values("Set-Cookie"))
	}
}

// wantNoCookie checks that res does not touch the session cookie.
func wantNoCookie(tb testing.TB, what string, res *authtest.Response) {
	tb.Helper()
	if c := sessionCookie(tb, what, res); c != nil {
		tb.Errorf("%s: Set-Cookie %q, want none", what, c.Raw)
	}
}
