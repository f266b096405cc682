package test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

// same fails unless two answers have the same status, body and headers
// (but Date).
func same(t *testing.T, what string, got, want *authtest.Response) {
	t.Helper()
	g, w := got.Header.Clone(), want.Header.Clone()
	g.Del("Date")
	w.Del("Date")
	if got.Status != want.Status || !bytes.Equal(got.Body, want.Body) || !maps.EqualFunc(g, w, slices.Equal) {
		t.Errorf("%s = %d %v %s, want %d %v %s", what, got.Status, g, got.Body, want.Status, w, want.Body)
	}
}

// TestEnumerationParity: code/send answers a person's number, an unknown
// one, another person's unproved claim and other spellings alike, with
// sign-up on and off (when an unknown number gets nothing); add and change answer a free and a taken number
// alike.
func TestEnumerationParity(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithMaxNumbers(5)}})
		f.person(t, number(ada))
		f.person(t, number(grace))
		mallory, _ := f.signIn(t, "+447700900666", phone.PurposeSignUp)
		mustPost(t, mallory, "/auth/phone/add", map[string]string{"phone": "+447700900200"}, http.StatusOK) // a claim
		c := f.client(t)
		first := c.Post("/auth/phone/code/send", map[string]string{"phone": ada})
		for _, n := range []string{"+447700900199", "+447700900200", "+44 7700 900 001", " +44 (7700) 900-001 "} {
			same(t, "send("+n+")", c.Post("/auth/phone/code/send", map[string]string{"phone": n}), first)
		}
		free := mallory.Post("/auth/phone/add", map[string]string{"phone": "+447700900300"})
		same(t, "add(taken)", mallory.Post("/auth/phone/add", map[string]string{"phone": grace}), free)
		free = mallory.Post("/auth/phone/change", map[string]string{"phone": "+447700900666", "newPhone": "+447700900301"})
		same(t, "change(taken)", mallory.Post("/auth/phone/change", map[string]string{"phone": "+447700900666", "newPhone": grace}), free)

		// Without sign-up, on the same database: an unknown number gets
		// nothing, and the answer is the same.
		f = newFixture(t, e, setup{phone: []phone.Option{phone.WithoutSignUp()}})
		c = f.client(t)
		first = c.Post("/auth/phone/code/send", map[string]string{"phone": ada})
		same(t, "send(unknown) without sign-up", c.Post("/auth/phone/code/send", map[string]string{"phone": "+447700900400"}), first)
		if n := len(f.sms.messages("+447700900400")); n != 0 {
			t.Errorf("%d texts to an unknown number without sign-up, want none", n)
		}
	})
}

// slowSender takes as long as a real SMS gateway to accept a message.
type slowSender struct {
	*smsBox
	delay time.Duration
}

func (s slowSender) Send(ctx context.Context, m phone.Message) error {
	time.Sleep(s.delay)
	return s.smsBox.Send(ctx, m)
}

// TestEnumerationTiming: with a sender that takes 250 ms, code/send
// answers a person's number and an unknown one (sign-up off, so that it
// sends nothing) in the same time: the text leaves after the answer,
// each request on a connection of its own, or from the outbox on one
// kept-alive connection.
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
	for _, s := range setups {
		t.Run(s.name, func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
				box := &smsBox{}
				f := newFixture(t, e, setup{phone: []phone.Option{phone.WithoutSignUp()}, auth: s.opts, sender: slowSender{box, delay}})
				f.person(t, number(ada))
				srv := httptest.NewServer(f.h)
				t.Cleanup(srv.Close)
				var known, unknown []time.Duration
				for i := range 5 {
					known = append(known, timePost(t, s.client, srv.URL+"/auth/phone/code/send", ada))
					unknown = append(unknown, timePost(t, s.client, srv.URL+"/auth/phone/code/send", "+44770090020"+string(rune('0'+i))))
				}
				k, u := median(known), median(unknown)
				if k-u > delay/10 || u-k > delay/10 || k > delay {
					t.Errorf("send: known number %v, unknown %v (medians of %v and %v), want within %v of each other", k, u, known, unknown, delay/10)
				}
				srv.Close()
				if _, err := f.a.DeliverOutbox(context.Background()); err != nil {
					t.Fatal(err)
				}
				if got := len(box.messages(ada)); got != 5 {
					t.Fatalf("%d texts to Ada, want her 5 codes delivered", got)
				}
			})
		})
	}
}

func timePost(t *testing.T, client *http.Client, url, number string) time.Duration {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"phone": number})
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	begin := time.Now()
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	res.Body.Close()
	took := time.Since(begin)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s = %d %s", url, number, res.StatusCode, buf.String())
	}
	return took
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
