package breachtest

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// DefaultPadding is how many padding lines [NewServer]'s server adds to an
// answer requested with Add-Padding: true. The real service pads to 800
// to 1,000 lines; fewer keep tests fast.
const DefaultPadding = 20

// Server is a fake range API: GET /range/{5 hex digits} answers
// SUFFIX:COUNT lines for the passwords it knows, sorted by suffix, joined
// by CRLF like the real service, plus padding lines of count 0 when the
// request has Add-Padding: true. Its methods are safe for concurrent use.
type Server struct {
	// Server is the running httptest server; use its URL as the base URL.
	*httptest.Server

	mu       sync.Mutex
	counts   map[string]int // upper-case SHA-1 hex of a password -> count
	requests []Request
	eol      string
	lower    bool
	padding  int
	handler  http.Handler
}

// Request is a request the server received, as it arrived.
type Request struct {
	// Method is the HTTP method.
	Method string
	// RequestURI is the request target exactly as sent.
	RequestURI string
	// Path is the target's decoded path.
	Path string
	// RawQuery is the target's query, without the '?'.
	RawQuery string
	// Header holds every header received.
	Header http.Header
	// Body is the request body, read up to 1 MiB.
	Body []byte
}

// NewServer starts a fake range API that knows the breached passwords,
// each with count 1 (a password given twice has count 2), and closes it
// when the test ends.
func NewServer(tb testing.TB, breached ...string) *Server {
	tb.Helper()
	s := &Server{counts: map[string]int{}, eol: "\r\n", padding: DefaultPadding}
	for _, p := range breached {
		s.Add(p, 1)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// Add adds count sightings of password. A password added with count 0
// only is answered as a padding line: its suffix, count 0.
func (s *Server) Add(password string, count int) {
	h := Hash(password)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[h] += count
}

// Requests returns the requests received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// SetLineEnding sets what ends lines in answers: "\r\n" (the default, as
// the real service) or "\n".
func (s *Server) SetLineEnding(eol string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.eol = eol
}

// SetLowercase makes answers use lower-case hex digits.
func (s *Server) SetLowercase(lower bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lower = lower
}

// SetPadding sets how many padding lines an answer requested with
// Add-Padding: true gets ([DefaultPadding] by default).
func (s *Server) SetPadding(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.padding = n
}

// SetHandler makes h answer requests instead of the fake range API (to
// fail, stall or misbehave); nil restores it. Requests are still
// recorded, and h may call [Server.ServeRange].
func (s *Server) SetHandler(h http.Handler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handler = h
}

// Hash returns the upper-case hex SHA-1 of password, as the range API
// indexes it.
func Hash(password string) string {
	sum := sha1.Sum([]byte(password))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	s.mu.Lock()
	s.requests = append(s.requests, Request{
		Method:     r.Method,
		RequestURI: r.RequestURI,
		Path:       r.URL.Path,
		RawQuery:   r.URL.RawQuery,
		Header:     r.Header.Clone(),
		Body:       body,
	})
	h := s.handler
	s.mu.Unlock()
	if h != nil {
		h.ServeHTTP(w, r)
		return
	}
	s.ServeRange(w, r)
}

// ServeRange answers r as the fake range API does.
func (s *Server) ServeRange(w http.ResponseWriter, r *http.Request) {
	prefix, ok := strings.CutPrefix(r.URL.Path, "/range/")
	if r.Method != http.MethodGet || !ok || len(prefix) != 5 || !isHex(prefix) {
		http.Error(w, "The hash prefix was not in a valid format", http.StatusBadRequest)
		return
	}
	prefix = strings.ToUpper(prefix)

	s.mu.Lock()
	lines := map[string]int{} // suffix -> count
	for h, n := range s.counts {
		if strings.HasPrefix(h, prefix) {
			lines[h[5:]] = n
		}
	}
	if r.Header.Get("Add-Padding") == "true" {
		for i := range s.padding {
			// Deterministic fake suffixes, as the service makes random ones.
			suffix := Hash(fmt.Sprintf("breachtest padding %s %d", prefix, i))[5:]
			if _, taken := lines[suffix]; !taken {
				lines[suffix] = 0
			}
		}
	}
	eol, lower := s.eol, s.lower
	s.mu.Unlock()

	var b strings.Builder
	for i, suffix := range slices.Sorted(maps.Keys(lines)) {
		if i > 0 {
			b.WriteString(eol)
		}
		n := lines[suffix]
		if lower {
			suffix = strings.ToLower(suffix)
		}
		fmt.Fprintf(&b, "%s:%d", suffix, n)
	}
	w.Header().Set("Content-Type", "text/plain")
	io.WriteString(w, b.String())
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return false
		}
	}
	return true
}
