package breach

import (
	"context"
	"crypto/sha1"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// prefixLen is how many hex digits of the SHA-1 are sent: 5, 20 bits.
const prefixLen = 5

// maxBody caps a range answer; a real one, padded, is about 40 KB.
const maxBody = 1 << 20

// maxErrorBody caps the body kept in a [StatusError].
const maxErrorBody = 512

// Checker checks passwords against a Pwned Passwords range API. It is safe
// for concurrent use.
type Checker struct {
	baseURL    string
	client     *http.Client
	timeout    time.Duration
	failClosed bool
	userAgent  string
}

// Result is the outcome of a check.
type Result struct {
	// Breached reports that the password appears in the breach corpus.
	Breached bool
	// Count is how many times it was seen in breaches; 0 if not breached.
	Count int
	// Err is set, in the default fail-open mode only, when the service
	// could not be checked: Breached is then false. It wraps
	// [ErrUnavailable] or [ErrBadResponse]; log it and carry on.
	Err error
}

// New returns a Checker of the Pwned Passwords API at [DefaultBaseURL],
// failing open, unless options say otherwise.
func New(opts ...Option) *Checker {
	c := newConfig()
	for _, o := range opts {
		o(c)
	}
	client := *c.client
	client.CheckRedirect = sameOrigin(c.client.CheckRedirect)
	return &Checker{
		baseURL:    strings.TrimRight(c.baseURL, "/"),
		client:     &client,
		timeout:    c.timeout,
		failClosed: c.failClosed,
		userAgent:  c.userAgent,
	}
}

// errRedirect refuses a redirect that leaves the service's origin.
var errRedirect = errors.New("redirect to another origin refused")

// sameOrigin wraps a client's redirect policy (nil: Go's default, at most
// 10) to refuse redirects to another scheme or host.
func sameOrigin(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if req.URL.Scheme != via[0].URL.Scheme || req.URL.Host != via[0].URL.Host {
			return errRedirect
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
}

// Check reports whether password appears in the breach corpus, sending
// only the first 5 hex digits of its SHA-1 (see the package
// documentation's Privacy section).
//
// When the service fails (errors wrapping [ErrUnavailable] or
// [ErrBadResponse]), Check fails open by default: it returns a Result
// that is not breached, with Err set, and a nil error. With [FailClosed]
// it returns the failure as its error instead. Either way it returns an
// error wrapping the context's error if ctx ends first, and any other
// error (a malformed base URL) as is.
func (c *Checker) Check(ctx context.Context, password []byte) (Result, error) {
	sum := sha1.Sum(password)
	var hexSum [2 * sha1.Size]byte
	const digits = "0123456789ABCDEF"
	for i, b := range sum {
		hexSum[2*i], hexSum[2*i+1] = digits[b>>4], digits[b&0xf]
	}
	count, err := c.lookup(ctx, string(hexSum[:prefixLen]), string(hexSum[prefixLen:]))
	switch {
	case err == nil:
		return Result{Breached: count > 0, Count: count}, nil
	case ctx.Err() != nil:
		return Result{}, fmt.Errorf("breach: %w", ctx.Err())
	case c.failClosed || !(errors.Is(err, ErrUnavailable) || errors.Is(err, ErrBadResponse)):
		return Result{}, err
	}
	return Result{Err: err}, nil
}

// lookup asks for the range of prefix and returns the count of suffix.
func (c *Checker) lookup(ctx context.Context, prefix, suffix string) (int, error) {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	// Pwned Passwords API v3: GET /range/{first 5 hash chars}.
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+"/range/"+prefix, nil)
	if err != nil {
		return 0, errors.New("breach: invalid base URL")
	}
	req.Header.Set("Add-Padding", "true") // hides the true size of the answer
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		err = withoutURL(err)
		if errors.Is(err, errRedirect) {
			return 0, fmt.Errorf("%w: %w", ErrBadResponse, err)
		}
		return 0, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		return 0, &StatusError{StatusCode: resp.StatusCode, Body: body}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return 0, fmt.Errorf("%w: reading the answer: %w", ErrUnavailable, withoutURL(err))
	}
	if len(body) > maxBody {
		return 0, fmt.Errorf("%w: answer longer than %d bytes", ErrBadResponse, maxBody)
	}
	entries, err := parseRange(body)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		if e.count > 0 && e.suffix == suffix { // count 0: a padding line
			return e.count, nil
		}
	}
	return 0, nil
}

// withoutURL drops the URL from a client error: it holds the hash prefix,
// which logs have no need of.
func withoutURL(err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Err
	}
	return err
}
