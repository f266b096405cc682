package jose

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// jwksServer serves a JWK Set the test changes, counting requests.
type jwksServer struct {
	*httptest.Server
	mu       sync.Mutex
	body     string
	status   int
	requests int
	accept   string
	// block, when set, holds requests until closed; entered is told of
	// each request first.
	block   chan struct{}
	entered chan struct{}
}

func newJWKSServer(t *testing.T, keys ...Key) *jwksServer {
	t.Helper()
	s := &jwksServer{status: http.StatusOK}
	s.setKeys(t, keys...)
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests++
		s.accept = r.Header.Get("Accept")
		body, status, block, entered := s.body, s.status, s.block, s.entered
		s.mu.Unlock()
		if entered != nil {
			entered <- struct{}{}
		}
		if block != nil {
			select {
			case <-block:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *jwksServer) setKeys(t *testing.T, keys ...Key) {
	t.Helper()
	data, err := Keys(keys).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	s.set(string(data), http.StatusOK)
}

func (s *jwksServer) set(body string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.body, s.status = body, status
}

func (s *jwksServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

// find looks kid up and checks the outcome and the number of requests so far.
func find(t *testing.T, ks *KeySet, s *jwksServer, kid string, wantErr error, wantRequests int) {
	t.Helper()
	k, err := ks.FindKey(t.Context(), kid, RS256)
	if !errors.Is(err, wantErr) || (err == nil) != (wantErr == nil) {
		t.Fatalf("FindKey(%q) = %v, want %v", kid, err, wantErr)
	}
	if err == nil && k.ID() != kid {
		t.Fatalf("FindKey(%q) = key %q", kid, k.ID())
	}
	if got := s.count(); got != wantRequests {
		t.Fatalf("after FindKey(%q): %d requests, want %d", kid, got, wantRequests)
	}
}

func TestKeySetCachesAndRotates(t *testing.T) {
	a := publicKey(t, "a", signer(RS256))
	b := publicKey(t, "b", signer("other"))
	s := newJWKSServer(t, a)
	c := newClock(testNow)
	ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(c.Now))

	find(t, ks, s, "a", nil, 1)
	find(t, ks, s, "a", nil, 1) // cached
	if s.accept == "" || !strings.Contains(s.accept, "json") {
		t.Errorf("Accept = %q, want JSON", s.accept)
	}

	// The provider rotates: b replaces a. A token naming b refetches.
	s.setKeys(t, b)
	find(t, ks, s, "b", nil, 2)
	find(t, ks, s, "a", ErrUnknownKey, 2) // a is gone; refetched less than a minute ago

	// Unknown kids refetch at most once a minute.
	c.Advance(30 * time.Second)
	find(t, ks, s, "z", ErrUnknownKey, 2)
	c.Advance(31 * time.Second)
	find(t, ks, s, "z", ErrUnknownKey, 3)
	find(t, ks, s, "y", ErrUnknownKey, 3)
	find(t, ks, s, "b", nil, 3)

	// Keys no older than the max age are used as they are, then fetched.
	c.Advance(59 * time.Minute)
	find(t, ks, s, "b", nil, 3)
	c.Advance(time.Minute)
	find(t, ks, s, "b", nil, 4)
}

func TestKeySetMaxAge(t *testing.T) {
	s := newJWKSServer(t, publicKey(t, "a", signer(RS256)))
	c := newClock(testNow)
	ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(c.Now), WithMaxAge(10*time.Minute))
	find(t, ks, s, "a", nil, 1)
	c.Advance(10*time.Minute - time.Second)
	find(t, ks, s, "a", nil, 1)
	c.Advance(time.Second)
	find(t, ks, s, "a", nil, 2)
}

func TestKeySetFetchErrors(t *testing.T) {
	a := publicKey(t, "a", signer(RS256))
	valid, err := Keys{a}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	padded := func(n int) string { return strings.Repeat(" ", n-len(valid)) + string(valid) }
	tests := []struct {
		name   string
		body   string
		status int
		want   error
	}{
		{"1 MiB", padded(maxKeySetSize), http.StatusOK, nil},
		{"over 1 MiB", padded(maxKeySetSize + 1), http.StatusOK, ErrFetch},
		{"status 500", string(valid), http.StatusInternalServerError, ErrFetch},
		{"status 404", string(valid), http.StatusNotFound, ErrFetch},
		{"status 204", "", http.StatusNoContent, ErrFetch},
		{"not JSON", "<html>", http.StatusOK, ErrFetch},
		{"not a JWK Set", `[` + string(valid) + `]`, http.StatusOK, ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newJWKSServer(t)
			s.set(tt.body, tt.status)
			c := newClock(testNow)
			ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(c.Now))
			find(t, ks, s, "a", tt.want, 1)
			if tt.want == nil {
				return
			}
			// A failed fetch is not retried for a minute, and its error
			// is answered meanwhile.
			find(t, ks, s, "a", tt.want, 1)
			c.Advance(time.Minute)
			s.setKeys(t, a)
			find(t, ks, s, "a", nil, 2)
		})
	}

	t.Run("unreachable", func(t *testing.T) {
		s := newJWKSServer(t)
		s.Close()
		ks := NewKeySet(s.URL, WithHTTPClient(s.Client()))
		if _, err := ks.FindKey(t.Context(), "a", RS256); !errors.Is(err, ErrFetch) {
			t.Fatalf("FindKey(unreachable) = %v, want %v", err, ErrFetch)
		}
	})
	t.Run("bad URL", func(t *testing.T) {
		ks := NewKeySet("://jwks")
		if _, err := ks.FindKey(t.Context(), "a", RS256); !errors.Is(err, ErrFetch) {
			t.Fatalf("FindKey(bad URL) = %v, want %v", err, ErrFetch)
		}
	})
}

