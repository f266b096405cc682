package site

import (
	"bytes"
	"context"
	"path/filepath"
	"sync"
	"testing"
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
// settings, and closes it when the test ends.
func newApp(t *testing.T, cfg Config) (*App, *output) {
	t.Helper()
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://app.test"
	}
	cfg.Database = filepath.Join(t.TempDir(), "app.db")
	if cfg.BreachURL == "" {
		cfg.BreachURL = BreachOff // no test reaches the network
	}
	out := &output{}
	s, err := New(context.Background(), cfg, out)
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
