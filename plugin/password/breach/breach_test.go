package breach_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/plugin/password/breach"
	"github.com/sesame-go/sesame/plugin/password/breach/breachtest"
)

func check(tb testing.TB, c *breach.Checker, password string) (breach.Result, error) {
	tb.Helper()
	return c.Check(context.Background(), []byte(password))
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		password string
		eol      string
		lower    bool
		padding  int
		want     breach.Result
	}{
		{"breached", "password", "\r\n", false, breachtest.DefaultPadding, breach.Result{Breached: true, Count: 3}},
		{"breached once", "hunter2", "\r\n", false, breachtest.DefaultPadding, breach.Result{Breached: true, Count: 1}},
		{"not found", "correct horse battery staple", "\r\n", false, breachtest.DefaultPadding, breach.Result{}},
		{"padding line ignored", "padded password", "\r\n", false, breachtest.DefaultPadding, breach.Result{}},
		{"LF", "password", "\n", false, breachtest.DefaultPadding, breach.Result{Breached: true, Count: 3}},
		{"CRLF", "password", "\r\n", false, breachtest.DefaultPadding, breach.Result{Breached: true, Count: 3}},
		{"lower-case hex", "password", "\r\n", true, breachtest.DefaultPadding, breach.Result{Breached: true, Count: 3}},
		{"lower-case hex not found", "correct horse battery staple", "\n", true, breachtest.DefaultPadding, breach.Result{}},
		{"no padding", "password", "\r\n", false, 0, breach.Result{Breached: true, Count: 3}},
		{"large padding", "hunter2", "\n", false, 1000, breach.Result{Breached: true, Count: 1}},
		{"empty password", "", "\r\n", false, breachtest.DefaultPadding, breach.Result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := breachtest.NewServer(t, "hunter2")
			srv.Add("password", 3)
			srv.Add("padded password", 0) // its suffix comes back with count 0
			srv.SetLineEnding(tt.eol)
			srv.SetLowercase(tt.lower)
			srv.SetPadding(tt.padding)
			c := breach.New(breach.WithBaseURL(srv.URL), breach.FailClosed())
			got, err := check(t, c, tt.password)
			if got != tt.want || err != nil {
				t.Errorf("Check(%q) = %+v, %v, want %+v, <nil>", tt.password, got, err, tt.want)
			}
		})
	}
}

// The server sees the first 5 hex digits of the SHA-1, and nothing more.
func TestCheckSendsOnlyPrefix(t *testing.T) {
	for _, password := range []string{"password", "correct horse battery staple", "", "пароль"} {
		srv := breachtest.NewServer(t)
		c := breach.New(breach.WithBaseURL(srv.URL + "/"))
		if _, err := check(t, c, password); err != nil {
			t.Fatalf("Check(%q) = %v", password, err)
		}
		hash := breachtest.Hash(password)
		reqs := srv.Requests()
		if len(reqs) != 1 {
			t.Fatalf("Check(%q) made %d requests, want 1", password, len(reqs))
		}
		r := reqs[0]
		if r.Method != http.MethodGet || r.RequestURI != "/range/"+hash[:5] || r.RawQuery != "" || len(r.Body) != 0 {
			t.Errorf("Check(%q) sent %s %s with a %d-byte body, want GET /range/%s and no body", password, r.Method, r.RequestURI, len(r.Body), hash[:5])
		}
		if got := r.Header.Get("Add-Padding"); got != "true" {
			t.Errorf("Check(%q) sent Add-Padding %q, want %q", password, got, "true")
		}
		for name, values := range r.Header {
			for _, v := range values {
				if leaks(v, password, hash) {
					t.Errorf("Check(%q) sent header %s: %q, which holds more than the prefix", password, name, v)
				}
			}
		}
	}
}

