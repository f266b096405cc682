package lookup

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Sentinel errors. A [Client] wraps them, so test for them with [errors.Is].
var (
	// ErrNotFound is returned when the course, building or route does not
	// exist. The Classmere API answers an unknown course or building with
	// 200 and the body null, and an unknown route with 404 and an empty body
	// (reference facts §1.5); a [Client] turns both into an [*Error] that
	// matches ErrNotFound.
	ErrNotFound = errors.New("lookup: not found")

	// ErrUnavailable is matched by an [*Error] for a 5xx or 429 answer: the
	// service failed and, for GETs, still failed after the retries.
	ErrUnavailable = errors.New("lookup: service unavailable")

	// ErrBadResponse is returned when a successful answer is not the JSON
	// expected: a content type other than JSON, an empty, truncated or
	// malformed body, or values of a type no drift explains.
	ErrBadResponse = errors.New("lookup: bad response")

	// ErrTooLarge is returned when a response body is larger than the limit
	// set with [WithMaxBodySize].
	ErrTooLarge = errors.New("lookup: response body too large")

	// ErrRedirect is returned when the service redirects to another scheme,
	// host or port: a [Client] never follows such a redirect.
	ErrRedirect = errors.New("lookup: redirect to another host refused")

	// ErrInvalid is returned, before any request, for an argument the
	// service cannot answer: an empty subject, abbreviation or search, or a
	// course number that is not digits.
	ErrInvalid = errors.New("lookup: invalid argument")
)

// maxErrorBody is how much of a response body an [Error] keeps.
const maxErrorBody = 1 << 10

// Error describes a response the service gave that is not the answer asked
// for: a non-2xx status, or a 2xx whose body could not be used. It matches
// [ErrNotFound] for 404 and [ErrUnavailable] for 5xx and 429 with
// [errors.Is], and unwraps to Err.
type Error struct {
	Method     string        // the request method, GET
	URL        string        // the request URL
	StatusCode int           // the response status code
	Body       []byte        // the start of the response body, at most 1 KiB
	RetryAfter time.Duration // the wait the Retry-After header asked for, if any
	Err        error         // the cause for a 2xx answer (ErrNotFound, ErrBadResponse, ErrTooLarge), or nil
}

// Error returns a one-line description that starts with "lookup: ".
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "lookup: %s %s: %d %s", e.Method, e.URL, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "lookup: "))
	}
	if len(e.Body) > 0 {
		body := e.Body
		if len(body) > 120 {
			body = body[:120]
		}
		fmt.Fprintf(&b, " (body %q)", body)
	}
	return b.String()
}

// Is reports whether the status code of e is the condition target names:
// [ErrNotFound] for 404 and 410, [ErrUnavailable] for 5xx and 429.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound || e.StatusCode == http.StatusGone
	case ErrUnavailable:
		return e.StatusCode >= 500 || e.StatusCode == http.StatusTooManyRequests
	}
	return false
}

// Unwrap returns the cause, Err.
func (e *Error) Unwrap() error { return e.Err }

// capBody returns a copy of at most maxErrorBody bytes of body.
func capBody(body []byte) []byte {
	if len(body) == 0 {
		return nil
	}
	return append([]byte(nil), body[:min(len(body), maxErrorBody)]...)
}
