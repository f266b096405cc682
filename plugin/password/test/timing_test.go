package test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
)

// slowSender takes as long as a real mail server to accept a message.
type slowSender struct {
	*authtest.Mailbox
	delay time.Duration
}

func (s slowSender) Send(ctx context.Context, m email.Message) error {
	time.Sleep(s.delay)
	return s.Mailbox.Send(ctx, m)
}

// TestEnumerationTiming (finding 4): with a sender that takes 250 ms, the
// routes that answer alike for known and unknown addresses also answer in
// the same time: the message goes out after the answer. Known and unknown
// addresses alternate; their median times must differ by less than a
// tenth of the sender's delay. Each request has a connection of its own:
// on a kept-alive HTTP/1.1 connection the next request waits for the
// deliveries of the one before (docs/security.md says so).
func TestEnumerationTiming(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		const delay = 250 * time.Millisecond
		mail := &authtest.Mailbox{}
		f := newFixtureSending(t, e, slowSender{mail, delay}, mail, []auth.Option{auth.WithoutRateLimits()})
		f.person(t, "ada@example.com", "ada's password")
		f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "grace@example.com", "password": "grace's password"}, http.StatusOK)

		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		routes := []struct{ path, known string }{
			{"/auth/password/forgot", "ada@example.com"},
			{"/auth/email/resend", "grace@example.com"},
			{"/auth/email/code/send", "ada@example.com"},
		}
		for _, rt := range routes {
			var known, unknown []time.Duration
			for i := range 5 {
				known = append(known, timePost(t, srv.URL+rt.path, rt.known))
				unknown = append(unknown, timePost(t, srv.URL+rt.path, "nobody"+string(rune('a'+i))+"@example.com"))
			}
			k, u := median(known), median(unknown)
			if k-u > delay/10 || u-k > delay/10 || k > delay {
				t.Errorf("POST %s: known address %v, unknown %v (medians of %v and %v), want within %v of each other",
					rt.path, k, u, known, unknown, delay/10)
			}
		}
		srv.Close() // waits for the handlers, and so for their deliveries
		if got := len(mail.Messages("ada@example.com")); got < 10 {
			t.Fatalf("%d messages to Ada, want her deliveries to have gone out after the answers", got)
		}
	})
}

func timePost(t *testing.T, url, addr string) time.Duration {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": addr})
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	res, err := oneShot.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	res.Body.Close()
	took := time.Since(start)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s = %d %s", url, addr, res.StatusCode, buf.String())
	}
	return took
}

// oneShot opens a connection per request.
var oneShot = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
