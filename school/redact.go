package school

import (
	"errors"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// redacted replaces every secret the client shows: the token, the password.
const redacted = "[redacted]"

// passwordParam is the query parameter that carries the password
// (SmartClass API §2.2: GET .../authentication?userId=..&userPassword=..).
const passwordParam = "userPassword"

// scrubber removes known secrets from text that came back from the service
// or from the transport, which may echo the request URL, a Location header
// or the Authorization header, as it is or escaped: in a query or a path,
// in a JSON string (json_encode writes "/" as \/ and "ö" as \u00f6,
// json.Marshal "&" as \u0026) or in HTML (&amp;).
type scrubber struct {
	replacer *strings.Replacer // nil when there is no secret
	forms    []string          // the secrets as they are and URL-escaped, longest first
}

// newScrubber returns a scrubber for the given secrets and for the forms
// they take once escaped in a query or a path. It replaces in one pass,
// longest form first, so that a replacement is never scanned again.
func newScrubber(secrets ...string) scrubber {
	var forms []string
	for _, secret := range secrets {
		if secret == "" {
			continue
		}
		for _, form := range []string{secret, url.QueryEscape(secret), url.PathEscape(secret)} {
			if !slices.Contains(forms, form) {
				forms = append(forms, form)
			}
		}
	}
	if len(forms) == 0 {
		return scrubber{}
	}
	slices.SortStableFunc(forms, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(forms))
	for _, form := range forms {
		pairs = append(pairs, form, redacted)
	}
	return scrubber{replacer: strings.NewReplacer(pairs...), forms: forms}
}

// string returns str with every secret replaced by [redacted]: as it is,
// URL-escaped, and spelled with JSON string escapes or HTML character
// references, in any mix.
func (s scrubber) string(str string) string {
	if s.replacer == nil {
		return str
	}
	if !strings.ContainsAny(str, `\&`) {
		return s.replacer.Replace(str)
	}
	return s.escaped(str)
}

// escaped replaces the secrets of str, those it spells with escapes
// included, in one pass over str, so that a replacement is never scanned
// again. It decodes every JSON escape and HTML character reference of str,
// wherever it is (decoding outside a JSON string or an HTML page can only
// redact more), and replaces the stretch of str that each secret found in
// the decoded text came from, and each secret found in str as it is (a
// secret may hold what reads as an escape).
func (s scrubber) escaped(str string) string {
	text, from := unescape(str)
	var cut []span // in str
	for _, m := range s.find(string(text)) {
		cut = append(cut, span{from[m.start].start, from[m.end-1].end})
	}
	cut = append(cut, s.find(str)...)
	if len(cut) == 0 {
		return str
	}
	// In order, and merged where they overlap: two secrets may overlap, or
	// come from one escape.
	slices.SortFunc(cut, func(a, b span) int { return a.start - b.start })
	var b strings.Builder
	last := 0
	for i := 0; i < len(cut); {
		c := cut[i]
		for i++; i < len(cut) && cut[i].start < c.end; i++ {
			c.end = max(c.end, cut[i].end)
		}
		b.WriteString(str[last:c.start])
		b.WriteString(redacted)
		last = c.end
	}
	b.WriteString(str[last:])
	return b.String()
}

// find returns where each form of a secret occurs in text.
func (s scrubber) find(text string) []span {
	var found []span
	for _, form := range s.forms {
		for at := 0; ; {
			i := strings.Index(text[at:], form)
			if i < 0 {
				break
			}
			found = append(found, span{at + i, at + i + len(form)})
			at += i + 1
		}
	}
	return found
}

// span is a stretch of a string, from start to end (excluded).
type span struct{ start, end int }

// unescape decodes the JSON string escapes (RFC 8259 §7: \" \\ \/ \b \f
// \n \r \t and \uXXXX in either letter case, surrogate pairs included)
// and the HTML character references ending in ";" (&amp; &#34; &#x27; ...)
// of str, wherever they are. It returns the decoded text and, for each of
// its bytes, the stretch of str it came from. What is not a valid escape
// stays as it is.
func unescape(str string) (text []byte, from []span) {
	text, from = make([]byte, 0, len(str)), make([]span, 0, len(str))
	emit := func(decoded string, start, end int) {
		for i := range len(decoded) {
			text = append(text, decoded[i])
			from = append(from, span{start, end})
		}
	}
	for i := 0; i < len(str); {
		if decoded, n := decodeEscape(str[i:]); n > 0 {
			emit(decoded, i, i+n)
			i += n
			continue
		}
		emit(str[i:i+1], i, i+1)
		i++
	}
	return text, from
}

// simpleEscapes are the JSON escapes of one character (RFC 8259 §7).
var simpleEscapes = map[byte]string{'"': `"`, '\\': `\`, '/': "/", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t"}

// decodeEscape decodes the JSON escape or HTML character reference that s
// starts with, and returns its text and length, or 0 when s starts with
// neither.
func decodeEscape(s string) (string, int) {
	switch {
	case len(s) >= 2 && s[0] == '\\' && s[1] == 'u':
		r, ok := hex4(s[2:])
		if !ok {
			return "", 0
		}
		if utf16.IsSurrogate(r) {
			if len(s) < 12 || s[6] != '\\' || s[7] != 'u' {
				return "", 0
			}
			low, ok := hex4(s[8:])
			if r = utf16.DecodeRune(r, low); !ok || r == utf8.RuneError {
				return "", 0
			}
			return string(r), 12
		}
		return string(r), 6
	case len(s) >= 2 && s[0] == '\\':
		if e, ok := simpleEscapes[s[1]]; ok {
			return e, 2
		}
	case s[0] == '&':
		// The longest reference is short: &#x0010FFFF; or a name.
		if end := strings.IndexByte(s[:min(len(s), 32)], ';'); end > 1 {
			ref := s[:end+1]
			if decoded := html.UnescapeString(ref); decoded != ref {
				return decoded, len(ref)
			}
		}
	}
	return "", 0
}

// hex4 reads the 4 hex digits s starts with.
func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(s[:4], 16, 32)
	return rune(n), err == nil
}

// url returns rawURL with the value of the password parameter and every
// secret replaced by [redacted].
func (s scrubber) url(rawURL string) string {
	if i := strings.IndexByte(rawURL, '?'); i >= 0 {
		query, fragment, hasFragment := strings.Cut(rawURL[i+1:], "#")
		rawURL = rawURL[:i+1] + redactQuery(query)
		if hasFragment {
			rawURL += "#" + fragment
		}
	}
	return s.string(rawURL)
}

// redactQuery replaces the value of every password parameter in a raw query
// string, leaving the rest as it was.
func redactQuery(query string) string {
	pairs := strings.Split(query, "&")
	for i, pair := range pairs {
		key, _, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
		if strings.EqualFold(key, passwordParam) {
			pairs[i] = passwordParam + "=" + redacted
		}
	}
	return strings.Join(pairs, "&")
}

// error returns err with secrets removed from its message. A *url.Error,
// which net/http builds around every transport failure and which embeds
// the full request URL, is rebuilt with a redacted URL. An error whose
// message still holds a secret is hidden behind a scrubbedError.
func (s scrubber) error(err error) error {
	if err == nil {
		return nil
	}
	if ue, ok := err.(*url.Error); ok {
		return &url.Error{Op: ue.Op, URL: s.url(ue.URL), Err: s.error(ue.Err)}
	}
	msg := err.Error()
	if clean := s.string(msg); clean != msg {
		return &scrubbedError{msg: clean, err: err}
	}
	return err
}

// scrubbedError shows a cleaned message. It matches what the original error
// matches through Is, but does not unwrap to it, so that the secret in the
// original message stays out of reach.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }

func (e *scrubbedError) Is(target error) bool { return errors.Is(e.err, target) }

// body returns the start of a response body for an [Error], secrets
// removed first so that the cut cannot leave half of one.
func (s scrubber) body(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	clean := []byte(s.string(string(b)))
	return clean[:min(len(clean), errorBodyLimit)]
}
