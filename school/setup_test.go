package school

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Secrets the tests look for in every output. testPassword holds characters
// that the query string escapes, so that escaped echoes are covered too.
const (
	testToken    = "test-api-token-0123456789"
	testPassword = "pa ss&word=1/ü"
	testUserID   = "demo"
	testSchoolID = 11
)

// answer is what a test server sends back.
type answer struct {
	status      int
	contentType string
	body        []byte
}

// recorder keeps the requests a test server received.
type recorder struct {
	mu   sync.Mutex
	reqs []*http.Request
}

func (r *recorder) add(req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, req.Clone(req.Context()))
}

// requests returns the requests received so far.
func (r *recorder) requests() []*http.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*http.Request(nil), r.reqs...)
}

// setup starts a server that gives every request the answer a and returns
// a client for it, with opts, and the server's record of requests.
func setup(tb testing.TB, a answer, opts ...Option) (*Client, *recorder) {
	tb.Helper()
	rec := &recorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		if a.contentType != "" {
			w.Header().Set("Content-Type", a.contentType)
		}
		w.WriteHeader(a.status)
		_, _ = w.Write(a.body)
	}))
	tb.Cleanup(srv.Close)
	return newTestClient(tb, srv.URL, opts...), rec
}

// serve starts a server running h and returns a client for it.
func serve(tb testing.TB, h http.HandlerFunc, opts ...Option) *Client {
	tb.Helper()
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	return newTestClient(tb, srv.URL, opts...)
}

// newTestClient returns a client with the test token and school id.
func newTestClient(tb testing.TB, baseURL string, opts ...Option) *Client {
	tb.Helper()
	c, err := New(baseURL, testToken, testSchoolID, opts...)
	if err != nil {
		tb.Fatalf("New(%q) = %v, want no error", baseURL, err)
	}
	return c
}

// testdata returns the content of a file in testdata/.
func testdata(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// roundTripFunc is an http.RoundTripper made of a function, for tests that
// look at the request as the transport gets it.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
