package auth

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// Error is the one error type at Sesame's boundary. Its Code is a stable,
// lowercase snake_case name a client can branch on; its Message is safe to
// show; its Status is the HTTP status the code maps to. An internal cause
// may be wrapped but is never sent to a client.
type Error struct {
	Code       string
	Message    string
	Status     int
	RetryAfter time.Duration
	cause      error
}

// NewError declares an error code with its status and default message.
// Operations list the codes they may return in [Op.Codes].
func NewError(code string, status int, message string) *Error {
	return &Error{Code: code, Status: status, Message: message}
}

// Error returns "auth: code: message".
func (e *Error) Error() string {
	s := "auth: " + e.Code + ": " + e.Message
	if e.RetryAfter > 0 {
		s += " (retry after " + strconv.Itoa(int(e.RetryAfter.Round(time.Second)/time.Second)) + "s)"
	}
	return s
}

// Is reports whether target is an *Error with the same code, so that
// errors.Is(err, auth.ErrNoSession) holds for any error of that code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Unwrap returns the internal cause, if any.
func (e *Error) Unwrap() error { return e.cause }

// With returns a copy of e with another message.
func (e *Error) With(message string) *Error {
	c := *e
	c.Message = message
	return &c
}

// Wrap returns a copy of e that wraps cause. The cause stays internal.
func (e *Error) Wrap(cause error) *Error {
	c := *e
	c.cause = cause
	return &c
}

// The codes every operation may return.
var (
	// ErrInternal is any failure that is not the caller's: a database error,
	// a failed commit, a bug. Its cause is logged, never sent.
	ErrInternal = NewError("internal", http.StatusInternalServerError, "internal error")
	// ErrInvalidInput is a request whose fields are missing or malformed.
	ErrInvalidInput = NewError("invalid_input", http.StatusBadRequest, "invalid input")
	// ErrInvalidJSON is a body that is not one JSON object of the expected fields.
	ErrInvalidJSON = NewError("invalid_json", http.StatusBadRequest, "the body is not valid JSON for this route")
	// ErrBodyTooLarge is a body over the size limit.
	ErrBodyTooLarge = NewError("body_too_large", http.StatusRequestEntityTooLarge, "the request body is too large")
	// ErrUnsupportedMediaType is a body that is not application/json.
	ErrUnsupportedMediaType = NewError("unsupported_media_type", http.StatusUnsupportedMediaType, "send the body as application/json")
	// ErrRateLimited is a request over a rate limit; RetryAfter says when to retry.
	ErrRateLimited = NewError("rate_limited", http.StatusTooManyRequests, "too many requests")
	// ErrInvalidOrigin is a state-changing browser request from an origin
	// that is neither the base URL's nor a trusted one (CSRF protection).
	ErrInvalidOrigin = NewError("invalid_origin", http.StatusForbidden, "the request's origin is not allowed")
	// ErrNoSession is an operation that needs a signed-in user called without
	// a valid session.
	ErrNoSession = NewError("no_session", http.StatusUnauthorized, "not signed in")
	// ErrInvalidToken is a session cookie or bearer token that is malformed.
	ErrInvalidToken = NewError("invalid_token", http.StatusUnauthorized, "the session token is malformed")
	// ErrFreshSessionRequired is a sensitive operation called with a session
	// older than the fresh age: the user must sign in again.
	ErrFreshSessionRequired = NewError("fresh_session_required", http.StatusForbidden, "sign in again to do this")
	// ErrSessionNotFound is a session id that is not one of the user's sessions.
	ErrSessionNotFound = NewError("session_not_found", http.StatusNotFound, "no such session")
	// ErrNotFound is a route that does not exist.
	ErrNotFound = NewError("not_found", http.StatusNotFound, "not found")
	// ErrMethodNotAllowed is a route called with the wrong HTTP method.
	ErrMethodNotAllowed = NewError("method_not_allowed", http.StatusMethodNotAllowed, "method not allowed")
)

// coreCodes are the codes any operation may return besides its own.
var coreCodes = []*Error{ErrInternal, ErrInvalidInput, ErrInvalidJSON, ErrBodyTooLarge, ErrUnsupportedMediaType,
	ErrRateLimited, ErrInvalidOrigin, ErrNoSession, ErrInvalidToken, ErrFreshSessionRequired, ErrSessionRequired}

// ErrorCodes returns the codes any operation of a may return besides its
// own ([OpInfo.Codes]): the core's, then those plugins declare with
// [ErrorCoder]. Transports and generators (the OpenAPI document, the
// TypeScript client) add them to every operation's closed set.
func (a *Auth) ErrorCodes() []*Error {
	return append(slices.Clip(coreCodes), a.pluginCodes...)
}

// AsError returns err as an *Error: itself when it is one, otherwise
// [ErrInternal] wrapping it.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return ErrInternal.Wrap(err)
}

// internalf wraps a failure of the library itself.
func internalf(format string, args ...any) *Error {
	return ErrInternal.Wrap(fmt.Errorf("auth: "+format, args...))
}
