package test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestEnumerationParity: send answers a verified address, an unknown one
// and an unverified claim with the same status, body and headers, with
// sign-up off and on.
func TestEnumerationParity(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, signUp := range []bool{false, true} {
			f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(signUp)})
			p := map[bool]string{false: "off-", true: "on-"}[signUp]
			f.user(t, p+"ada@example.com")
			if _, err := f.pw.SignUp(context.Background(), password.SignUpRequest{Email: p + "claim@example.com", Password: auth.NewSecret("a password!")}); err != nil {
				t.Fatal(err)
			}
			var first *authtest.Response
			for _, addr := range []string{p + "ada@example.com", p + "nobody@example.com", p + "claim@example.com", strings.ToUpper(p) + "ADA@example.com "} {
				res := f.c.Post("/auth/magic-link/send", map[string]string{"email": addr, "returnTo": "/next"})
				h := res.Header.Clone()
				h.Del("Date")
				res.Header = h
				if first == nil {
					first = res
					continue
				}
				if res.Status != first.Status || !bytes.Equal(res.Body, first.Body) || !maps.EqualFunc(res.Header, first.Header, slices.Equal) {
					t.Errorf("sign-up %v: send(%s) = %d %v %s, want %d %v %s as for a known address", signUp, addr,
						res.Status, res.Header, res.Body, first.Status, first.Header, first.Body)
				}
			}
		}
	})
}

// slowSender takes as long as a real mail server to accept a message.
type slowSender struct {
	*authtest.Mailbox
	delay time.Duration
}

func (s slowSender) Send(ctx context.Context, m email.Message) error {
	time.Sleep(s.delay)
	return s.Mailbox.Send(ctx, m)
}

// TestEnumerationTiming: with a sender that takes 250 ms, send answers a
// known and an unknown address in the same time (medians within a tenth
// of the delay), as authtest/coretest's TestEnumerationTiming measures
// the email plugin: the link leaves after the answer, each request on a
// connection of its own, or from the outbox on one kept-alive connection.
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
				f := newFixtureSending(t, e, slowSender{mail, delay}, mail, nil, setup.opts...)
				f.user(t, "ada@example.com")
				srv := httptest.NewServer(f.h)
				t.Cleanup(srv.Close)
				var known, unknown []time.Duration
				for i := range 5 {
					known = append(known, timePost(t, setup.client, srv.URL+"/auth/magic-link/send", "ada@example.com"))
					unknown = append(unknown, timePost(t, setup.client, srv.URL+"/auth/magic-link/send", "nobody"+string(rune('a'+i))+"@example.com"))
				}
				k, u := median(known), median(unknown)
				if k-u > delay/10 || u-k > delay/10 || k > delay {
					t.Errorf("send: known address %v, unknown %v (medians of %v and %v), want within %v of each other", k, u, known, unknown, delay/10)
				}
				srv.Close() // waits for the handlers, and so for their deliveries
				if _, err := f.a.DeliverOutbox(context.Background()); err != nil {
					t.Fatal(err)
				}
				if got := len(mail.Messages("ada@example.com")); got != 5 {
					t.Fatalf("%d messages to Ada, want her 5 links delivered", got)
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

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
