package school

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// successBody is a valid answer for servers that end up answering.
const successBody = `{"message":{"success":"Loaded!"}}`

// authenticate calls c.Authenticate with the test credentials and checks
// that the result is an error of kind want that shows no secret.
func authenticate(tb testing.TB, c *Client, ctx context.Context, want error) *Error {
	tb.Helper()
	got, err := c.Authenticate(ctx, testUserID, testPassword)
	if got != nil || !errors.Is(err, want) {
		tb.Fatalf("Authenticate(%q) = %v, %v, want nil, %v", testUserID, got, err, want)
	}
	var e *Error
	if !errors.As(err, &e) {
		tb.Fatalf("Authenticate(%q) = %T, want *Error", testUserID, err)
	}
	checkNoSecret(tb, "Authenticate error", err.Error())
	checkNoSecret(tb, "Authenticate error body", string(e.Body))
	return e
}

func TestHugeBody(t *testing.T) {
	tests := []struct {
		name  string
		opts  []Option
		size  int
		isErr bool
	}{
		{name: "at the default limit", size: defaultMaxBodySize},
		{name: "past the default limit", size: defaultMaxBodySize + 1, isErr: true},
		{name: "at a set limit", opts: []Option{WithMaxBodySize(64)}, size: 64},
		{name: "past a set limit", opts: []Option{WithMaxBodySize(64)}, size: 65, isErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A valid envelope padded with white space up to the size.
			body := []byte(successBody)
			body = append(body, bytes.Repeat([]byte(" "), tt.size-len(body))...)
			c, _ := setup(t, answer{status: 200, body: body}, tt.opts...)
			if !tt.isErr {
				if _, err := c.Authenticate(context.Background(), testUserID, testPassword); err != nil {
					t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
				}
				return
			}
			e := authenticate(t, c, context.Background(), ErrBadResponse)
			if len(e.Body) > errorBodyLimit {
				t.Errorf("Authenticate(%q) error body has %d bytes, want at most %d", testUserID, len(e.Body), errorBodyLimit)
			}
		})
	}
}

func TestEndlessBody(t *testing.T) {
	c := serve(t, func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte("x"), 32<<10)
		for {
			if _, err := w.Write(chunk); err != nil {
				return // the client stopped reading
			}
		}
	})
	authenticate(t, c, context.Background(), ErrBadResponse)
}

func TestBodyCutShort(t *testing.T) {
	c := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		_, _ = w.Write([]byte(`{"message":{"succ`))
		// Returning early makes the server close the connection.
	})
	e := authenticate(t, c, context.Background(), ErrUnavailable)
	if e.Status != 200 {
		t.Errorf("Authenticate(%q) status = %d, want 200", testUserID, e.Status)
	}
}

