package coretest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
)

// signUpPlugin creates people with an address through the email plugin's
// CreateUser, standing in for the password plugin's sign-up.
type signUpPlugin struct {
	op *auth.Op[signUpRequest, auth.Empty]
}

type signUpRequest struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

func newSignUpPlugin(p *email.Plugin) *signUpPlugin {
	return &signUpPlugin{op: &auth.Op[signUpRequest, auth.Empty]{Name: "test.signUp", Method: http.MethodPost, Path: "/test/sign-up",
		Writes: true, Codes: []*auth.Error{auth.ErrIdentityTaken},
		Handler: func(ctx context.Context, c *auth.Call, in signUpRequest) (auth.Empty, error) {
			_, _, err := p.CreateUser(ctx, c, in.Name, in.Email)
			return auth.Empty{}, err
		}}}
}

func (s *signUpPlugin) Name() string                 { return "test" }
func (s *signUpPlugin) Operations() []auth.Operation { return []auth.Operation{s.op} }

type emailFixture struct {
	*fixture
	mail *authtest.Mailbox
}

func newEmailFixture(t *testing.T, e *authtest.Engine, opts ...auth.Option) *emailFixture {
	t.Helper()
	mail := &authtest.Mailbox{}
	p := email.New(email.WithSender(mail), email.WithAppName("Acme"))
	f := newFixture(t, e, append([]auth.Option{auth.WithPlugins(p, newSignUpPlugin(p))}, opts...)...)
	return &emailFixture{f, mail}
}

func (f *emailFixture) ok(t *testing.T, c *authtest.Client, path string, body any) *authtest.Response {
	t.Helper()
	res := c.Post(path, body)
	if res.Status != http.StatusOK {
		t.Fatalf("POST %s %v = %d %s", path, body, res.Status, res.Body)
	}
	return res
}

// signUpVerified creates a person with a verified address and signs them
// in with a code on c.
func (f *emailFixture) signUpVerified(t *testing.T, c *authtest.Client, addr string) {
	t.Helper()
	f.ok(t, c, "/auth/test/sign-up", map[string]string{"email": addr, "name": "A"})
	f.ok(t, c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, addr, email.PurposeVerify)})
	f.ok(t, c, "/auth/email/code/send", map[string]string{"email": addr})
	f.ok(t, c, "/auth/email/code/sign-in", map[string]string{"email": addr, "code": f.mail.Code(t, addr, email.PurposeCode)})
}

func (f *emailFixture) user(t *testing.T, c *authtest.Client) map[string]any {
	t.Helper()
	var info struct {
		User map[string]any `json:"user"`
	}
	res := c.Get("/auth/session")
	if res.Status != http.StatusOK {
		t.Fatalf("session = %d %s", res.Status, res.Body)
	}
	res.Decode(t, &info)
	return info.User
}

func TestEmailVerificationAndCodes(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newEmailFixture(t, e)
		f.ok(t, f.c, "/auth/test/sign-up", map[string]string{"email": " Ada@Example.com ", "name": "Ada"})
		// Not verified yet: no code is sent, yet the answer is the same.
		f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		if n := len(f.mail.Messages("ada@example.com")); n != 1 {
			t.Fatalf("messages to an unverified address = %d, want only the verification", n)
		}
		first := f.mail.Token(t, "ada@example.com", email.PurposeVerify)
		f.ok(t, f.c, "/auth/email/resend", map[string]string{"email": "ADA@example.com"})
		second := f.mail.Token(t, "ada@example.com", email.PurposeVerify)
		wantError(t, "a replaced verification link", f.c.Post("/auth/email/verify", map[string]string{"token": first}),
			http.StatusBadRequest, "invalid_token_or_expired")
		f.ok(t, f.c, "/auth/email/verify", map[string]string{"token": second})
		wantError(t, "a used verification link", f.c.Post("/auth/email/verify", map[string]string{"token": second}),
			http.StatusBadRequest, "invalid_token_or_expired")

		// Unknown addresses answer exactly as known ones.
		known := f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		unknown := f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "nobody@example.com"})
		if string(known.Body) != string(unknown.Body) {
			t.Errorf("code/send answers %s for a known address and %s for an unknown one", known.Body, unknown.Body)
		}
		code := f.mail.Code(t, "ada@example.com", email.PurposeCode)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		wantError(t, "a wrong code", f.c.Post("/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": wrong}),
			http.StatusBadRequest, "invalid_code")
		res := f.ok(t, f.c, "/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": code})
		var in email.SignedIn
		res.Decode(t, &in)
		if in.User.Fields["primaryEmail"] != "ada@example.com" || in.User.Fields["emailVerifiedAt"] == nil || in.Session.Credential != "email-code" {
			t.Errorf("signed in as %+v, session %+v", in.User, in.Session)
		}
		wantError(t, "a used code", f.c.Post("/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": code}),
			http.StatusBadRequest, "invalid_code")

		// Five wrong tries use a code up, even the right one after them.
		f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		code = f.mail.Code(t, "ada@example.com", email.PurposeCode)
		wrong = "000000"
		if code == wrong {
			wrong = "111111"
		}
		for range 5 {
			f.c.Post("/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": wrong})
			f.clock.Advance(time.Minute) // stay under the per-account rate limit
		}
		wantError(t, "the right code after five wrong ones", f.c.Post("/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": code}),
			http.StatusTooManyRequests, "too_many_attempts")
	})
}

