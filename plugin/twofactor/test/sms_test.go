package test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/twofactor"
)

// smsBox is a phone.Sender for tests: it keeps every text.
type smsBox struct {
	mu   sync.Mutex
	msgs []phone.Message
}

func (b *smsBox) Send(_ context.Context, m phone.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.msgs = append(b.msgs, m)
	return nil
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// code returns the code of the newest text of a purpose to a number,
// waiting for it (texts leave after the answer).
// sent counts the texts sent to a number.
func (b *smsBox) sent(to string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, m := range b.msgs {
		if m.To == to {
			n++
		}
	}
	return n
}

func (b *smsBox) code(tb testing.TB, to, purpose string) string {
	tb.Helper()
	deadline := time.Now().Add(authtest.MailWait)
	for {
		b.mu.Lock()
		for i := len(b.msgs) - 1; i >= 0; i-- {
			if m := b.msgs[i]; m.To == to && m.Purpose == purpose {
				b.mu.Unlock()
				if c := sixDigits.FindStringSubmatch(m.Text); c != nil {
					return c[1]
				}
				tb.Fatalf("the %s text to %s has no code: %q", purpose, to, m.Text)
			}
		}
		b.mu.Unlock()
		if time.Now().After(deadline) {
			tb.Fatalf("no %s text to %s", purpose, to)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

const number = "+447700900001"

// addPhone adds and verifies a number on c's (fresh) session.
func (f *fixture) addPhone(t testing.TB, c *authtest.Client, n string) {
	t.Helper()
	mustPost(t, c, "/auth/phone/add", map[string]string{"phone": n}, http.StatusOK)
	mustPost(t, c, "/auth/phone/verify", map[string]string{"phone": n, "code": f.sms.code(t, n, phone.PurposeVerify)}, http.StatusOK)
}

// TestTextCodesJourney: enrol texted codes to a verified number, sign in
// again, have a code texted for the pending session and pass with it; a
// mailed code's purpose does not pass for a texted one; removing the
// number removes the factor.
func TestTextCodesJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithTextCodes(0), twofactor.WithEmailCodes(0)}, phone: true})
		const addr = "ada@example.com"
		first := f.account(t, addr)
		wantError(t, "enrolling texted codes without a number", first.Post("/auth/two-factor/enrol", map[string]string{"method": "sms"}),
			http.StatusBadRequest, "no_verified_phone")
		f.addPhone(t, first, number)
		wantError(t, "enrolling another's number", first.Post("/auth/two-factor/enrol", map[string]string{"method": "sms", "phone": "+447700900999"}),
			http.StatusBadRequest, "no_verified_phone")
		var en struct{ FactorID string }
		mustPost(t, first, "/auth/two-factor/enrol", map[string]string{"method": "sms", "phone": "+44 7700 900001", "name": "mobile"},
			http.StatusOK).Decode(t, &en)
		var conf struct{ RecoveryCodes []string }
		mustPost(t, first, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": f.sms.code(t, number, "two-factor-code")},
			http.StatusOK).Decode(t, &conf)
		if len(conf.RecoveryCodes) != 10 {
			t.Fatalf("confirm gave %d recovery codes, want 10", len(conf.RecoveryCodes))
		}
		if got := f.mail.Last(t, addr, "two-factor-added").Text; !strings.Contains(got, `codes by text message "mobile"`) {
			t.Errorf("the notice of the new factor says %q", got)
		}

		c := f.signIn(t, addr)
		var s struct {
			Session struct {
				Data map[string]any `json:"data"`
			} `json:"session"`
		}
		wantError(t, "a pending session", c.Get("/auth/session"), http.StatusForbidden, "second_factor_required")
		mustPost(t, c, "/auth/two-factor/send-code", map[string]string{"method": "email"}, http.StatusBadRequest) // not enrolled
		mustPost(t, c, "/auth/two-factor/send-code", map[string]string{"method": "sms"}, http.StatusOK)
		code := f.sms.code(t, number, "two-factor-code")
		wantError(t, "a texted code as a mailed one", c.Post("/auth/two-factor/verify", map[string]string{"method": "email", "code": code}),
			http.StatusBadRequest, "second_factor_method_unavailable")
		mustPost(t, c, "/auth/two-factor/verify", map[string]string{"method": "sms", "code": code}, http.StatusOK).Decode(t, &s)
		if passed, _ := s.Session.Data["secondFactor"].(map[string]any); passed["method"] != "sms" {
			t.Errorf("the new session's data = %v, want secondFactor.method sms", s.Session.Data)
		}
		again := f.signIn(t, addr)
		wantError(t, "a used texted code", again.Post("/auth/two-factor/verify", map[string]string{"method": "sms", "code": code}),
			http.StatusBadRequest, "invalid_code")

		// The factor dies with its number.
		mustPost(t, c, "/auth/phone/remove", map[string]string{"phone": number}, http.StatusOK)
		var list struct{ Factors []any }
		mustGet(t, c, "/auth/two-factor/factors", http.StatusOK).Decode(t, &list)
		if len(list.Factors) != 0 {
			t.Errorf("factors after the number was removed = %v, want none", list.Factors)
		}
		mustGet(t, f.signIn(t, addr), "/auth/session", http.StatusOK)
	})
}

