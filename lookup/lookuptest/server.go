package lookuptest

import (
	"net/http/httptest"
	"testing"

	"github.com/sesame-go/sesame/lookup"
)

// NewServer starts a test server over the sample catalogue and closes it when
// the test ends. Its URL is the base URL to give [lookup.New].
func NewServer(tb testing.TB) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(lookup.Handler())
	tb.Cleanup(srv.Close)
	return srv
}

// NewClient starts a server as [NewServer] does and returns a client for it,
// made with opts after the server's own HTTP client. It fails the test if
// the options are invalid.
func NewClient(tb testing.TB, opts ...lookup.Option) *lookup.Client {
	tb.Helper()
	srv := NewServer(tb)
	c, err := lookup.New(srv.URL, append([]lookup.Option{lookup.WithHTTPClient(srv.Client())}, opts...)...)
	if err != nil {
		tb.Fatalf("lookup.New(%q) = %v", srv.URL, err)
	}
	return c
}
