package fiberauth

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
)

// adaptorMisses are the raw requests whose net/http translation by fiber's
// own middleware/adaptor (fiber v2.52) differs from what net/http itself
// gives a handler, besides leaving Host in the header map on every
// request: repeated and padded headers and Cookie lines come joined or
// trimmed otherwise, a chunked body gets a made-up ContentLength, close
// requests (Connection: close, HTTP/1.0) do not say Close, and DELETE is
// not answered as net/http answers it. It is why fiberauth translates
// requests itself; its package documentation names them.
var adaptorMisses = []string{"multi-value headers", "several Cookie headers", "chunked body", "HTTP/1.0",
	"padded header value", "Connection: close", "DELETE"}

// TestAdaptorFidelity runs TestRequestTranslation's raw requests through
// fiber's middleware/adaptor and checks that it still misses exactly the
// cases listed in adaptorMisses: if a fiber release fixes them, this test
// says so, and fiberauth can use the library's translation instead.
func TestAdaptorFidelity(t *testing.T) {
	srv, _ := servers(t, "tcp4", fiber.Config{}, nil)
	app := newApp()
	app.Use(adaptor.HTTPHandler(observer))
	viaAdaptor := listen(t, "tcp4", app)
	var misses []string
	for _, tt := range rawRequests {
		want := observe(t, srv, tt.raw)
		got := observeAny(t, viaAdaptor, tt.raw)
		if got != nil {
			delete(got.Header, "Host") // the adaptor leaves Host in the header map, unlike net/http: on every request
		}
		if got == nil || !reflect.DeepEqual(*got, want) {
			misses = append(misses, tt.name)
			if got != nil {
				t.Logf("%s: adaptor's handler saw\n%s\nnet/http's saw\n%s", tt.name, dump(*got), dump(want))
			}
		}
	}
	if !slices.Equal(misses, adaptorMisses) {
		t.Errorf("fiber's adaptor misses %q, want %q", misses, adaptorMisses)
	}
}

// observeAny is observe for a server that may not answer the observer's
// JSON: nil then.
func observeAny(t *testing.T, baseURL, raw string) *seen {
	t.Helper()
	res, body := roundTrip(t, baseURL, raw)
	var s seen
	if res.StatusCode != 200 || json.Unmarshal(body, &s) != nil {
		return nil
	}
	return &s
}
