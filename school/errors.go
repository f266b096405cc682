package school

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors, one per condition a caller branches on. Every error
// returned by [Client.Authenticate] is a [*Error] whose Kind is one of them,
// so errors.Is(err, ErrInvalidCredentials) and the like work, also after
// the error has been wrapped.
var (
	// ErrInvalidCredentials is returned by [Client.Authenticate] when the
	// service refused the user id or password: its answer was the house
	// error envelope {"message":{"error":"..."}} (SmartClass API §2.3), or
	// the caller passed an empty user id or password.
	ErrInvalidCredentials = errors.New("school: invalid user id or password")

	// ErrUnauthorized is returned when the service refused the API token or
	// the school id (SmartClass API §2.4): a 401 or 403 whose body is a plain
	// text reason such as "Token Not Sent", "School Id Not Sent", "Token Not
	// Found" or "Invalid Token", or a 203 carrying the text of a token
	// decoding failure. The fix is in the configuration, not in what the
	// user typed.
	ErrUnauthorized = errors.New("school: api token or school id refused")

	// ErrNotFound is returned when the service does not know the API name
	// (404 "Error code 404, Page not found", SmartClass API §2.4), which
	// usually means a wrong base URL or version.
	ErrNotFound = errors.New("school: api not found")

	// ErrMethodNotAllowed is returned when the service refused the HTTP
	// method (406 with an empty body, SmartClass API §2.4; 405 from a proxy).
	ErrMethodNotAllowed = errors.New("school: method not allowed")

	// ErrUnavailable is returned when the service could not be reached or
	// gave no usable answer in time: a transport failure, a timeout or a
	// cancelled context (errors.Is also matches context.Canceled or
	// context.DeadlineExceeded then), a body cut short, 408, 429 or 5xx.
	// Trying again later may succeed.
	ErrUnavailable = errors.New("school: service unavailable")

	// ErrBadResponse is returned when the service answered with something
	// the client refuses to interpret: a body that is not the house
	// envelope, truncated JSON, a body larger than the limit set by
	// [WithMaxBodySize], a redirect to another host or to plain HTTP, or a
	// status the interface does not use.
	ErrBadResponse = errors.New("school: unexpected response")
)

// errorBodyLimit caps the copy of the response body kept in an [Error].
const errorBodyLimit = 1 << 10

// Error is the error returned by every [Client] method. Kind says what went
// wrong and is matched by errors.Is; Status, Reason and Body say how the
// service answered, and Err holds the underlying failure, if any.
//
// No field ever holds the password or the API token: they are replaced by
// "[redacted]" wherever the service or the transport echoed them.
type Error struct {
	// Kind is one of the sentinel errors of this package, such as
	// ErrUnauthorized.
	Kind error
	// Status is the HTTP status code of the answer, or 0 when there was none.
	Status int
	// Reason is the service's explanation, cleaned up to one printable line
	// of at most about 200 bytes: the text of message.error, or a plain-text
	// body such as "Invalid Token". When the client itself rejected the
	// answer it says why instead, such as "redirect refused". It may be
	// empty.
	Reason string
	// Body holds at most the first 1 KiB of the response body, for
	// diagnosis.
	Body []byte
	// Err is the underlying failure, such as a transport error (a
	// *url.Error whose URL has been redacted) or a JSON syntax error.
	Err error
}

// Error describes the failure in one line that starts with "school: ".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Kind != nil {
		b.WriteString(e.Kind.Error())
	} else {
		b.WriteString("school: error")
	}
	if e.Status != 0 {
		fmt.Fprintf(&b, ": status %d", e.Status)
	}
	if e.Reason != "" {
		fmt.Fprintf(&b, ": %q", e.Reason)
	}
	if e.Err != nil {
		// An inner error of this package repeats the prefix.
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "school: "))
	}
	return b.String()
}

// Is reports whether target is the error's Kind, so that errors.Is matches
// the sentinel errors of this package.
func (e *Error) Is(target error) bool {
	return e.Kind != nil && target == e.Kind
}

// Unwrap returns the underlying failure, so that errors.Is and errors.As
// also see, for instance, context.DeadlineExceeded.
func (e *Error) Unwrap() error {
	return e.Err
}
