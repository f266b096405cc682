package test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/authui"
	"github.com/sesame-go/sesame/plugin/phone"
)

// Numbers of Ofcom's range for drama (07700 900000 to 900999): never a
// real person's.
const (
	adaPhone = "+447700900001"
	bobPhone = "+447700900100"
)

// addressPlugins are the email, password and phone plugins, the texts
// going to sms.
func addressPlugins(tb testing.TB, sms *authtest.TextBox) func(mail *authtest.Mailbox, base string) []auth.Plugin {
	return func(mail *authtest.Mailbox, base string) []auth.Plugin {
		return append(passwordPlugins(tb)(mail, base), phone.New(phone.WithSender(sms)))
	}
}

// addressSite is a site with addressPlugins where Ada (ada@example.com)
// and Bob (bob@example.com) have verified accounts, signed out.
func addressSite(t testing.TB, e *authtest.Engine, opts ...authui.Option) (*site, *authtest.TextBox) {
	t.Helper()
	sms := &authtest.TextBox{}
	s := newSite(t, e, addressPlugins(t, sms), nil, opts...)
	s.signedUp(t, s.browser(t), "ada@example.com", "correct horse battery")
	s.signedUp(t, s.browser(t), "bob@example.com", "bob's good password")
	return s, sms
}

// signedInAs returns a browser signed in, freshly, as addr.
func (s *site) signedInAs(t testing.TB, addr, pw string) *browser {
	t.Helper()
	b := s.browser(t)
	if p := b.signIn(addr, pw); !strings.Contains(p.Body, "Your account") {
		t.Fatalf("signing in as %s led to:\n%s", addr, p.Body)
	}
	return b
}

// identities returns the values of a user's identities of a kind, with
// "?" after each unverified one, read from the database.
func (s *site) identities(t testing.TB, addr, kind string) []string {
	t.Helper()
	var uid string
	ph := s.a.Dialect().Placeholder
	row := s.a.SQL().QueryRowContext(t.Context(), "SELECT user_id FROM auth_identity WHERE kind = 'email' AND value = "+ph(1), addr)
	if err := row.Scan(&uid); err != nil {
		t.Fatalf("the user of %s: %v", addr, err)
	}
	rows, err := s.a.SQL().QueryContext(t.Context(), "SELECT value, verified_at FROM auth_identity WHERE user_id = "+ph(1)+" AND kind = "+ph(2)+" ORDER BY value", uid, kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		var at any
		if err := rows.Scan(&v, &at); err != nil {
			t.Fatal(err)
		}
		if at == nil {
			v += "?"
		}
		out = append(out, v)
	}
	return out
}

// send posts fields to action with the form token of the page, whether
// or not the page has a form that posts there (as someone editing the
// page would), and follows the redirect.
func (b *browser) send(pagePath, action string, fields url.Values) (post, next page) {
	b.t.Helper()
	vals := url.Values{"csrf": {token(b.t, b.open(pagePath).Body)}}
	for k, v := range fields {
		vals[k] = v
	}
	post = b.postRaw(b.s.base, action, vals)
	if post.Status != http.StatusSeeOther {
		return post, post
	}
	return post, b.open(post.Location)
}

func encodeB64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
