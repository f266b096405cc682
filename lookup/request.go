package lookup

import (
	"compress/gzip"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// response is a successful answer: a 2xx with a JSON body within the limit.
type response struct {
	url    string // redacted
	status int
	body   []byte
}

// fail returns the *Error for a 2xx answer that cannot be used.
func (r *response) fail(cause error) *Error {
	return &Error{Method: http.MethodGet, URL: r.url, StatusCode: r.status, Body: capBody(r.body), Err: cause}
}

// decode decodes the body into v, or fails with ErrBadResponse.
func (r *response) decode(v any) error {
	if err := json.Unmarshal(r.body, v); err != nil {
		return r.fail(fmt.Errorf("%w: %w", ErrBadResponse, err))
	}
	return nil
}

// get sends a GET to u and retries it, on connection errors and on 5xx and
// 429 answers, until it succeeds, the retries run out, or ctx or the call's
// timeout ends. The Classmere API's routes are all idempotent GETs.
func (c *Client) get(ctx context.Context, u *url.URL) (*response, error) {
	if c.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.cfg.timeout)
		defer cancel()
	}
	for attempt := 0; ; attempt++ {
		r, err := c.attempt(ctx, u)
		if err == nil {
			return r, nil
		}
		wait, ok := c.retryWait(err, attempt)
		if !ok {
			return nil, err
		}
		if serr := c.sleep(ctx, wait); serr != nil {
			return nil, fmt.Errorf("lookup: gave up retrying: %w: %w", serr, err)
		}
	}
}

// attempt sends one GET and reads its answer.
func (c *Client) attempt(ctx context.Context, u *url.URL) (*response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.cfg.userAgent)
	resp, err := c.hc.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) && (errors.Is(uerr.Err, ErrRedirect) || errors.Is(uerr.Err, errTooManyRedirects)) {
			return nil, fmt.Errorf("lookup: GET %s: %w", u.Redacted(), uerr.Err)
		}
		return nil, fmt.Errorf("lookup: %w", err)
	}
	defer resp.Body.Close()

	r := &response{url: u.Redacted(), status: resp.StatusCode}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		return nil, &Error{
			Method: http.MethodGet, URL: r.url, StatusCode: resp.StatusCode, Body: capBody(body),
			RetryAfter: retryAfter(resp.Header.Get("Retry-After"), c.cfg.now()),
		}
	}
	if ct := resp.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		r.body, _ = io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		return nil, r.fail(fmt.Errorf("%w: content type %q, want application/json", ErrBadResponse, ct))
	}
	if resp.ContentLength > c.cfg.maxBodySize {
		return nil, r.fail(fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, resp.ContentLength, c.cfg.maxBodySize))
	}
	body := io.Reader(resp.Body)
	if !resp.Uncompressed && strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, readError(r, err)
		}
		body = zr
	}
	r.body, err = io.ReadAll(io.LimitReader(body, c.cfg.maxBodySize+1))
	if err != nil {
		return nil, readError(r, err)
	}
	if int64(len(r.body)) > c.cfg.maxBodySize {
		return nil, r.fail(fmt.Errorf("%w: over %d bytes", ErrTooLarge, c.cfg.maxBodySize))
	}
	return r, nil
}

// readError describes a failure to read a body: a corrupt gzip stream is a
// bad response, anything else a connection error, which is retried.
func readError(r *response, err error) error {
	if errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) {
		r.body = nil
		return r.fail(fmt.Errorf("%w: %w", ErrBadResponse, err))
	}
	return fmt.Errorf("lookup: GET %s: reading body: %w", r.url, err)
}

// isJSON reports whether a Content-Type names JSON: application/json or a
// +json type. The service sends "application/json; charset=utf-8".
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mt == "application/json" || mt == "text/json" ||
		(strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}

// retryable reports whether a failed attempt may succeed when repeated: an
// answer of 5xx (but 501) or 429, or a connection error. Refused redirects,
// ended contexts, certificate errors and unusable 2xx answers are final.
func retryable(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return e.Err == nil && ((e.StatusCode >= 500 && e.StatusCode != http.StatusNotImplemented) ||
			e.StatusCode == http.StatusTooManyRequests)
	}
	var certErr *tls.CertificateVerificationError
	return !errors.Is(err, ErrRedirect) && !errors.Is(err, errTooManyRedirects) && !errors.Is(err, context.Canceled) &&
		!errors.Is(err, context.DeadlineExceeded) && !errors.As(err, &certErr)
}

// errTooManyRedirects ends a redirect loop, as net/http's default policy
// does after 10 redirects.
var errTooManyRedirects = errors.New("lookup: stopped after 10 redirects")

// sameHostRedirects returns a CheckRedirect that refuses a redirect to
// another scheme, host or port, then defers to next (or to net/http's limit
// of 10 redirects when next is nil).
func sameHostRedirects(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		first := via[0].URL
		if req.URL.Scheme != first.Scheme || !strings.EqualFold(req.URL.Host, first.Host) {
			return fmt.Errorf("%w: %s", ErrRedirect, req.URL.Redacted())
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errTooManyRedirects
		}
		return nil
	}
}
