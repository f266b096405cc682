package test

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/phone"
)

// textBox keeps the texts a phone plugin sends.
type textBox struct {
	mu  sync.Mutex
	all []phone.Message
}

func (b *textBox) Send(_ context.Context, m phone.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.all = append(b.all, m)
	return nil
}

var smsCode = regexp.MustCompile(`\b(\d{6})\b`)

func (b *textBox) code(t *testing.T, to string) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.all) - 1; i >= 0; i-- {
		if m := smsCode.FindStringSubmatch(b.all[i].Text); b.all[i].To == to && m != nil {
			return m[1]
		}
	}
	t.Fatalf("no code texted to %s", to)
	return ""
}

// TestPreAccountTakeoverByAddedIdentifier (found in review): Mallory signs
// up with an address, adds the victim's number to the account (a claim:
// she never proves it), then takes the address back with a second
// sign-up, which leaves the number the account's only identity. An
// identity added later is never the account's sign-up identifier, so it
// still names nobody: the victim's sign-in by text code makes her a new
// account, and Mallory's session and password reach nothing of hers.
func TestPreAccountTakeoverByAddedIdentifier(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sms := &textBox{}
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})),
				phone.New(phone.WithSender(sms), phone.WithPrefixLimit(phone.PrefixLimit{})),
				password.New(password.WithoutVerification(), password.WithIdentifierKinds(email.Kind, phone.Kind),
					password.WithHasher(newCountingHasher(t, testParams)))),
			auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Handler(a)
		client := func() *authtest.Client { c := authtest.NewClient(t, h); c.Bearer = true; return c }
		must := func(c *authtest.Client, path string, body any) *authtest.Response {
			t.Helper()
			res := c.Post(path, body)
			if res.Status != http.StatusOK {
				t.Fatalf("POST %s = %d %s", path, res.Status, res.Body)
			}
			return res
		}
		const victim = "+447700900042"
		mallory := client()
		must(mallory, "/auth/password/sign-up", map[string]string{"email": "x@mallory.example", "password": "mallory's password 1"})
		var first struct{ User *auth.User }
		must(mallory, "/auth/password/sign-in", map[string]string{"email": "x@mallory.example", "password": "mallory's password 1"}).Decode(t, &first)
		must(mallory, "/auth/phone/add", map[string]string{"phone": victim})
		must(client(), "/auth/password/sign-up", map[string]string{"email": "x@mallory.example", "password": "another password 2"})

		v := client()
		must(v, "/auth/phone/code/send", map[string]string{"phone": victim})
		var in struct {
			User    *auth.User
			Created bool
		}
		must(v, "/auth/phone/code/sign-in", map[string]string{"phone": victim, "code": sms.code(t, victim)}).Decode(t, &in)
		if in.User.ID == first.User.ID || !in.Created {
			t.Fatalf("the victim's sign-in by her number landed in Mallory's account %s (created %v)", first.User.ID, in.Created)
		}
		var s struct{ User *auth.User }
		if res := mallory.Get("/auth/session"); res.Status == http.StatusOK {
			res.Decode(t, &s)
			if s.User.ID == in.User.ID {
				t.Fatal("Mallory's old session is the victim's")
			}
		}
		res := client().Post("/auth/password/sign-in", map[string]any{"identifier": victim, "kind": "phone", "password": "mallory's password 1"})
		wantError(t, "Mallory's password with the victim's number", res, http.StatusUnauthorized, "invalid_credentials")
	})
}
