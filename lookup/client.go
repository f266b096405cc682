package lookup

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client calls the Classmere API. It is safe for concurrent use; create it
// with [New].
type Client struct {
	base  *url.URL
	hc    *http.Client
	cfg   config
	cache *cache // nil without WithCache

	// Test hooks: how the client waits before a retry, and the jitter
	// applied to a backoff delay.
	sleep  func(ctx context.Context, d time.Duration) error
	jitter func(d time.Duration) time.Duration
}

// New returns a client for the Classmere API at baseURL, an absolute http or
// https URL such as "https://api.classmere.com" (reference facts §1); a path
// in it is kept as a prefix of every route. It returns an error listing every
// problem with baseURL and the options.
func New(baseURL string, opts ...Option) (*Client, error) {
	cfg, err := newConfig(opts)
	base, uerr := parseBaseURL(baseURL)
	if err = errors.Join(uerr, err); err != nil {
		return nil, err
	}
	hc := *cfg.httpClient
	hc.CheckRedirect = sameHostRedirects(cfg.httpClient.CheckRedirect)
	c := &Client{base: base, hc: &hc, cfg: cfg, sleep: sleepContext, jitter: equalJitter}
	if cfg.cacheTTL > 0 {
		c.cache = newCache(cfg.cacheTTL, cfg.now)
	}
	return c, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("lookup: base URL: %w", err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("lookup: base URL %q: want an absolute http or https URL", u.Redacted())
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("lookup: base URL %q: want no query or fragment", u.Redacted())
	}
	return u, nil
}

// url returns the URL of the route made of the already escaped segments.
func (c *Client) url(segments ...string) *url.URL {
	u := *c.base
	u.RawPath = strings.TrimSuffix(c.base.EscapedPath(), "/") + "/" + strings.Join(segments, "/")
	u.Path, _ = url.PathUnescape(u.RawPath) // every segment was escaped by url.PathEscape
	return &u
}

// getItem fetches one document into v. The service answers an unknown course
// or building with 200 and null (reference facts §1.5): that is ErrNotFound.
func (c *Client) getItem(ctx context.Context, v any, segments ...string) error {
	r, err := c.get(ctx, c.url(segments...))
	if err != nil {
		return err
	}
	if string(bytes.TrimSpace(r.body)) == "null" {
		return r.fail(ErrNotFound)
	}
	return r.decode(v)
}

// getList fetches a list into v, through the cache when there is one.
func (c *Client) getList(ctx context.Context, v any, segments ...string) error {
	u := c.url(segments...)
	key := u.String()
	if body, ok := c.cache.get(key); ok {
		return json.Unmarshal(body, v)
	}
	r, err := c.get(ctx, u)
	if err != nil {
		return err
	}
	if err := r.decode(v); err != nil {
		return err
	}
	c.cache.put(key, r.body)
	return nil
}

// segment validates and escapes a subject code, building abbreviation or
// search. The service matches case-sensitively; upper is true for subject
// codes, which are all upper case.
func segment(what, s string, upper bool) (string, error) {
	if upper {
		s = strings.ToUpper(strings.TrimSpace(s))
	}
	switch strings.TrimSpace(s) {
	case "", ".", "..":
		return "", fmt.Errorf("%w: %s %q", ErrInvalid, what, s)
	}
	return url.PathEscape(s), nil
}

// courseNumber validates a course number: 1 to 9 ASCII digits.
func courseNumber(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 9 || strings.Trim(s, "0123456789") != "" {
		return "", fmt.Errorf("%w: course number %q is not digits", ErrInvalid, s)
	}
	return s, nil
}

// sleepContext waits d, or less when ctx ends first; it does not start a
// wait that would outlast ctx's deadline.
func sleepContext(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < d {
		return context.DeadlineExceeded
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// equalJitter returns a random duration in [d/2, d].
func equalJitter(d time.Duration) time.Duration {
	half := d / 2
	return half + rand.N(d-half+1)
}
