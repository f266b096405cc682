package test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// TestSingleUseRace: one link posted by 20 concurrent requests, to the
// route and to the confirm page, signs in exactly once; a sign-up link
// raced likewise makes exactly one account.
func TestSingleUseRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		f.user(t, "ada@example.com")
		race := func(t *testing.T, path, contentType, body string, ok int) int {
			t.Helper()
			const n = 20
			var wg sync.WaitGroup
			var mu sync.Mutex
			wins := 0
			startGun := make(chan struct{})
			for range n {
				wg.Go(func() {
					<-startGun
					req, _ := http.NewRequest(http.MethodPost, f.srv.URL+path, bytes.NewBufferString(body))
					req.Header.Set("Content-Type", contentType)
					req.Header.Set("Origin", "http://sesame.test")
					client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
					res, err := client.Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					res.Body.Close()
					mu.Lock()
					defer mu.Unlock()
					switch res.StatusCode {
					case ok:
						wins++
					case http.StatusBadRequest:
					default:
						t.Errorf("POST %s = %d, want %d or 400", path, res.StatusCode, ok)
					}
				})
			}
			close(startGun)
			wg.Wait()
			return wins
		}
		sessions := f.sessions(t)
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		token := f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)
		if wins := race(t, "/auth/magic-link/sign-in", "application/json", `{"token":"`+token+`"}`, http.StatusOK); wins != 1 {
			t.Errorf("route: %d requests signed in with one link, want 1", wins)
		}
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		token = f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)
		form := url.Values{"token": {token}}.Encode()
		if wins := race(t, magiclink.LinkPath, "application/x-www-form-urlencoded", form, http.StatusSeeOther); wins != 1 {
			t.Errorf("confirm page: %d requests signed in with one link, want 1", wins)
		}
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		token = f.mail.Token(t, "grace@example.com", magiclink.PurposeSignUp)
		if wins := race(t, "/auth/magic-link/sign-in", "application/json", `{"token":"`+token+`"}`, http.StatusOK); wins != 1 {
			t.Errorf("sign-up: %d requests signed in with one link, want 1", wins)
		}
		if got := f.sessions(t) - sessions; got != 3 {
			t.Errorf("%d sessions made, want 3", got)
		}
		if n := strings.Count(f.accounts(t), "\n"); n != 2 {
			t.Errorf("accounts after the races:\n%s, want Ada and one Grace", f.accounts(t))
		}
	})
}

// TestScannerGET: a mail scanner or link preview that fetches the link
// (GET, HEAD, any number of times) signs nobody in and leaves it usable.
func TestScannerGET(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada@example.com")
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		link := f.link(t, "ada@example.com", magiclink.PurposeSignIn)
		scanner := f.browser(t)
		for range 3 {
			if res := scanner.open(link); res.Status != http.StatusOK || res.Header.Get("Set-Cookie") != "" {
				t.Fatalf("scanner GET = %d, Set-Cookie %q, want 200 and no cookie", res.Status, res.Header.Get("Set-Cookie"))
			}
		}
		u, _ := url.Parse(link)
		if res := scanner.do(http.MethodHead, u.RequestURI(), "", ""); res.Status != http.StatusOK || res.Header.Get("Set-Cookie") != "" {
			t.Fatalf("scanner HEAD = %d", res.Status)
		}
		if scanner.me() != "" || f.sessions(t) != 0 {
			t.Fatal("fetching the link signed someone in")
		}
		person := f.browser(t)
		if res := person.confirm(f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)); res.Status != http.StatusSeeOther {
			t.Fatalf("confirm after the scanner = %d %s, want 303", res.Status, res.Body)
		}
		if person.me() != ada.ID {
			t.Error("the person was not signed in after the scanner's visits")
		}
		if scanner.me() != "" {
			t.Error("the scanner got the session")
		}
	})
}

// TestCrossSiteConfirm: another site's form posting a link's token (its
// own link, to sign a visitor into the attacker's account) is refused by
// the origin check.
func TestCrossSiteConfirm(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.user(t, "mallory@example.com")
		f.send(t, f.c, map[string]string{"email": "mallory@example.com"})
		token := f.mail.Token(t, "mallory@example.com", magiclink.PurposeSignIn)
		victim := f.browser(t)
		victim.origin = "https://evil.example"
		if res := victim.confirm(token); res.Status != http.StatusForbidden {
			t.Errorf("cross-site confirm = %d %s, want 403", res.Status, res.Body)
		}
		if victim.me() != "" {
			t.Error("a cross-site form signed the visitor in")
		}
	})
}