// leaks reports whether s holds the password or more than 5 hex digits of
// its hash.
func leaks(s, password, hash string) bool {
	s = strings.ToUpper(s)
	if len(password) >= 4 && strings.Contains(s, strings.ToUpper(password)) {
		return true
	}
	for i := 0; i+6 <= len(hash); i++ {
		if strings.Contains(s, hash[i:i+6]) {
			return true
		}
	}
	return false
}

func TestUserAgent(t *testing.T) {
	srv := breachtest.NewServer(t)
	for _, tt := range []struct {
		opts []breach.Option
		want string
	}{
		{nil, "sesame-go-breach"},
		{[]breach.Option{breach.WithUserAgent("acme/1.0")}, "acme/1.0"},
	} {
		c := breach.New(append(tt.opts, breach.WithBaseURL(srv.URL))...)
		if _, err := check(t, c, "pw"); err != nil {
			t.Fatal(err)
		}
		reqs := srv.Requests()
		if got := reqs[len(reqs)-1].Header.Get("User-Agent"); got != tt.want {
			t.Errorf("User-Agent = %q, want %q", got, tt.want)
		}
	}
}

func TestCheckFailures(t *testing.T) {
	const password = "correct horse battery staple"
	hash := breachtest.Hash(password)
	status := func(code int) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", code) })
	}
	body := func(s string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(s)) })
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	other := breachtest.NewServer(t, password)

	tests := []struct {
		name    string
		handler http.Handler // answers instead of the fake
		stall   bool         // never answer: the check times out
		base    string       // a base URL instead of a fake server
		wantErr error
	}{
		{name: "503", handler: status(http.StatusServiceUnavailable), wantErr: breach.ErrUnavailable},
		{name: "500", handler: status(http.StatusInternalServerError), wantErr: breach.ErrUnavailable},
		{name: "429", handler: status(http.StatusTooManyRequests), wantErr: breach.ErrUnavailable},
		{name: "404", handler: status(http.StatusNotFound), wantErr: breach.ErrBadResponse},
		{name: "timeout", stall: true, wantErr: breach.ErrUnavailable},
		{name: "connection refused", base: closed.URL, wantErr: breach.ErrUnavailable},
		{name: "malformed body", handler: body("<html>rate limited</html>"), wantErr: breach.ErrBadResponse},
		{name: "short suffix", handler: body(hash[5:39] + ":1\r\n"), wantErr: breach.ErrBadResponse},
		{name: "negative count", handler: body(hash[5:] + ":-1\r\n"), wantErr: breach.ErrBadResponse},
		{name: "body over 1 MiB", handler: body(strings.Repeat("0123456789ABCDEF0123456789ABCDEF012:0\r\n", 1<<20/39+1)), wantErr: breach.ErrBadResponse},
		{name: "redirect to another host", handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path, http.StatusFound)
		}), wantErr: breach.ErrBadResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, timeout := tt.base, 3*time.Second
			if base == "" {
				srv := breachtest.NewServer(t, password)
				srv.SetHandler(tt.handler)
				if tt.stall {
					timeout = 20 * time.Millisecond
					block := make(chan struct{})
					t.Cleanup(func() { close(block) }) // runs before the server's Close
					srv.SetHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
						select {
						case <-block:
						case <-r.Context().Done():
						}
					}))
				}
				base = srv.URL
			}
			opts := []breach.Option{breach.WithBaseURL(base), breach.WithTimeout(timeout)}

			// Fail-open, the default: not breached, the failure in Err.
			got, err := check(t, breach.New(opts...), password)
			if got.Breached || got.Count != 0 || !errors.Is(got.Err, tt.wantErr) || err != nil {
				t.Errorf("Check(%q) = %+v, %v, want not breached with Err %v, <nil>", password, got, err, tt.wantErr)
			}
			if got.Err != nil && (leaks(got.Err.Error(), password, hash) || strings.Contains(got.Err.Error(), hash[:5])) {
				t.Errorf("Check(%q): Err %q holds the password, its hash or the prefix", password, got.Err)
			}

			// Fail-closed: the failure is Check's error.
			got, err = check(t, breach.New(append(opts, breach.FailClosed())...), password)
			if got != (breach.Result{}) || !errors.Is(err, tt.wantErr) {
				t.Errorf("Check(%q) = %+v, %v, want zero, %v", password, got, err, tt.wantErr)
			}
			if err != nil && (leaks(err.Error(), password, hash) || strings.Contains(err.Error(), hash[:5])) {
				t.Errorf("Check(%q) = %q, which holds the password, its hash or the prefix", password, err)
			}
		})
	}
	if n := len(other.Requests()); n != 0 {
		t.Errorf("the host redirected to received %d requests, want 0", n)
	}
}