// When the provider fails, the keys at hand keep working.
func TestKeySetKeepsKeysWhenFetchFails(t *testing.T) {
	s := newJWKSServer(t, publicKey(t, "a", signer(RS256)))
	c := newClock(testNow)
	ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(c.Now))
	find(t, ks, s, "a", nil, 1)
	s.set("down", http.StatusServiceUnavailable)
	c.Advance(2 * time.Hour)
	find(t, ks, s, "a", nil, 2)      // stale, refetch failed, still answers
	find(t, ks, s, "b", ErrFetch, 2) // an unknown kid tells of the failure
	c.Advance(time.Minute)
	find(t, ks, s, "a", nil, 3) // tried again after a minute
}

func TestKeySetConcurrent(t *testing.T) {
	s := newJWKSServer(t, publicKey(t, "a", signer(RS256)), publicKey(t, "e", signer(ES256)))
	ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(newClock(testNow).Now))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 64 {
		wg.Go(func() {
			kid, alg := "a", RS256
			switch i % 3 {
			case 1:
				kid, alg = "e", ES256
			case 2:
				kid = "unknown"
			}
			_, err := ks.FindKey(context.Background(), kid, alg)
			if (err != nil) != (kid == "unknown") {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("FindKey = %v", err)
	}
	// One fetch, plus one for the first unknown kid.
	if got := s.count(); got != 2 {
		t.Errorf("%d requests, want 2", got)
	}
}

// A caller waiting for another's fetch gives up with its context, and a
// fetch its caller abandoned does not hold the next one back.
func TestKeySetContext(t *testing.T) {
	s := newJWKSServer(t, publicKey(t, "a", signer(RS256)))
	ks := NewKeySet(s.URL, WithHTTPClient(s.Client()), WithClock(newClock(testNow).Now))
	block, entered := make(chan struct{}), make(chan struct{}, 1)
	s.mu.Lock()
	s.block, s.entered = block, entered
	s.mu.Unlock()

	ctx, cancel := context.WithCancel(t.Context())
	first := make(chan error, 1)
	go func() {
		_, err := ks.FindKey(ctx, "a", RS256)
		first <- err
	}()
	<-entered // the first caller is fetching, holding the lock

	waiting, cancelWaiting := context.WithCancel(t.Context())
	cancelWaiting()
	if _, err := ks.FindKey(waiting, "a", RS256); !errors.Is(err, context.Canceled) {
		t.Fatalf("FindKey(cancelled, while another fetches) = %v, want %v", err, context.Canceled)
	}

	cancel() // the first caller gives up
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("FindKey(cancelled while fetching) = %v, want %v", err, context.Canceled)
	}
	s.mu.Lock()
	s.block, s.entered = nil, nil
	s.mu.Unlock()
	close(block)
	find(t, ks, s, "a", nil, 2)
}
