package authtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Client is an HTTP client for tests of an auth server: it keeps cookies
// like a browser, sends the Origin of [BaseURL] with every request, and in
// bearer mode keeps the Auth-Token it is given instead.
type Client struct {
	tb     testing.TB
	base   string
	http   *http.Client
	Origin string
	// Bearer switches to the bearer transport: requests send
	// Auth-Token-Mode: bearer and the last token received.
	Bearer bool
	Token  string
	// idle, set by NewClient, waits until the server's handlers returned.
	idle func()
}

// NewClient serves h on a local server for the test's duration and
// returns a client of it. Each of the client's requests returns once the
// server's handlers are done: a server sends its messages after its
// answer, and a test reads them next.
func NewClient(tb testing.TB, h http.Handler) *Client {
	tb.Helper()
	tracked, idle := Tracked(h)
	srv := httptest.NewServer(tracked)
	tb.Cleanup(srv.Close)
	c := ClientOf(tb, srv.URL)
	c.idle = idle
	return c
}

// Tracked wraps h for a test's own server: idle returns once every
// request the server is serving has returned from h. A server sends its
// messages after its answer, and a test reads them next.
func Tracked(h http.Handler) (tracked http.Handler, idle func()) {
	var mu sync.Mutex
	done := sync.NewCond(&mu)
	busy := 0
	tracked = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		busy++
		mu.Unlock()
		defer func() {
			mu.Lock()
			busy--
			done.Broadcast()
			mu.Unlock()
		}()
		h.ServeHTTP(w, r)
	})
	return tracked, func() {
		mu.Lock()
		defer mu.Unlock()
		for busy > 0 {
			done.Wait()
		}
	}
}

// ClientOf returns a client of a server already listening at baseURL.
func ClientOf(tb testing.TB, baseURL string) *Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return &Client{tb: tb, base: strings.TrimSuffix(baseURL, "/"), http: &http.Client{Jar: jar}, Origin: "http://sesame.test"}
}

// BaseURL returns the server's base URL.
func (c *Client) BaseURL() string { return c.base }

// Response is a server's answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Get sends a GET.
func (c *Client) Get(path string) *Response { return c.Do(http.MethodGet, path, nil, nil) }

// Post sends a POST of body as JSON (nil sends no body).
func (c *Client) Post(path string, body any) *Response {
	return c.Do(http.MethodPost, path, body, nil)
}

// Do sends a request with a JSON body (raw when body is a []byte or
// string) and extra headers, and reads the answer.
func (c *Client) Do(method, path string, body any, header http.Header) *Response {
	c.tb.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			c.tb.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, r)
	if err != nil {
		c.tb.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Origin != "" {
		req.Header.Set("Origin", c.Origin)
	}
	if c.Bearer {
		req.Header.Set("Auth-Token-Mode", "bearer")
		if c.Token != "" {
			req.Header.Set("Authorization", "Bearer "+c.Token)
		}
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		c.tb.Fatalf("%s %s: read: %v", method, path, err)
	}
	if t := res.Header.Get("Auth-Token"); t != "" && c.Bearer {
		c.Token = t
	}
	if c.idle != nil {
		c.idle()
	}
	return &Response{Status: res.StatusCode, Header: res.Header, Body: data}
}

// Decode unmarshals the body into v, failing the test on error.
func (r *Response) Decode(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		tb.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorCode returns the code of an error answer's default body, or "".
func (r *Response) ErrorCode() string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(r.Body, &e)
	return e.Error.Code
}
