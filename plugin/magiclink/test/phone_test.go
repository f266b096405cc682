package test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/phone"
)

// texts keeps the texts a phone plugin sends.
type texts struct {
	mu  sync.Mutex
	all []phone.Message
}

func (x *texts) Send(_ context.Context, m phone.Message) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.all = append(x.all, m)
	return nil
}

var linkToken = regexp.MustCompile(`token=([^\s]+)`)

// last returns the token of the last link texted to a number, or "".
func (x *texts) last(to string) string {
	x.mu.Lock()
	defer x.mu.Unlock()
	for i := len(x.all) - 1; i >= 0; i-- {
		if x.all[i].To == to {
			if m := linkToken.FindStringSubmatch(x.all[i].Text); m != nil {
				tok, _ := url.QueryUnescape(m[1])
				return tok
			}
		}
	}
	return ""
}

func (x *texts) count() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.all)
}

// TestPhoneLinks: with the phone plugin, a link goes to a verified number
// by text, signs its holder in, and signs up a number that names nobody;
// the answer is the same whoever holds the number; every request to a
// number counts against its calling code's limit, texted or not.
func TestPhoneLinks(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sms := &texts{}
		clock := authtest.NewClock(start)
		ml := magiclink.New(magiclink.WithSignUp(true))
		ph := phone.New(phone.WithSender(sms), phone.WithAppName("Acme"),
			phone.WithPrefixLimit(phone.PrefixLimit{Limit: 4, Window: time.Hour}))
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), ph, ml), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		const holder, stranger = "+14155552671", "+14155552672"
		u, err := a.CreateUser(context.Background(), auth.NewUser{Name: "Ada", Identities: []auth.NewIdentity{
			{Kind: phone.Kind, Value: holder, Verified: true}}})
		if err != nil {
			t.Fatal(err)
		}
		c := authtest.NewClient(t, authhttp.Handler(a))
		c.Bearer = true
		known := c.Post("/auth/magic-link/send", map[string]string{"phone": "+1 (415) 555-2671"})
		unknown := c.Post("/auth/magic-link/send", map[string]string{"phone": stranger})
		if known.Status != http.StatusOK || unknown.Status != known.Status || string(unknown.Body) != string(known.Body) {
			t.Fatalf("send to the holder's number = %d %s, to a stranger's = %d %s: want the same answer",
				known.Status, known.Body, unknown.Status, unknown.Body)
		}
		var in magiclink.SignedIn
		res := c.Post("/auth/magic-link/sign-in", map[string]string{"token": sms.last(holder)})
		res.Decode(t, &in)
		if res.Status != http.StatusOK || in.User == nil || in.User.ID != u.ID {
			t.Fatalf("sign-in with the texted link = %d %s, want the holder", res.Status, res.Body)
		}
		res = c.Post("/auth/magic-link/sign-in", map[string]string{"token": sms.last(stranger)})
		res.Decode(t, &in)
		if res.Status != http.StatusOK || in.User == nil || in.User.ID == u.ID || !in.Created {
			t.Fatalf("sign-up with the texted link = %d %s, want a new account", res.Status, res.Body)
		}
		// Four sends in the hour: the fifth to any number of +1 is refused,
		// known or not, and nothing is texted.
		c.Post("/auth/magic-link/send", map[string]string{"phone": holder})
		c.Post("/auth/magic-link/send", map[string]string{"phone": "+14155552673"})
		sent := sms.count()
		for _, to := range []string{holder, "+14155552674"} {
			res := c.Post("/auth/magic-link/send", map[string]string{"phone": to})
			if res.Status != http.StatusTooManyRequests || res.ErrorCode() != "rate_limited" {
				t.Errorf("a send past the prefix limit to %s = %d %s, want 429 rate_limited", to, res.Status, res.Body)
			}
		}
		if sms.count() != sent {
			t.Errorf("texts sent past the limit: %d", sms.count()-sent)
		}
	})
}

// TestPhoneLinksNeedThePhonePlugin: without it, a number is refused.
func TestPhoneLinksNeedThePhonePlugin(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		res := f.c.Post("/auth/magic-link/send", map[string]string{"phone": "+14155552671"})
		wantError(t, "a number without the phone plugin", res, http.StatusBadRequest, "invalid_input")
		res = f.c.Post("/auth/magic-link/send", map[string]string{"phone": "+14155552671", "email": "ada@example.com"})
		wantError(t, "both a number and an address", res, http.StatusBadRequest, "invalid_input")
	})
}
