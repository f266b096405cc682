package lookup

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryWait returns how long to wait before retrying after the failed
// attempt number attempt (0 for the first), and false when err is final or
// the retries are spent. A Retry-After header sets the wait; one longer than
// the backoff limit ends the retries, as waiting that long is the caller's
// decision.
func (c *Client) retryWait(err error, attempt int) (time.Duration, bool) {
	if attempt >= c.cfg.retries || !retryable(err) {
		return 0, false
	}
	var e *Error
	if errors.As(err, &e) && e.RetryAfter > 0 {
		if e.RetryAfter > c.cfg.backoffMax {
			return 0, false
		}
		return e.RetryAfter, true
	}
	d := c.cfg.backoffBase
	for range attempt {
		if d >= c.cfg.backoffMax/2 {
			d = c.cfg.backoffMax
			break
		}
		d *= 2
	}
	return c.jitter(min(d, c.cfg.backoffMax)), true
}

// maxRetryAfter caps a parsed Retry-After, far above any backoff limit.
const maxRetryAfter = 24 * time.Hour

// retryAfter parses a Retry-After header, delay-seconds or an HTTP-date
// (RFC 9110 §10.2.3), relative to now; it returns 0 when the header is absent
// or invalid.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if strings.Trim(v, "0123456789") == "" {
		secs, err := strconv.ParseUint(v, 10, 64)
		if err != nil || secs > uint64(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), maxRetryAfter)
	}
	return 0
}
