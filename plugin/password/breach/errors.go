package breach

import (
	"errors"
	"fmt"
	"net/http"
)

// Errors of [Checker.Check], wrapped with details; test with [errors.Is].
// In the default fail-open mode they come in [Result].Err; with
// [FailClosed], as Check's error. None of them contains the password, its
// hash, or the hash prefix sent.
var (
	// ErrUnavailable is the service not answering in time: a network
	// failure, the [WithTimeout] deadline, a 429 or a 5xx status.
	ErrUnavailable = errors.New("breach: service unavailable")
	// ErrBadResponse is an answer this package cannot use: another
	// unexpected status, a malformed or oversized body, or a redirect to
	// another host.
	ErrBadResponse = errors.New("breach: bad response")
)

// StatusError is an answer with a status other than 200 OK. It wraps
// [ErrUnavailable] for 429 Too Many Requests and 5xx statuses, and
// [ErrBadResponse] for the others.
type StatusError struct {
	// StatusCode is the answer's HTTP status.
	StatusCode int
	// Body is the start of the answer's body, at most 512 bytes.
	Body []byte
}

// Error gives the status; the body is left out.
func (e *StatusError) Error() string {
	return fmt.Sprintf("%v: status %d %s", e.Unwrap(), e.StatusCode, http.StatusText(e.StatusCode))
}

// Unwrap returns [ErrUnavailable] or [ErrBadResponse].
func (e *StatusError) Unwrap() error {
	if e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500 {
		return ErrUnavailable
	}
	return ErrBadResponse
}
