package test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
)

// TestLinkRacesCode: the link (from a phone) and the code (in the waiting
// browser) posted at the same moment: exactly one completes the
// challenge, and the waiting browser ends with exactly one session,
// whichever won. Ten rounds per engine.
func TestLinkRacesCode(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		wins := map[string]int{}
		for range 10 {
			laptop, phone := f.browser(t), f.browser(t)
			f.startChallenge(t, laptop, "ada@example.com")
			code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
			token := f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)
			before := f.sessions(t)
			var link, typed int
			var wg sync.WaitGroup
			gun := make(chan struct{})
			wg.Go(func() {
				<-gun
				link = phone.post("/auth/email-challenge/approve", map[string]string{"token": token}).Status
			})
			wg.Go(func() {
				<-gun
				typed = laptop.post("/auth/email-challenge/code", map[string]string{"code": code}).Status
			})
			close(gun)
			wg.Wait()
			switch {
			case link == http.StatusOK && typed == http.StatusBadRequest:
				wins["link"]++
				if got := laptop.status(); got != emailchallenge.StatusSignedIn {
					t.Fatalf("link won, then the laptop's status = %q, want signed_in", got)
				}
			case typed == http.StatusOK && link == http.StatusBadRequest:
				wins["code"]++
				if got := laptop.status(); got != "challenge_invalid" {
					t.Fatalf("code won, then the laptop's status = %q, want challenge_invalid", got)
				}
			default:
				t.Fatalf("link %d, code %d: want one 200 and one 400", link, typed)
			}
			if got := f.sessions(t) - before; got != 1 {
				t.Fatalf("%d sessions made by one challenge, want 1", got)
			}
			if laptop.me() != ada.ID || phone.me() != "" {
				t.Fatal("the session went to the wrong browser")
			}
		}
		t.Logf("wins: %v", wins)
	})
}

// TestStatusRace: 20 concurrent status calls of an approved challenge,
// from the browser that asked, collect one session.
func TestStatusRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		laptop := f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		if res := f.browser(t).post("/auth/email-challenge/approve", map[string]string{"token": f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)}); res.Status != http.StatusOK {
			t.Fatalf("approve = %d %s", res.Status, res.Body)
		}
		var mu sync.Mutex
		got := map[string]int{}
		var wg sync.WaitGroup
		gun := make(chan struct{})
		for range 20 {
			wg.Go(func() {
				<-gun
				s := laptop.status()
				mu.Lock()
				got[s]++
				mu.Unlock()
			})
		}
		close(gun)
		wg.Wait()
		if got[emailchallenge.StatusSignedIn] != 1 || got["challenge_invalid"] != 19 || f.sessions(t) != 1 {
			t.Errorf("20 status calls = %v with %d sessions, want one signed_in and one session", got, f.sessions(t))
		}
	})
}
