package test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestEnumerationParity: start answers a verified address, an unknown one
// and an unverified claim with the same status, body and headers; the
// cookies differ only in their random values.
func TestEnumerationParity(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		if _, err := f.pw.SignUp(context.Background(), password.SignUpRequest{Email: "claim@example.com", Password: auth.NewSecret("a password!")}); err != nil {
			t.Fatal(err)
		}
		var first *authtest.Response
		for _, addr := range []string{"ada@example.com", "nobody@example.com", "claim@example.com", " ADA@example.com"} {
			res := f.browser(t).post("/auth/email-challenge/start", map[string]string{"email": addr, "returnTo": "/next"})
			h := res.Header.Clone()
			h.Del("Date")
			cookie := h.Get("Set-Cookie")
			name, rest, _ := strings.Cut(cookie, "=")
			_, attrs, _ := strings.Cut(rest, ";")
			h.Set("Set-Cookie", name+"=…;"+attrs)
			res.Header = h
			if first == nil {
				first = res
				continue
			}
			if res.Status != first.Status || !bytes.Equal(res.Body, first.Body) || !equalHeaders(res.Header, first.Header) {
				t.Errorf("start(%s) = %d %v %s, want %d %v %s as for a known address", addr,
					res.Status, res.Header, res.Body, first.Status, first.Header, first.Body)
			}
		}
	})
}

func equalHeaders(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

type slowSender struct {
	*authtest.Mailbox
	delay time.Duration
}

func (s slowSender) Send(ctx context.Context, m email.Message) error {
	time.Sleep(s.delay)
	return s.Mailbox.Send(ctx, m)
}

// TestEnumerationTiming: with a sender that takes 250 ms, start answers
// a known and an unknown address in the same time (medians within a
// tenth of the delay), after the answer on connections of their own and
// through the outbox on one kept-alive connection.
func TestEnumerationTiming(t *testing.T) {
	const delay = 250 * time.Millisecond
	setups := []struct {
		name   string
		opts   []auth.Option
		client *http.Client
	}{
		{"after the answer", nil, &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}},
		{"outbox", []auth.Option{auth.WithOutbox()}, &http.Client{Transport: &http.Transport{}}},
	}
	for _, setup := range setups {
		t.Run(setup.name, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				mail := &authtest.Mailbox{}
				f := build(t, e, slowSender{mail, delay}, mail, false, setup.opts...)
				f.user(t, "ada@example.com")
				srv := httptest.NewServer(f.h)
				t.Cleanup(srv.Close)
				var known, unknown []time.Duration
				for i := range 5 {
					known = append(known, timePost(t, setup.client, srv.URL, "ada@example.com"))
					unknown = append(unknown, timePost(t, setup.client, srv.URL, "nobody"+string(rune('a'+i))+"@example.com"))
				}
				slices.Sort(known)
				slices.Sort(unknown)
				k, u := known[2], unknown[2]
				if k-u > delay/10 || u-k > delay/10 || k > delay {
					t.Errorf("start: known address %v, unknown %v (medians of %v and %v), want within %v", k, u, known, unknown, delay/10)
				}
				srv.Close()
				if _, err := f.a.DeliverOutbox(context.Background()); err != nil {
					t.Fatal(err)
				}
				if got := len(mail.Messages("ada@example.com")); got != 5 {
					t.Fatalf("%d messages to Ada, want 5", got)
				}
			})
		})
	}
}

func timePost(t *testing.T, client *http.Client, base, addr string) time.Duration {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/auth/email-challenge/start", strings.NewReader(`{"email":"`+addr+`"}`))
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
		t.Fatalf("start %s = %d %s", addr, res.StatusCode, buf.String())
	}
	return took
}