func TestConnectionDropped(t *testing.T) {
	c := serve(t, func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	authenticate(t, c, context.Background(), ErrUnavailable)
}

// TestSlowBody cancels the caller's context once the server has sent the
// headers and part of the body and then stalls: the call must end with the
// context's error, without any timer.
func TestSlowBody(t *testing.T) {
	stalled := make(chan struct{})
	c := serve(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"message":`))
		_ = http.NewResponseController(w).Flush()
		close(stalled)
		<-r.Context().Done()
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stalled
		cancel()
	}()
	e := authenticate(t, c, ctx, ErrUnavailable)
	if !errors.Is(e, context.Canceled) {
		t.Errorf("Authenticate(%q) = %v, want it to match context.Canceled", testUserID, e)
	}
}

func TestExpiredContext(t *testing.T) {
	tests := []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"cancelled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}, context.Canceled},
		{"deadline passed", func() (context.Context, context.CancelFunc) {
			return context.WithDeadline(context.Background(), time.Unix(0, 0))
		}, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, rec := setup(t, answer{status: 200, body: []byte(successBody)})
			ctx, cancel := tt.ctx()
			defer cancel()
			e := authenticate(t, c, ctx, ErrUnavailable)
			if !errors.Is(e, tt.want) {
				t.Errorf("Authenticate(%q) = %v, want it to match %v", testUserID, e, tt.want)
			}
			if n := len(rec.requests()); n != 0 {
				t.Errorf("server got %d requests, want none", n)
			}
		})
	}
}

// TestTimeout checks that the request carries the deadline of WithTimeout,
// which bounds the body too, or the caller's when it is sooner. It reads
// the deadline, so no timer runs.
func TestTimeout(t *testing.T) {
	tests := []struct {
		name          string
		opts          []Option
		callerTimeout time.Duration // 0: none
		want          time.Duration
	}{
		{name: "default", want: defaultTimeout},
		{name: "set", opts: []Option{WithTimeout(2 * time.Hour)}, want: 2 * time.Hour},
		{name: "sooner caller deadline", opts: []Option{WithTimeout(5 * time.Hour)}, callerTimeout: time.Hour, want: time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var deadline time.Time
			var ok bool
			hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
				deadline, ok = r.Context().Deadline()
				return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader(successBody))}, nil
			})}
			c := newTestClient(t, "https://demo.smartclass.tech", append(tt.opts, WithHTTPClient(hc))...)
			ctx := context.Background()
			if tt.callerTimeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.callerTimeout)
				defer cancel()
			}
			if _, err := c.Authenticate(ctx, testUserID, testPassword); err != nil {
				t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
			}
			// A minute of slack: the test only fails if it stalls that long.
			if left := time.Until(deadline); !ok || left > tt.want || left < tt.want-time.Minute {
				t.Errorf("request deadline in %v (set: %t), want %v", left, ok, tt.want)
			}
		})
	}
}

func TestRedirects(t *testing.T) {
	// other is another host; it must never see a request.
	var otherHits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		_, _ = w.Write([]byte(successBody))
	}))
	t.Cleanup(other.Close)

	tests := []struct {
		name     string
		location func(r *http.Request) string // "" answers success
		opts     []Option
		wantErr  error
	}{
		{
			name:     "same host",
			location: func(r *http.Request) string { return "/moved?" + r.URL.RawQuery },
		},
		{
			name:     "another host",
			location: func(r *http.Request) string { return other.URL + r.URL.Path + "?" + r.URL.RawQuery },
			wantErr:  ErrBadResponse,
		},
		{
			name:     "another host, password in the path",
			location: func(r *http.Request) string { return other.URL + "/steal/" + r.URL.Query().Get("userPassword") },
			wantErr:  ErrBadResponse,
		},
		{
			name:     "same host, another port",
			location: func(r *http.Request) string { return strings.Replace(other.URL, "127.0.0.1", "localhost", 1) + "/x" },
			wantErr:  ErrBadResponse,
		},
		{
			name:     "loop",
			location: func(r *http.Request) string { return r.URL.Path + "/again?" + r.URL.RawQuery },
			wantErr:  ErrBadResponse,
		},
		{
			name:     "caller's rule",
			location: func(r *http.Request) string { return "/moved?" + r.URL.RawQuery },
			opts: []Option{WithHTTPClient(&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
				return http.ErrUseLastResponse
			}})},
			wantErr: ErrBadResponse,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			otherHits.Store(0)
			var sawAuth atomic.Bool
			c := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(r.URL.Path, "/moved") {
					sawAuth.Store(r.Header.Get("Authorization") == "Bearer "+testToken)
					_, _ = w.Write([]byte(successBody))
					return
				}
				http.Redirect(w, r, tt.location(r), http.StatusFound)
			}, tt.opts...)
			if tt.wantErr == nil {
				if _, err := c.Authenticate(context.Background(), testUserID, testPassword); err != nil {
					t.Fatalf("Authenticate(%q) = %v, want success", testUserID, err)
				}
				if !sawAuth.Load() {
					t.Errorf("redirected request lacks the Authorization header")
				}
				return
			}
			e := authenticate(t, c, context.Background(), tt.wantErr)
			if e.Status != http.StatusFound {
				t.Errorf("Authenticate(%q) status = %d, want %d", testUserID, e.Status, http.StatusFound)
			}
			if n := otherHits.Load(); n != 0 {
				t.Errorf("the other host got %d requests, want none", n)
			}
		})
	}
}

func TestRedirectToPlainHTTP(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+r.Host+r.URL.Path+"?"+r.URL.RawQuery, http.StatusMovedPermanently)
	}))
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, WithHTTPClient(srv.Client()))
	e := authenticate(t, c, context.Background(), ErrBadResponse)
	if e.Status != http.StatusMovedPermanently || e.Reason != "redirect refused" {
		t.Errorf("Authenticate(%q) = status %d, reason %q, want %d, %q", testUserID, e.Status, e.Reason, http.StatusMovedPermanently, "redirect refused")
	}
}

func TestCallerClientUnchanged(t *testing.T) {
	hc := &http.Client{}
	newTestClient(t, "https://demo.smartclass.tech", WithHTTPClient(hc))
	if hc.CheckRedirect != nil {
		t.Errorf("New changed the caller's http.Client")
	}
}

func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	c := newTestClient(t, srv.URL)
	e := authenticate(t, c, context.Background(), ErrUnavailable)
	if !strings.Contains(e.Error(), "userPassword=[redacted]") {
		t.Errorf("Authenticate(%q) = %q, want the URL with the password redacted", testUserID, e)
	}
}
