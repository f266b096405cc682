package site

import (
	"bytes"
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// output is a safe buffer for a site's logs and mail.
type output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// newApp builds an app on a SQLite file of the test, with cfg's other
// settings and opts, and closes it when the test ends.
func newApp(t *testing.T, cfg Config, opts ...Option) (*App, *output) {
	t.Helper()
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://app.test"
	}
	cfg.Database = filepath.Join(t.TempDir(), "app.db")
	if cfg.BreachURL == "" {
		cfg.BreachURL = BreachOff // no test reaches the network
	}
	out := &output{}
	s, err := New(context.Background(), cfg, out, opts...)
	if err != nil {
		t.Fatalf("New = %v\n%s", err, out)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close = %v", err)
		}
	})
	return s, out
}

// clock is a settable time for the Sesame instance (auth.WithClock).
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
