package auth

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"
)

// RedirectTarget checks a return address a client supplied (a next
// parameter, an OAuth returnTo) and returns where to send the browser: the
// address resolved against the base URL's origin, as an absolute URL, when
// it lands on that origin or a trusted one ([WithTrustedOrigins]). It
// returns "", false for anything else: another site, a scheme other than
// http(s), credentials in the URL, and backslashes, spaces or control
// characters, which browsers read in ways a URL parser does not
// ("/\evil.example" is a host to them). Redirect to the answer as it is:
// being absolute and clean, net/http's Redirect sends it unchanged.
func (a *Auth) RedirectTarget(raw string) (string, bool) {
	if raw == "" || len(raw) > 2048 || !utf8.ValidString(raw) || strings.IndexFunc(raw, func(r rune) bool {
		return r <= ' ' || r == 0x7f || r == '\\' || (r >= 0x80 && r <= 0x9f)
	}) >= 0 {
		return "", false
	}
	ref, err := url.Parse(raw)
	if err != nil || ref.User != nil || ref.Opaque != "" {
		return "", false
	}
	site := &url.URL{Scheme: a.baseURL.Scheme, Host: a.baseURL.Host, Path: "/"}
	u := site.ResolveReference(ref)
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || !a.TrustedOrigin(u.Scheme+"://"+u.Host) {
		return "", false
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return escapeNonASCII(u.String()), true
}

// escapeNonASCII percent-encodes the bytes a Location header cannot carry
// as they are, as net/http's Redirect would.
func escapeNonASCII(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
