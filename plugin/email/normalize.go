package email

import (
	"errors"
	"strings"
)

// Limits of an address (RFC 5321 §4.5.3.1).
const (
	maxAddress = 254
	maxLocal   = 64
	maxLabel   = 63
)

// Normalize returns the canonical form of an address: trimmed and lower
// case. It refuses what is not a plain mailbox: display names, quoted or
// non-ASCII local parts, IP-literal domains, and anything over the length
// limits of RFC 5321 §4.5.3.1. Internationalized domains must arrive in
// their ASCII (xn--) form.
func Normalize(raw string) (string, error) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if s == "" {
		return "", errors.New("email is required")
	}
	if len(s) > maxAddress {
		return "", errors.New("email is too long")
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return "", errors.New("email must look like name@example.com")
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > maxLocal || !validLocal(local) {
		return "", errors.New("email has an invalid name before the @")
	}
	if !validDomain(domain) {
		return "", errors.New("email has an invalid domain")
	}
	return s, nil
}

// validLocal accepts a dot-atom (RFC 5322 §3.2.3): atext characters in
// dot-separated runs, no leading, trailing or doubled dot.
func validLocal(s string) bool {
	if s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '.':
		case strings.IndexByte("!#$%&'*+/=?^_`{|}~-", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// validDomain accepts a host name of at least two labels of letters,
// digits and inner hyphens (RFC 1035 §2.3.1), with a final label that is
// not all digits.
func validDomain(s string) bool {
	labels := strings.Split(s, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > maxLabel || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	last := labels[len(labels)-1]
	return strings.Trim(last, "0123456789") != ""
}
