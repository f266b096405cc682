package username

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Letters is the default test of the characters of a username: letters
// and combining marks of any script, decimal digits, and the separators
// '.', '_' and '-'.
func Letters(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.M, r) || isSeparator(r)
}

// ASCII is a test of the characters of a username for [WithCharacters]:
// a–z, A–Z, 0–9 and the separators '.', '_' and '-'.
func ASCII(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || isSeparator(r)
}

func isSeparator(r rune) bool { return r == '.' || r == '_' || r == '-' }

// vet checks a name as typed against the policy and returns its display
// form (trimmed, as typed) and its key: [ErrInvalid] saying why it is not
// a username, or [ErrReserved].
func (p *Plugin) vet(raw string) (display, key string, err error) {
	display = strings.TrimSpace(raw)
	if msg := p.cfg.shape(display); msg != "" {
		return "", "", ErrInvalid.With(msg)
	}
	key, err = Normalize(display)
	if err != nil {
		return "", "", ErrInvalid.With(err.Error())
	}
	if p.reserved[key] {
		return "", "", ErrReserved
	}
	return display, key, nil
}

// shape says what is wrong with a name's length and characters, or "".
func (c *config) shape(s string) string {
	n := utf8.RuneCountInString(s)
	switch {
	case !utf8.ValidString(s):
		return "a username is text"
	case n < c.minLength:
		return fmt.Sprintf("a username has at least %d characters", c.minLength)
	case n > c.maxLength || len(s) > maxKey:
		return fmt.Sprintf("a username has at most %d characters", c.maxLength)
	}
	prevSep := false
	for _, r := range s {
		if !c.allowed(r) || unicode.IsControl(r) || unicode.IsSpace(r) || unicode.Is(unicode.Co, r) {
			return strconv.QuoteRune(r) + " is not allowed in a username"
		}
		sep := isSeparator(r)
		if sep && prevSep {
			return "a username has no two of '.', '_' and '-' in a row"
		}
		prevSep = sep
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if !letterOrDigit(first) || !letterOrDigit(last) && !unicode.Is(unicode.M, last) {
		return "a username starts and ends with a letter or a digit"
	}
	return ""
}

func letterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func quote(s string) string { return strconv.Quote(s) }