func TestStatusError(t *testing.T) {
	srv := breachtest.NewServer(t)
	srv.SetHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, strings.Repeat("x", 1000), http.StatusBadGateway)
	}))
	_, err := check(t, breach.New(breach.WithBaseURL(srv.URL), breach.FailClosed()), "pw")
	var se *breach.StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusBadGateway || len(se.Body) != 512 {
		t.Fatalf("Check(%q) = %v, want a *StatusError with status 502 and 512 bytes of body", "pw", err)
	}
	if !errors.Is(err, breach.ErrUnavailable) || errors.Is(err, breach.ErrBadResponse) {
		t.Errorf("errors.Is(%v, ErrUnavailable) = false, or ErrBadResponse true", err)
	}
}

// The caller's own context ending is an error in both modes.
func TestCheckContextCanceled(t *testing.T) {
	srv := breachtest.NewServer(t, "password")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, opts := range [][]breach.Option{nil, {breach.FailClosed()}} {
		c := breach.New(append(opts, breach.WithBaseURL(srv.URL))...)
		if got, err := c.Check(ctx, []byte("password")); got != (breach.Result{}) || !errors.Is(err, context.Canceled) {
			t.Errorf("Check(canceled, %q) = %+v, %v, want zero, %v", "password", got, err, context.Canceled)
		}
	}
}

// A malformed base URL is the host's mistake: an error even failing open.
func TestCheckBadBaseURL(t *testing.T) {
	c := breach.New(breach.WithBaseURL("http://[::1"))
	if got, err := check(t, c, "password"); err == nil || got.Err != nil {
		t.Errorf("Check(%q) with a malformed base URL = %+v, %v, want an error", "password", got, err)
	}
}

// A redirect within the service's host is followed.
func TestCheckSameHostRedirect(t *testing.T) {
	srv := breachtest.NewServer(t, "password")
	srv.SetHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, "/v1"); ok {
			http.Redirect(w, r, rest, http.StatusMovedPermanently)
			return
		}
		srv.ServeRange(w, r)
	}))
	c := breach.New(breach.WithBaseURL(srv.URL+"/v1"), breach.FailClosed())
	if got, err := check(t, c, "password"); !got.Breached || got.Count != 1 || err != nil {
		t.Errorf("Check(%q) = %+v, %v, want breached once", "password", got, err)
	}
	if got := len(srv.Requests()); got != 2 {
		t.Errorf("requests = %d, want 2", got)
	}
}

type countingTransport struct{ n int }

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.n++
	return http.DefaultTransport.RoundTrip(r)
}

func TestWithHTTPClient(t *testing.T) {
	srv := breachtest.NewServer(t, "password")
	tr := &countingTransport{}
	client := &http.Client{Transport: tr}
	c := breach.New(breach.WithBaseURL(srv.URL), breach.WithHTTPClient(client), breach.FailClosed())
	if got, err := check(t, c, "password"); !got.Breached || err != nil {
		t.Errorf("Check(%q) = %+v, %v, want breached", "password", got, err)
	}
	if tr.n != 1 {
		t.Errorf("requests through the client's transport = %d, want 1", tr.n)
	}
	if client.CheckRedirect != nil {
		t.Errorf("WithHTTPClient changed the caller's client")
	}
}
