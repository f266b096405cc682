package lookup

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// recorded maps the routes setup serves to files in testdata/, shaped like
// the real captures (reference facts §1.3); "null" is served as is, the
// service's answer for an unknown course or building.
var recorded = map[string]string{
	"/courses/CS/161":           "course_cs_161.json",
	"/courses/CS/999":           "null",
	"/courses/ANS/311":          "course_2016.json",
	"/courses":                  "courses.json",
	"/courses/CS":               "courses_cs.json",
	"/subjects":                 "subjects.json",
	"/buildings":                "buildings.json",
	"/buildings/KEC":            "building_kec.json",
	"/buildings/WGrn":           "building_wgrn.json",
	"/buildings/NOPE":           "null",
	"/search/courses/nutrition": "search_courses_nutrition.json",
	"/search/buildings/Kelley":  "search_buildings_kelley.json",
	"/search/courses/zzz":       "[]",
	"/search/courses/C++%20":    "[]",
}

// server records the requests a test server received.
type server struct {
	URL string

	mu       sync.Mutex
	requests []*http.Request
}

func (s *server) record(r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r.Clone(context.Background()))
}

// paths returns the escaped paths requested, in order.
func (s *server) paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var paths []string
	for _, r := range s.requests {
		paths = append(paths, r.URL.EscapedPath())
	}
	return paths
}

// serve starts a test server running h, recording every request.
func serve(tb testing.TB, h http.HandlerFunc) *server {
	tb.Helper()
	s := &server{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.record(r)
		h(w, r)
	}))
	tb.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// setup serves the recorded answers in testdata/ as the service would, an
// unknown route as 404 with an empty JSON body, and returns a client for
// them.
func setup(tb testing.TB, opts ...Option) (*Client, *server) {
	tb.Helper()
	s := serve(tb, func(w http.ResponseWriter, r *http.Request) {
		name, ok := recorded[r.URL.EscapedPath()]
		if !ok {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		body := []byte(name)
		if filepath.Ext(name) == ".json" {
			var err error
			if body, err = os.ReadFile(filepath.Join("testdata", name)); err != nil {
				tb.Errorf("reading %s: %v", name, err)
			}
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(body)
	})
	c, _ := newTestClient(tb, s.URL, opts...)
	return c, s
}

// waits records the waits a client asked for between retries, without
// waiting.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.d = append(w.d, d)
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

// newTestClient returns a client for baseURL that never sleeps between
// retries and has no jitter; the waits it asks for are recorded in w.
func newTestClient(tb testing.TB, baseURL string, opts ...Option) (c *Client, w *waits) {
	tb.Helper()
	c, err := New(baseURL, append([]Option{WithBackoff(100*time.Millisecond, 2*time.Second)}, opts...)...)
	if err != nil {
		tb.Fatalf("New(%q) = %v", baseURL, err)
	}
	w = &waits{}
	c.sleep = w.sleep
	c.jitter = func(d time.Duration) time.Duration { return d }
	return c, w
}