func TestEmailAddresses(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newEmailFixture(t, e)
		f.signUpVerified(t, f.c, "ada@example.com")
		f.ok(t, f.c, "/auth/email/add", map[string]string{"email": "ada@work.example"})
		wantError(t, "making an unverified address primary", f.c.Post("/auth/email/primary", map[string]string{"email": "ada@work.example"}),
			http.StatusForbidden, "email_not_verified")
		f.ok(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@work.example", email.PurposeVerify)})
		f.ok(t, f.c, "/auth/email/primary", map[string]string{"email": "ada@work.example"})
		if u := f.user(t, f.c); u["primaryEmail"] != "ada@work.example" {
			t.Errorf("primary after the switch = %v", u["primaryEmail"])
		}
		wantError(t, "removing the primary", f.c.Post("/auth/email/remove", map[string]string{"email": "ada@work.example"}),
			http.StatusBadRequest, "email_primary")
		wantError(t, "removing another's address", f.c.Post("/auth/email/remove", map[string]string{"email": "bob@example.com"}),
			http.StatusNotFound, "email_not_found")
		f.ok(t, f.c, "/auth/email/remove", map[string]string{"email": "ada@example.com"})
		var list email.Addresses
		f.c.Get("/auth/email/list").Decode(t, &list)
		if len(list.Emails) != 1 || list.Emails[0].Value != "ada@work.example" {
			t.Errorf("addresses = %+v, want only ada@work.example", list.Emails)
		}

		// Adding someone else's address informs them and answers alike.
		bob := authtest.NewClient(t, f.h)
		f.signUpVerified(t, bob, "bob@example.com")
		f.ok(t, f.c, "/auth/email/add", map[string]string{"email": "bob@example.com"})
		f.mail.Last(t, "bob@example.com", email.PurposeAddressInUse)
	})
}

func TestEmailChangeAndUndo(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newEmailFixture(t, e)
		f.signUpVerified(t, f.c, "ada@example.com")
		other := authtest.NewClient(t, f.h)
		f.ok(t, other, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		f.ok(t, other, "/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": f.mail.Code(t, "ada@example.com", email.PurposeCode)})

		wantError(t, "change to the same address", f.c.Post("/auth/email/change", map[string]string{"newEmail": "ADA@example.com"}),
			http.StatusBadRequest, "email_unchanged")
		f.ok(t, f.c, "/auth/email/change", map[string]string{"newEmail": "ada@new.example"})
		if u := f.user(t, f.c); u["primaryEmail"] != "ada@example.com" {
			t.Fatalf("primary before confirmation = %v, want unchanged", u["primaryEmail"])
		}
		res := f.ok(t, f.c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "ada@new.example", email.PurposeChange)})
		var v email.Verified
		res.Decode(t, &v)
		if u := f.user(t, f.c); v.Email != "ada@new.example" || u["primaryEmail"] != "ada@new.example" {
			t.Fatalf("after confirmation: verified %q, primary %v", v.Email, u["primaryEmail"])
		}
		// The old address can no longer sign in; its holder has the undo link.
		f.ok(t, other, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		if n := len(f.mail.Messages("ada@example.com")); n != 4 {
			t.Errorf("messages to the old address = %d, want 4 (verify, 2 codes, change notice)", n)
		}
		undo := f.mail.Token(t, "ada@example.com", email.PurposeChanged)
		stranger := authtest.NewClient(t, f.h)
		f.ok(t, stranger, "/auth/email/change/undo", map[string]string{"token": undo})
		wantError(t, "the changer's session after the undo", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "another session after the undo", other.Get("/auth/session"), http.StatusUnauthorized, "no_session")
		wantError(t, "the undo link again", stranger.Post("/auth/email/change/undo", map[string]string{"token": undo}),
			http.StatusBadRequest, "invalid_token_or_expired")

		f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "ada@example.com"})
		f.ok(t, f.c, "/auth/email/code/sign-in", map[string]string{"email": "ada@example.com", "code": f.mail.Code(t, "ada@example.com", email.PurposeCode)})
		if u := f.user(t, f.c); u["primaryEmail"] != "ada@example.com" {
			t.Errorf("primary after the undo = %v, want ada@example.com", u["primaryEmail"])
		}
		f.ok(t, f.c, "/auth/email/code/send", map[string]string{"email": "ada@new.example"})
		if msgs := f.mail.Messages("ada@new.example"); msgs[len(msgs)-1].Purpose == email.PurposeCode {
			t.Errorf("the undone address still gets sign-in codes")
		}
	})
}
