package lookup

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// failing returns a handler that answers the statuses in turn, then 200 with
// ["CS"], setting Retry-After when retryAfter is not empty.
func failing(retryAfter string, statuses ...int) http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		if i := int(n.Add(1)) - 1; i < len(statuses) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(statuses[i])
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `["CS"]`)
	}
}

func TestRetry(t *testing.T) {
	tests := []struct {
		name       string
		handler    http.HandlerFunc
		opts       []Option
		wantErr    error
		wantWaits  []time.Duration
		wantStatus int // of the final *Error
	}{
		{"500 then success", failing("", 500), nil, nil, []time.Duration{100 * time.Millisecond}, 0},
		{"backoff doubles", failing("", 502, 503, 504), nil, nil,
			[]time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}, 0},
		{"backoff capped", failing("", 500, 500, 500), []Option{WithBackoff(time.Second, 1500*time.Millisecond)}, nil,
			[]time.Duration{time.Second, 1500 * time.Millisecond, 1500 * time.Millisecond}, 0},
		{"retries spent", failing("", 500, 500, 500, 500), nil, ErrUnavailable,
			[]time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}, 500},
		{"no retries", failing("", 503), []Option{WithRetries(0)}, ErrUnavailable, nil, 503},
		{"Retry-After seconds", failing("1", 503), nil, nil, []time.Duration{time.Second}, 0},
		{"Retry-After date", failing("Tue, 14 Feb 2018 10:00:01 GMT", 429), nil, nil, []time.Duration{time.Second}, 0},
		{"Retry-After past date", failing("Tue, 14 Feb 2018 09:00:00 GMT", 503), nil, nil, []time.Duration{100 * time.Millisecond}, 0},
		{"Retry-After junk", failing("soon", 503), nil, nil, []time.Duration{100 * time.Millisecond}, 0},
		{"Retry-After over the limit", failing("3600", 503), nil, ErrUnavailable, nil, 503},
		{"404 not retried", failing("", 404), nil, ErrNotFound, nil, 404},
		{"400 not retried", failing("", 400), nil, nil, nil, 400},
	}
	clock := func() time.Time { return time.Date(2018, 2, 14, 10, 0, 0, 0, time.UTC) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, tt.handler)
			c, w := newTestClient(t, s.URL, append([]Option{WithClock(clock)}, tt.opts...)...)
			_, err := c.Subjects(context.Background())
			if tt.wantErr == nil && tt.wantStatus == 0 && err != nil {
				t.Fatalf("Subjects() = %v, want success", err)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("Subjects() = %v, want %v", err, tt.wantErr)
			}
			var e *Error
			if tt.wantStatus != 0 && (!errors.As(err, &e) || e.StatusCode != tt.wantStatus) {
				t.Errorf("Subjects() = %v, want an *Error with status %d", err, tt.wantStatus)
			}
			if got := w.all(); !slices.Equal(got, tt.wantWaits) {
				t.Errorf("Subjects() waited %v, want %v", got, tt.wantWaits)
			}
			if want := len(tt.wantWaits) + 1; len(s.paths()) != want {
				t.Errorf("Subjects() sent %d requests, want %d", len(s.paths()), want)
			}
		})
	}
}

func TestRetryAfterOnError(t *testing.T) {
	s := serve(t, failing("3600", 503))
	c, _ := newTestClient(t, s.URL)
	_, err := c.Subjects(context.Background())
	var e *Error
	if !errors.As(err, &e) || e.RetryAfter != time.Hour {
		t.Errorf("Subjects() = %v, want an *Error with RetryAfter 1h", err)
	}
}

func TestRetryConnectionRefused(t *testing.T) {
	s := serve(t, failing(""))
	c, w := newTestClient(t, s.URL)
	c.hc.Transport = refusing{}
	_, err := c.Subjects(context.Background())
	var e *Error
	if err == nil || errors.As(err, &e) {
		t.Fatalf("Subjects() = %v, want a connection error", err)
	}
	if n := len(w.all()); n != DefaultRetries {
		t.Errorf("Subjects() waited %d times, want %d", n, DefaultRetries)
	}
}

// refusing is a transport whose every connection is refused.
type refusing struct{}

func (refusing) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("dial tcp 127.0.0.1:1: connect: connection refused")
}

// TestRetryHonoursContext uses the real wait: the context ends it, not the
// hour-long backoff.
func TestRetryHonoursContext(t *testing.T) {
	s := serve(t, failing("", 500, 500))
	t.Run("cancelled while waiting", func(t *testing.T) {
		c, _ := newTestClient(t, s.URL, WithBackoff(time.Hour, time.Hour))
		ctx, cancel := context.WithCancel(context.Background())
		c.sleep = func(ctx context.Context, d time.Duration) error {
			cancel()
			return sleepContext(ctx, d)
		}
		_, err := c.Subjects(ctx)
		if !errors.Is(err, context.Canceled) || !errors.Is(err, ErrUnavailable) {
			t.Errorf("Subjects() = %v, want %v and %v", err, context.Canceled, ErrUnavailable)
		}
	})
	t.Run("deadline before the wait ends", func(t *testing.T) {
		c, _ := newTestClient(t, s.URL, WithBackoff(time.Hour, time.Hour), WithTimeout(time.Minute))
		c.sleep = sleepContext
		_, err := c.Subjects(context.Background())
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrUnavailable) {
			t.Errorf("Subjects() = %v, want %v and %v", err, context.DeadlineExceeded, ErrUnavailable)
		}
	})
	t.Run("already cancelled", func(t *testing.T) {
		c, w := newTestClient(t, s.URL)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := c.Subjects(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("Subjects() = %v, want %v", err, context.Canceled)
		}
		if n := len(w.all()); n != 0 {
			t.Errorf("Subjects() waited %d times, want 0", n)
		}
	})
}

func TestEqualJitter(t *testing.T) {
	for _, d := range []time.Duration{0, 1, 2, time.Second} {
		for range 100 {
			if got := equalJitter(d); got < d/2 || got > d {
				t.Fatalf("equalJitter(%v) = %v, want within [%v, %v]", d, got, d/2, d)
			}
		}
	}
}

func TestRetryAfterParse(t *testing.T) {
	now := time.Date(2018, 2, 14, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"0", 0}, {"120", 2 * time.Minute}, {" 5 ", 5 * time.Second},
		{"-5", 0}, {"1.5", 0}, {"99999999999999999999", maxRetryAfter},
		{"Wed, 14 Feb 2018 10:01:00 GMT", time.Minute}, {"Wed, 14 Feb 2018 09:00:00 GMT", 0},
		{"Wed, 14 Feb 2118 10:00:00 GMT", maxRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := retryAfter(tt.in, now); got != tt.want {
				t.Errorf("retryAfter(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}
