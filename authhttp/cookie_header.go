package authhttp

import (
	"net/http"
	"strings"
	"sync"
)

// fewCookies is how many cookies a request may carry for cookieValues to
// read them itself; more go through net/http's own parsing.
const fewCookies = 50

// parsesFewCookies reports whether net/http reads a request of fewCookies
// cookies: its limit (GODEBUG httpcookiemaxnum, 3000 by default) may be
// set lower, and then every request goes through net/http.
var parsesFewCookies = sync.OnceValue(func() bool {
	cookies, err := http.ParseCookie(strings.Repeat("a=b;", fewCookies-1) + "a=b")
	return err == nil && len(cookies) == fewCookies
})

// cookieValues calls add with the name and value of each cookie of r, in
// order: exactly what r.Cookies() returns, without its slice and a
// *http.Cookie for each (FuzzCookieValues compares); every request reads
// them.
func cookieValues(r *http.Request, add func(name, value string)) {
	lines := r.Header["Cookie"]
	n := 0
	for _, line := range lines {
		n += strings.Count(line, ";") + 1
	}
	if n > fewCookies || !parsesFewCookies() {
		for _, c := range r.Cookies() {
			add(c.Name, c.Value)
		}
		return
	}
	// net/http's readCookies, as of Go 1.26.
	for _, line := range lines {
		line = trimSpace(line)
		var part string
		for len(line) > 0 {
			part, line, _ = strings.Cut(line, ";")
			part = trimSpace(part)
			if part == "" {
				continue
			}
			name, value, _ := strings.Cut(part, "=")
			name = trimSpace(name)
			if !isCookieName(name) {
				continue
			}
			if len(value) > 1 && value[0] == '"' && value[len(value)-1] == '"' {
				value = value[1 : len(value)-1]
			}
			if !isCookieValue(value) {
				continue
			}
			add(name, value)
		}
	}
}

// trimSpace trims ASCII space as textproto.TrimString does.
func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isCookieName reports whether s is an HTTP token (RFC 9110 §5.6.2), as a
// cookie name must be.
func isCookieName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// isCookieValue reports whether every byte of s may be in a cookie value
// (RFC 6265 §4.1.1, with space and comma allowed, as net/http does).
func isCookieValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == ';' || c == '\\' {
			return false
		}
	}
	return true
}
