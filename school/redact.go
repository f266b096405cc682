package school

import (
	"errors"
	"net/url"
	"slices"
	"strings"
)

// redacted replaces every secret the client shows: the token, the password.
const redacted = "[redacted]"

// passwordParam is the query parameter that carries the password
// (SmartClass API §2.2: GET .../authentication?userId=..&userPassword=..).
const passwordParam = "userPassword"

// scrubber removes known secrets from text that came back from the service
// or from the transport, which may echo the request URL, a Location header
// or the Authorization header.
type scrubber struct {
	replacer *strings.Replacer // nil when there is no secret
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
	return scrubber{replacer: strings.NewReplacer(pairs...)}
}

// string returns str with every secret replaced by [redacted].
func (s scrubber) string(str string) string {
	if s.replacer == nil {
		return str
	}
	return s.replacer.Replace(str)
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
