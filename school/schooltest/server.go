package schooltest

import (
	"net/http/httptest"
	"testing"

	"github.com/sesame-go/sesame/school/schooldemo"
)

// NewServer starts a [Handler] on a local address for the duration of the
// test and returns it; pass its URL as base URL to school.New. The server
// is closed when the test and its subtests end.
func NewServer(tb testing.TB) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(schooldemo.Handler{})
	tb.Cleanup(srv.Close)
	return srv
}
