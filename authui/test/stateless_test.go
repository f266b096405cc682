package test

import (
	"crypto/rand"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestStatelessSessionSurvivesItsOwnEvents: with stateless sessions, a
// password change or "sign out the other sessions" made on the account
// page keeps the browser's session, whose token the event issued anew:
// the form's answer carries the new cookie, and the next page is still
// signed in. (Found by an attacker's review: the browser kept the ended
// token and was signed out.)
func TestStatelessSessionSurvivesItsOwnEvents(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		key := make([]byte, 32)
		rand.Read(key)
		keys, err := auth.NewSealer(key)
		if err != nil {
			t.Fatal(err)
		}
		for _, action := range []string{"/account/password", "/account/sessions/revoke-others"} {
			addr := strings.Trim(strings.ReplaceAll(action, "/", "."), ".") + "@example.com"
			s := newSite(t, e, nil, []auth.Option{auth.WithStatelessSessions(keys)})
			b, other := s.browser(t), s.browser(t)
			s.signedUp(t, b, addr, "correct horse battery")
			if p := b.signIn(addr, "correct horse battery"); !strings.Contains(p.Body, addr) {
				t.Fatalf("sign-in led to:\n%s", p.Body)
			}
			if p := other.signIn(addr, "correct horse battery"); !strings.Contains(p.Body, addr) {
				t.Fatalf("the other browser's sign-in led to:\n%s", p.Body)
			}
			fields := url.Values{}
			if action == "/account/password" {
				fields = url.Values{"currentPassword": {"correct horse battery"}, "newPassword": {"another horse battery"}}
			}
			b.submit("/account", action, fields)
			if acc := b.open("/account"); !strings.Contains(acc.Body, addr) {
				t.Errorf("%s: the browser that made the change is signed out (account page %d)", action, acc.Status)
			}
			if acc := other.open("/account"); strings.Contains(acc.Body, addr) {
				t.Errorf("%s: the other browser is still signed in", action)
			}
		}
	})
}
