package school

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxRedirects bounds a chain of same-host redirects.
const maxRedirects = 5

// schoolIDHeader is sent with this exact spelling, the one the interface
// documents (SmartClass API §2.2). Go would send the canonical "Schoolid",
// and a PHP server that reads getallheaders() matches names as sent.
const schoolIDHeader = "schoolId"

// redirectError is how the redirect rule refuses a redirect.
type redirectError struct {
	reason string
}

func (e *redirectError) Error() string { return "school: redirect refused: " + e.reason }

// sameHostOnly returns a copy of hc that follows a redirect only to the
// host of the first request and never from HTTPS to HTTP, so that the
// Authorization header and the password in the query string never travel
// to another host or in clear text. hc's own rule, if any, still applies.
func sameHostOnly(hc *http.Client) *http.Client {
	c := *hc
	next := hc.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		first, last := via[0].URL, via[len(via)-1].URL
		switch {
		case !strings.EqualFold(req.URL.Host, first.Host):
			return &redirectError{reason: fmt.Sprintf("from host %q to host %q", first.Host, req.URL.Host)}
		case last.Scheme == "https" && req.URL.Scheme != "https":
			return &redirectError{reason: "from https to " + req.URL.Scheme}
		case len(via) > maxRedirects:
			return &redirectError{reason: fmt.Sprintf("more than %d redirects", maxRedirects)}
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
	return &c
}

// response is an answer whose body has been read in full, within the limit.
type response struct {
	status int
	body   []byte
}

// get sends GET {base}/public/{version}/{api}?{query} with the headers the
// interface requires (SmartClass API §2.2) and reads the answer within the
// client's timeout and size limit. Its errors are *Error values scrubbed
// with s.
func (c *Client) get(ctx context.Context, api string, query url.Values, s scrubber) (*response, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()

	// The URL without its query cannot hold a secret, so neither can an
	// error about it.
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.endpoint.JoinPath(api).String(), nil)
	if err != nil {
		return nil, &Error{Kind: ErrUnavailable, Err: err}
	}
	req.URL.RawQuery = query.Encode()
	req.Header.Set("Authorization", c.keys().authorization)
	// Set directly: Header.Set would canonicalize the name (see schoolIDHeader).
	req.Header[schoolIDHeader] = []string{strconv.Itoa(c.schoolID)}
	req.Header.Set("Cache-Control", "no-cache")
	req.Header.Set("Accept", "application/json")

	resp, err := c.httpClient.Do(req)
	if err != nil {
		// A response comes with an error only when a redirect was refused,
		// by the rule of sameHostOnly or by the caller's.
		if resp != nil {
			return nil, &Error{Kind: ErrBadResponse, Status: resp.StatusCode, Reason: "redirect refused", Err: s.error(err)}
		}
		return nil, &Error{Kind: ErrUnavailable, Err: s.error(err)}
	}
	defer resp.Body.Close()

	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBodySize+1))
	if err != nil {
		if cause := context.Cause(ctx); cause != nil && !errors.Is(err, cause) {
			err = fmt.Errorf("%w: %w", cause, err)
		}
		return nil, &Error{Kind: ErrUnavailable, Status: resp.StatusCode, Reason: "response body cut short", Body: s.body(body), Err: s.error(err)}
	}
	if int64(len(body)) > c.maxBodySize {
		return nil, &Error{Kind: ErrBadResponse, Status: resp.StatusCode, Reason: fmt.Sprintf("response body exceeds %d bytes", c.maxBodySize), Body: s.body(body)}
	}
	return &response{status: resp.StatusCode, body: body}, nil
}
