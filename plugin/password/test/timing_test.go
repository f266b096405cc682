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
// the same time. Known and unknown addresses alternate; their median
// times must differ by less than a tenth of the sender's delay.
//
// By default the message goes out after the answer, on the request's
// goroutine: each request then has a connection of its own, since on a
// kept-alive HTTP/1.1 connection the next request waits for the
// deliveries of the one before (docs/security.md says so). With the
// outbox, the message is written in the transaction and sent by
// DeliverOutbox, so the requests share one kept-alive connection.
func TestEnumerationTiming(t *testing.T) {
	const delay = 250 * time.Millisecond
	setups := []struct {
		name   string
		opts   []auth.Option
		client *http.Client
	}{
		{"after the answer", nil, oneShot},
		{"outbox", []auth.Option{auth.WithOutbox()}, &http.Client{Transport: &http.Transport{}}},
	}
	for _, setup := range setups {
		t.Run(setup.name, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				mail := &authtest.Mailbox{}
				f := newFixtureSending(t, e, slowSender{mail, delay}, mail, append([]auth.Option{auth.WithoutRateLimits()}, setup.opts...))
				ctx := context.Background()
				f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": "ada's password"}, http.StatusOK)
				f.post(t, f.c, "/auth/password/sign-up", map[string]string{"email": "grace@example.com", "password": "grace's password"}, http.StatusOK)
				f.a.DeliverOutbox(ctx)
				f.post(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@example.com", email.PurposeVerify)}, http.StatusOK)
				before := len(mail.Messages("ada@example.com"))

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
						known = append(known, timePost(t, setup.client, srv.URL+rt.path, rt.known))
						unknown = append(unknown, timePost(t, setup.client, srv.URL+rt.path, "nobody"+string(rune('a'+i))+"@example.com"))
					}
					k, u := median(known), median(unknown)
					if k-u > delay/10 || u-k > delay/10 || k > delay {
						t.Errorf("POST %s: known address %v, unknown %v (medians of %v and %v), want within %v of each other",
							rt.path, k, u, known, unknown, delay/10)
					}
				}
				srv.Close() // waits for the handlers, and so for their deliveries
				if _, err := f.a.DeliverOutbox(ctx); err != nil {
					t.Fatal(err)
				}
				if got := len(mail.Messages("ada@example.com")) - before; got != 10 {
					t.Fatalf("%d messages to Ada, want her 10 reset links and codes delivered", got)
				}
			})
		})
	}
}

func timePost(t *testing.T, client *http.Client, url, addr string) time.Duration {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": addr})
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	res, err := client.Do(req)
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
