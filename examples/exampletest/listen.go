package exampletest

import (
	"net"
	"testing"
)

// Listen listens on a free port of the loopback address until the test
// ends, and returns the listener and the base URL it is reached at, the
// one to give the program (whose auth base URL is it and /auth).
func Listen(tb testing.TB) (net.Listener, string) {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("listen: %v", err)
	}
	tb.Cleanup(func() { ln.Close() })
	return ln, "http://" + ln.Addr().String()
}
