package lookup

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestHostile runs the client against servers that misbehave; none of them
// may crash it, hang it or be trusted.
func TestHostile(t *testing.T) {
	tests := []struct {
		name       string
		handler    http.HandlerFunc
		opts       []Option
		wantErr    error
		wantStatus int // of the *Error, 0 when the error is not one
	}{
		{"HTML at 200", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html>maintenance</html>")
		}, nil, ErrBadResponse, 200},
		{"Express HTML 404 page of before 2018-02-12", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, "<pre>Cannot GET /courses/CS/161</pre>")
		}, nil, ErrNotFound, 404},
		{"malformed content type", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; ;;")
			_, _ = io.WriteString(w, "{}")
		}, nil, ErrBadResponse, 200},
		{"truncated JSON", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"title":"CS 161 INTRO`)
		}, nil, ErrBadResponse, 200},
		{"empty 200", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
		}, nil, ErrBadResponse, 200},
		{"array for an object", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `[1,2]`)
		}, nil, ErrBadResponse, 200},
		{"declared too large", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "2048")
			_, _ = w.Write(bytes.Repeat([]byte(" "), 2048))
		}, []Option{WithMaxBodySize(1024)}, ErrTooLarge, 200},
		{"streamed too large", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			chunk := bytes.Repeat([]byte(" "), 64<<10)
			for range 11 << 4 { // 11 MiB, over the default limit
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, nil, ErrTooLarge, 200},
		{"gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			var z bytes.Buffer
			zw := gzip.NewWriter(&z)
			_, _ = zw.Write(bytes.Repeat([]byte(" "), 1<<20))
			_ = zw.Close()
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(z.Bytes())
		}, []Option{WithMaxBodySize(64 << 10)}, ErrTooLarge, 200},
		{"not gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = io.WriteString(w, `{"title":"plain"}`)
		}, []Option{WithHTTPClient(&http.Client{Transport: &http.Transport{DisableCompression: true}})}, ErrBadResponse, 200},
		{"400", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "bad", http.StatusBadRequest)
		}, nil, nil, 400},
		{"500 empty", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
		}, nil, ErrUnavailable, 500},
		{"501 not retried", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotImplemented)
		}, nil, ErrUnavailable, 501},
		{"304 never asked for", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotModified)
		}, nil, nil, 304},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, tt.handler)
			c, _ := newTestClient(t, s.URL, tt.opts...)
			got, err := c.Course(context.Background(), "CS", "161")
			if err == nil || got != nil {
				t.Fatalf("Course(CS, 161) = %+v, %v, want an error", got, err)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("Course(CS, 161) = %v, want %v", err, tt.wantErr)
			}
			var e *Error
			if errors.As(err, &e) != (tt.wantStatus != 0) || (e != nil && e.StatusCode != tt.wantStatus) {
				t.Errorf("Course(CS, 161) = %v, want an *Error with status %d", err, tt.wantStatus)
			}
			if e != nil && len(e.Body) > maxErrorBody {
				t.Errorf("Course(CS, 161): error body of %d bytes, want at most %d", len(e.Body), maxErrorBody)
			}
			if !strings.HasPrefix(err.Error(), "lookup: ") {
				t.Errorf("Course(CS, 161) error %q does not start with lookup: ", err)
			}
		})
	}
}

func TestHostileSyntaxErrorUnwraps(t *testing.T) {
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `[{"title":`)
	})
	c, _ := newTestClient(t, s.URL)
	_, err := c.Courses(context.Background())
	var syntaxErr *json.SyntaxError
	if !errors.As(err, &syntaxErr) {
		t.Errorf("Courses() = %v, want a *json.SyntaxError inside", err)
	}
}

func TestGzipWithoutAsking(t *testing.T) {
	// A server that compresses although the transport did not ask.
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		_, _ = io.WriteString(zw, `["AAE","CS"]`)
		_ = zw.Close()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(z.Bytes())
	})
	hc := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	c, _ := newTestClient(t, s.URL, WithHTTPClient(hc))
	got, err := c.Subjects(context.Background())
	if err != nil || len(got) != 2 {
		t.Errorf("Subjects() = %q, %v, want [AAE CS]", got, err)
	}
}

func TestRedirects(t *testing.T) {
	other := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `["STOLEN"]`)
	})
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/subjects":
			http.Redirect(w, r, "/v2/subjects", http.StatusFound)
		case "/v2/subjects":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `["CS"]`)
		case "/buildings":
			http.Redirect(w, r, other.URL+"/buildings", http.StatusMovedPermanently)
		case "/courses":
			http.Redirect(w, r, "/courses", http.StatusFound) // a loop
		}
	})
	c, _ := newTestClient(t, s.URL)
	ctx := context.Background()
	if got, err := c.Subjects(ctx); err != nil || len(got) != 1 || got[0] != "CS" {
		t.Errorf("Subjects() = %q, %v, want [CS] through a same-host redirect", got, err)
	}
	if got, err := c.Buildings(ctx); !errors.Is(err, ErrRedirect) || got != nil {
		t.Errorf("Buildings() = %v, %v, want %v", got, err, ErrRedirect)
	}
	if n := len(other.paths()); n != 0 {
		t.Errorf("the other host got %d requests, want none", n)
	}
	before := len(s.paths())
	if _, err := c.Courses(ctx); !errors.Is(err, errTooManyRedirects) {
		t.Errorf("Courses() = %v, want %v", err, errTooManyRedirects)
	}
	if n := len(s.paths()) - before; n != 10 {
		t.Errorf("Courses() sent %d requests in a redirect loop, want 10 and no retry", n)
	}
}

func TestSlowBody(t *testing.T) {
	// The server sends headers and the start of a body, then stalls until
	// the client gives up.
	stalled := make(chan struct{}, 1)
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `[{"title":`)
		w.(http.Flusher).Flush()
		stalled <- struct{}{}
		<-r.Context().Done()
	})
	t.Run("context", func(t *testing.T) {
		c, _ := newTestClient(t, s.URL, WithTimeout(0))
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-stalled; cancel() }()
		if _, err := c.Courses(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("Courses() = %v, want %v", err, context.Canceled)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		c, _ := newTestClient(t, s.URL, WithTimeout(50*time.Millisecond))
		go func() { <-stalled }()
		if _, err := c.Courses(context.Background()); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Courses() = %v, want %v", err, context.DeadlineExceeded)
		}
	})
}

func TestResetMidBodyIsRetried(t *testing.T) {
	var attempts atomic.Int32
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if attempts.Add(1) == 1 {
			w.Header().Set("Content-Length", "100")
			_, _ = io.WriteString(w, `["CS"`)
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				_ = conn.(*net.TCPConn).SetLinger(0)
				_ = conn.Close()
			}
			return
		}
		_, _ = io.WriteString(w, `["CS"]`)
	})
	c, w := newTestClient(t, s.URL)
	got, err := c.Subjects(context.Background())
	if err != nil || len(got) != 1 {
		t.Fatalf("Subjects() = %q, %v, want [CS] on the second attempt", got, err)
	}
	if n := len(w.all()); n != 1 {
		t.Errorf("Subjects() waited %d times, want 1", n)
	}
}
