package test

import (
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// The helpers in this file are those of package fiberauth's own tests
// (fiberauth/server_test.go), which tests in another module cannot reach.

// listen serves app on a new port of network's loopback address ("tcp4"
// or "tcp6") until tb ends, and returns its base URL. The cleanup shuts
// the server down and waits for it to stop serving.
func listen(tb testing.TB, network string, app *fiber.App) string {
	tb.Helper()
	addr := "127.0.0.1:0"
	if network == "tcp6" {
		addr = "[::1]:0"
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		tb.Fatalf("listen: %v", err)
	}
	// fasthttp's worker pool notices a shutdown when its cleaner wakes,
	// every MaxIdleWorkerDuration (10s by default): wake it often, so that
	// its goroutine ends soon after the test.
	app.Server().MaxIdleWorkerDuration = 50 * time.Millisecond
	done := make(chan error, 1)
	go func() { done <- app.Listener(ln) }()
	tb.Cleanup(func() {
		if err := app.ShutdownWithTimeout(5 * time.Second); err != nil {
			tb.Errorf("fiber shutdown: %v", err)
		}
		ln.Close() // stops a server that had not started serving yet
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, net.ErrClosed) {
				tb.Errorf("fiber server: %v", err)
			}
		case <-time.After(5 * time.Second):
			tb.Errorf("fiber server still serving 5s after shutdown")
		}
	})
	return "http://" + ln.Addr().String()
}

// newFiber returns a fiber app that prints nothing at start.
func newFiber(cfg ...fiber.Config) *fiber.App {
	c := fiber.Config{}
	if len(cfg) > 0 {
		c = cfg[0]
	}
	c.DisableStartupMessage = true
	return fiber.New(c)
}

// TestMain fails the run when a goroutine outlives the tests: every fiber
// server must have been shut down, every client and pool closed.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 {
		if left := leftGoroutines(5 * time.Second); left != "" {
			fmt.Fprintf(os.Stderr, "goroutines outlived the tests:\n%s\n", left)
			code = 1
		}
	}
	os.Exit(code)
}

// lifelong mark goroutines that live as long as the process by design:
// fasthttp refreshes its Date header every second from the first answer
// on; os/signal's loop runs once anything asks for signals; and
// goroutines started by the main goroutine, in package initialization,
// serve package variables.
var lifelong = []string{"fasthttp.updateServerDate", "os/signal.loop", " in goroutine 1\n"}

// leftGoroutines waits up to wait for every goroutine but this one and the
// lifelong ones to end, and returns the stacks of those that did not.
func leftGoroutines(wait time.Duration) string {
	deadline := time.Now().Add(wait)
	for {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		var left []string
		for i, g := range strings.Split(string(buf), "\n\n") {
			if i == 0 || g == "" || containsAny(g, lifelong) {
				continue // i == 0 is this goroutine
			}
			left = append(left, g)
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return strings.Join(left, "\n\n")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
