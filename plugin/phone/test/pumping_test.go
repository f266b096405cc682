package test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/phone"
)

// ukNumber returns the i-th number of the drama range.
func ukNumber(i int) string { return fmt.Sprintf("+447700900%03d", i) }

func wantLimited(t *testing.T, what string, res *authtest.Response) {
	t.Helper()
	if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" || res.Header.Get("Retry-After") == "" {
		t.Errorf("%s = %d %s (Retry-After %q), want 429 rate_limited with Retry-After", what, res.Status, res.Body, res.Header.Get("Retry-After"))
	}
}

// TestPerNumberAndIPLimits: code/send is limited per number, however it
// is spelled, alike for known and unknown numbers, and per client IP.
func TestPerNumberAndIPLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{limits: true})
		f.person(t, number(ada))
		for _, n := range []string{ada, ukNumber(500)} {
			c := f.client(t)
			for _, spelling := range []string{n, " " + n, strings.Replace(n, "+44", "+44 ", 1)} {
				mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": spelling}, http.StatusOK)
			}
			wantLimited(t, "a fourth code to "+n, c.Post("/auth/phone/code/send", map[string]string{"phone": n}))
		}
		// 20 an hour per client IP: the two numbers above took 8.
		c := f.client(t)
		for i := range 12 {
			mustPost(t, c, "/auth/phone/code/send", map[string]string{"phone": ukNumber(600 + i)}, http.StatusOK)
		}
		wantLimited(t, "a 21st code from one IP", c.Post("/auth/phone/code/send", map[string]string{"phone": ukNumber(700)}))
		if len(f.events.Of(auth.EventRateLimited)) == 0 {
			t.Error("no rate_limited event")
		}
	})
}

// TestPrefixLimit: the codes sent to one country calling code are
// limited, whoever asks and for whatever number, known or not; other
// calling codes are not; a spike raises one event per window, and a new
// window counts afresh.
func TestPrefixLimit(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithPrefixLimit(phone.PrefixLimit{Limit: 5, Window: time.Hour, Spike: 3})}})
		f.person(t, number(ada)) // start is on the hour: the window began
		for i := range 4 {
			mustPost(t, f.client(t), "/auth/phone/code/send", map[string]string{"phone": ukNumber(10 + i)}, http.StatusOK)
		}
		mustPost(t, f.client(t), "/auth/phone/code/send", map[string]string{"phone": ada}, http.StatusOK)
		f.clock.Advance(20 * time.Minute)
		unknown := f.client(t).Post("/auth/phone/code/send", map[string]string{"phone": ukNumber(20)})
		known := f.client(t).Post("/auth/phone/code/send", map[string]string{"phone": ada})
		wantLimited(t, "a sixth code to +44", unknown)
		same(t, "a sixth code to +44, known number", known, unknown)
		if got := unknown.Header.Get("Retry-After"); got != "2400" {
			t.Errorf("Retry-After = %q, want the rest of the hour, 2400", got)
		}
		mustPost(t, f.client(t), "/auth/phone/code/send", map[string]string{"phone": "+353851234567"}, http.StatusOK)
		spikes := f.events.Of(phone.EventPrefixSpike)
		if len(spikes) != 1 || !strings.HasPrefix(spikes[0].Detail, "+44: 3 codes") {
			t.Fatalf("spike events = %+v, want one for +44 at 3 codes", spikes)
		}
		f.clock.Advance(time.Hour)
		for i := range 5 {
			mustPost(t, f.client(t), "/auth/phone/code/send", map[string]string{"phone": ukNumber(30 + i)}, http.StatusOK)
		}
		if n := len(f.events.Of(phone.EventPrefixSpike)); n != 1 {
			t.Errorf("%d spike events after a window like the one before, want still 1", n)
		}
	})
}

// TestPrefixLimitRace: 20 concurrent sends to one calling code with room
// for 10 send exactly 10.
func TestPrefixLimitRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{phone: []phone.Option{phone.WithPrefixLimit(phone.PrefixLimit{Limit: 10, Window: time.Hour})}})
		srv := httptest.NewServer(f.h)
		t.Cleanup(srv.Close)
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		gun := make(chan struct{})
		for i := range 20 {
			wg.Go(func() {
				<-gun
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/auth/phone/code/send", bytes.NewBufferString(`{"phone":"`+ukNumber(800+i)+`"}`))
				req.Header.Set("Content-Type", "application/json")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				mu.Lock()
				codes[res.StatusCode]++
				mu.Unlock()
			})
		}
		close(gun)
		wg.Wait()
		if codes[http.StatusOK] != 10 || codes[http.StatusTooManyRequests] != 10 {
			t.Errorf("answers %v, want 10 sent and 10 refused", codes)
		}
	})
}