// TestTextCodesGoCalls: the same with typed Go calls.
func TestTextCodesGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithTextCodes(5 * time.Minute)}, phone: true})
		ctx := context.Background()
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{
			{Kind: email.Kind, Value: "ada@example.com", Verified: true}, {Kind: phone.Kind, Value: number, Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		if err := f.ph.SendCode(ctx, number); err != nil {
			t.Fatal(err)
		}
		in, err := f.ph.SignIn(ctx, phone.SignInRequest{Phone: number, Code: auth.NewSecret(f.sms.code(t, number, phone.PurposeSignIn))})
		if err != nil {
			t.Fatal(err)
		}
		as := auth.WithSessionToken(ctx, in.Token)
		en, err := f.tf.Enrol(as, twofactor.EnrolRequest{Method: twofactor.MethodSMS})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.tf.Confirm(as, twofactor.ConfirmRequest{FactorID: en.FactorID, Code: auth.NewSecret(f.sms.code(t, number, "two-factor-code"))}); err != nil {
			t.Fatal(err)
		}
		if err := f.pw.SetPassword(ctx, in.User.ID, auth.NewSecret(pw)); err != nil {
			t.Fatal(err)
		}
		pending, err := f.pw.SignIn(ctx, password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		ps := auth.WithSessionToken(ctx, pending.Token)
		if err := f.tf.SendCode(ps, twofactor.SendCodeRequest{Method: twofactor.MethodSMS}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.tf.Verify(ps, twofactor.VerifyRequest{Method: twofactor.MethodSMS, Code: auth.NewSecret(f.sms.code(t, number, "two-factor-code"))}); err != nil {
			t.Fatalf("Verify(sms) = %v", err)
		}
	})
}

// TestTextCodesNeedPhones: WithTextCodes without the sms channel and
// phone identities is refused at New.
func TestTextCodesNeedPhones(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	_, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), password.New(), twofactor.New(twofactor.WithTextCodes(0))))
	if err == nil || !strings.Contains(err.Error(), `need a delivery channel "sms" and identities of kind "phone"`) {
		t.Errorf("New without phones = %v, want the texted codes refused", err)
	}
	if _, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(&authtest.Mailbox{})), password.New(), phone.New(phone.WithSender(&smsBox{})),
			twofactor.New(twofactor.WithTextCodes(0)))); err != nil {
		t.Errorf("New with the phone plugin = %v", err)
	}
}

// TestTextCodesPumping (found in review): enrolling texted codes again
// and again, or asking a pending session's code again and again, texts a
// number at most three times in ten minutes, and never past the phone
// plugin's limit for its calling code.
func TestTextCodesPumping(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{tf: []twofactor.Option{twofactor.WithTextCodes(0)}, phone: true})
		const addr, number = "ada@example.com", "+14155552671"
		c := f.account(t, addr)
		f.addPhone(t, c, number)
		before := f.sms.sent(number)
		refused := 0
		for range 10 {
			res := c.Post("/auth/two-factor/enrol", map[string]string{"method": "sms"})
			if res.ErrorCode() == "rate_limited" {
				refused++
			} else if res.Status != http.StatusOK {
				t.Fatalf("enrol = %d %s", res.Status, res.Body)
			}
		}
		if got := f.sms.sent(number) - before; got != 3 || refused != 7 {
			t.Errorf("10 enrolments texted %d codes and %d were refused, want 3 and 7", got, refused)
		}
		f.clock.Advance(11 * time.Minute)
		c = f.signIn(t, addr) // a fresh session again
		if res := c.Post("/auth/two-factor/enrol", map[string]string{"method": "sms"}); res.Status != http.StatusOK {
			t.Errorf("an enrolment after the window = %d %s", res.Status, res.Body)
		}
	})
}
