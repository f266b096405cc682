package exampletest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// client is a browser (cookies kept, an Origin on every POST) or, with
// bearer set, an API client (no cookies, the bearer transport).
type client struct {
	tb     testing.TB
	base   string
	http   *http.Client
	bearer bool
	token  string // bearer mode: the last Auth-Token received
}

func newBrowser(tb testing.TB, base string) *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return newClient(tb, base, &http.Client{Jar: jar})
}

func newAPIClient(tb testing.TB, base string) *client {
	c := newClient(tb, base, &http.Client{})
	c.bearer = true
	return c
}

func newClient(tb testing.TB, base string, hc *http.Client) *client {
	tr := &http.Transport{}
	tb.Cleanup(tr.CloseIdleConnections)
	hc.Transport = tr
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &client{tb: tb, base: base, http: hc}
}

// answer is a response, read whole.
type answer struct {
	what   string // "POST /auth/...", for messages
	status int
	header http.Header
	body   []byte
}

// get sends a GET of path.
func (c *client) get(path string) answer {
	c.tb.Helper()
	return c.do(http.MethodGet, path, nil, "")
}

// post sends v as JSON to path: from origin, as a browser's page there
// does, or from nowhere ("") as an API client does.
func (c *client) post(path string, v any, origin string) answer {
	c.tb.Helper()
	return c.do(http.MethodPost, path, v, origin)
}

func (c *client) do(method, path string, v any, origin string) answer {
	c.tb.Helper()
	var body io.Reader
	if v != nil {
		data, err := json.Marshal(v)
		if err != nil {
			c.tb.Fatal(err)
		}
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		c.tb.Fatal(err)
	}
	if v != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if c.bearer {
		req.Header.Set("Auth-Token-Mode", "bearer")
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.tb.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		c.tb.Fatalf("%s %s: read the answer: %v", method, path, err)
	}
	if t := res.Header.Get("Auth-Token"); t != "" && c.bearer {
		c.token = t
	}
	return answer{what: method + " " + path, status: res.StatusCode, header: res.Header, body: data}
}

// want fails the test unless the answer has status and, when code is not
// "", is Sesame's JSON error of that code.
func (a answer) want(tb testing.TB, status int, code string) {
	tb.Helper()
	if a.status != status {
		tb.Fatalf("%s = %d %s, want %d", a.what, a.status, a.body, status)
	}
	if code == "" {
		return
	}
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") || json.Unmarshal(a.body, &e) != nil || e.Error.Code != code {
		tb.Fatalf("%s = %d %s (%s), want the JSON error %q", a.what, a.status, a.body, a.header.Get("Content-Type"), code)
	}
}

// decode decodes a JSON answer into v.
func (a answer) decode(tb testing.TB, v any) {
	tb.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		tb.Fatalf("%s: %v\n%s", a.what, err, a.body)
	}
}
