package sitetest

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/password/breach/breachtest"
)

// waitLimit bounds every wait for the app: a wedged app fails the test
// instead of hanging it.
const waitLimit = 30 * time.Second

// Console is the app's standard output under test: it keeps everything
// written, mail included, and lets a test wait for a line. It is safe for
// concurrent use.
type Console struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	wake chan struct{} // closed at the next write
}

// Write implements io.Writer.
func (c *Console) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Write(p)
	if c.wake != nil {
		close(c.wake)
		c.wake = nil
	}
	return len(p), nil
}

// String returns everything written so far.
func (c *Console) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// wait returns the submatches of re once the output matches it. It gives
// up when stop delivers (the app ended) or after waitLimit.
func (c *Console) wait(re *regexp.Regexp, stop <-chan error) ([]string, error) {
	limit := time.NewTimer(waitLimit)
	defer limit.Stop()
	for {
		c.mu.Lock()
		m := re.FindStringSubmatch(c.buf.String())
		if m == nil && c.wake == nil {
			c.wake = make(chan struct{})
		}
		wake := c.wake
		c.mu.Unlock()
		if m != nil {
			return m, nil
		}
		select {
		case <-wake:
		case err := <-stop:
			return nil, errEnded{err}
		case <-limit.C:
			return nil, context.DeadlineExceeded
		}
	}
}

type errEnded struct{ err error }

func (e errEnded) Error() string {
	if e.err == nil {
		return "the app ended before it listened"
	}
	return "the app ended before it listened: " + e.err.Error()
}

// BreachedPassword is the password the breach check of an app started by
// [Start] finds in breaches. It is on no list of common passwords: only
// the breach check can refuse it.
const BreachedPassword = "Tr0ub4dor&3 horse"

// Server is a starter running for a test.
type Server struct {
	// URL is the app's base URL, such as http://127.0.0.1:40213.
	URL string
	// Console is the app's standard output: logs and mail.
	Console *Console

	run  Run
	args []string // the arguments the app runs with
}

// Command runs the starter once more, to completion, with the server's
// arguments followed by more (such as "-make-admin", an address): a
// command that works on the server's database. It returns what the
// command printed.
func (s *Server) Command(ctx context.Context, more ...string) (string, error) {
	var out Console
	err := s.run(ctx, append(append([]string(nil), s.args...), more...), &out)
	return out.String(), err
}

// Run is a starter's main without the process: it serves until ctx ends,
// then shuts down and returns.
type Run func(ctx context.Context, args []string, stdout io.Writer) error

// Start runs a starter on a free port of 127.0.0.1 (args come after
// "-addr 127.0.0.1:0 -breach-url URL"; pass "-db" with a file in
// t.TempDir()) and returns once it listens. The breach check asks an
// in-process fake of the Pwned Passwords range API (package breachtest),
// which knows [BreachedPassword], so that no test reaches the network. When the test ends it stops the app, waits for run to
// return and fails the test if run returned an error, so no goroutine
// outlives the test.
func Start(t testing.TB, run Run, args ...string) *Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	console := &Console{}
	done := make(chan error, 1)
	breached := breachtest.NewServer(t, BreachedPassword)
	args = append([]string{"-addr", "127.0.0.1:0", "-breach-url", breached.URL}, args...)
	go func() { done <- run(ctx, args, console) }()
	ended := false
	t.Cleanup(func() {
		cancel()
		if ended {
			return
		}
		if err := <-done; err != nil {
			t.Errorf("run after shutdown = %v, want nil\n%s", err, console)
		}
	})
	m, err := console.wait(regexp.MustCompile(`listening on \S+, open (\S+)\n`), done)
	if err != nil {
		_, ended = err.(errEnded)
		t.Fatalf("starting the app: %v\n%s", err, console)
	}
	return &Server{URL: m[1], Console: console, run: run, args: args}
}
