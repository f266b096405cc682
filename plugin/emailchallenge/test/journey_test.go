package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
)

// TestLinkOnAnotherDevice: the laptop asks; the phone opens the mailed
// link, whose page changes nothing until its button is pressed, then
// says to return to the other window and is not signed in; the laptop's
// next status call is signed in, and the challenge is over.
func TestLinkOnAnotherDevice(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		laptop, phone := f.browser(t), f.browser(t)
		if res := laptop.post("/auth/email-challenge/start", map[string]string{"email": "ada@example.com", "returnTo": "/home"}); res.Status != http.StatusOK ||
			!strings.Contains(res.Header.Get("Set-Cookie"), "sesame_challenge=") || strings.Contains(string(res.Body), "challenge") {
			t.Fatalf("start = %d %v %s, want the challenge in a cookie only", res.Status, res.Header, res.Body)
		}
		if got := laptop.status(); got != emailchallenge.StatusPending {
			t.Fatalf("status before the link = %q, want pending", got)
		}
		token := f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)
		if res := phone.do(http.MethodGet, emailchallenge.LinkPath+"?token="+token, "", "", nil); res.Status != http.StatusOK ||
			!strings.Contains(string(res.Body), "<form") {
			t.Fatalf("phone GET = %d %s", res.Status, res.Body)
		}
		if got := laptop.status(); got != emailchallenge.StatusPending {
			t.Fatalf("status after the phone only opened the link = %q, want pending", got)
		}
		res := phone.confirm(token)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "return to the window") {
			t.Fatalf("phone confirm = %d %s, want the page saying to return to the other window", res.Status, res.Body)
		}
		if phone.me() != "" || f.sessions(t) != 0 {
			t.Fatal("the phone that opened the link was signed in")
		}
		poll := laptop.post("/auth/email-challenge/status", map[string]string{})
		var r emailchallenge.Result
		poll.Decode(t, &r)
		if r.Status != emailchallenge.StatusSignedIn || r.User == nil || r.User.ID != ada.ID || r.ReturnTo != "http://sesame.test/home" {
			t.Fatalf("laptop status = %s, want signed in as Ada with the return address", poll.Body)
		}
		if laptop.me() != ada.ID {
			t.Fatal("the laptop has no session")
		}
		if got := laptop.status(); got != "challenge_invalid" {
			t.Errorf("status after signing in = %q, want challenge_invalid", got)
		}
		if phone.me() != "" {
			t.Error("the phone was signed in at last")
		}
	})
}

// TestCodeWins: the code typed in the waiting browser signs it in; the
// link is then dead.
func TestCodeWins(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		laptop := f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
		token := f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)
		wantError(t, "a wrong code", laptop.post("/auth/email-challenge/code", map[string]string{"code": "000000x"}), http.StatusBadRequest, "invalid_code")
		if res := laptop.post("/auth/email-challenge/code", map[string]string{"code": code}); res.Status != http.StatusOK {
			t.Fatalf("code = %d %s", res.Status, res.Body)
		}
		if laptop.me() != ada.ID {
			t.Fatal("the code did not sign the laptop in")
		}
		phone := f.browser(t)
		if res := phone.confirm(token); res.Status != http.StatusBadRequest {
			t.Errorf("link after the code = %d %s, want 400", res.Status, res.Body)
		}
		wantError(t, "the link's route after the code", phone.post("/auth/email-challenge/approve", map[string]string{"token": token}),
			http.StatusBadRequest, "invalid_token_or_expired")
		if f.sessions(t) != 1 {
			t.Errorf("%d sessions, want the laptop's only", f.sessions(t))
		}
	})
}

// TestLinkThenCode: once the link completed the challenge, the code is
// dead, and the waiting browser is signed in by its status call.
func TestLinkThenCode(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		f.user(t, "ada@example.com")
		laptop := f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
		token := f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge)
		if res := f.browser(t).post("/auth/email-challenge/approve", map[string]string{"token": token}); res.Status != http.StatusOK ||
			!strings.Contains(string(res.Body), `"approved"`) {
			t.Fatalf("approve from elsewhere = %d %s, want approved", res.Status, res.Body)
		}
		wantError(t, "the code after the link", laptop.post("/auth/email-challenge/code", map[string]string{"code": code}), http.StatusBadRequest, "invalid_code")
		if got := laptop.status(); got != emailchallenge.StatusSignedIn {
			t.Errorf("status = %q, want signed_in", got)
		}
	})
}

// TestLinkInSameBrowser: the link opened in the browser that asked signs
// it in at once and sends it to the return address.
func TestLinkInSameBrowser(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		laptop := f.browser(t)
		f.startChallenge(t, laptop, "ada@example.com")
		res := laptop.confirm(f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge))
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "http://sesame.test/" {
			t.Fatalf("confirm in the same browser = %d to %q, want 303 to /", res.Status, res.Header.Get("Location"))
		}
		if laptop.me() != ada.ID {
			t.Fatal("not signed in")
		}
		if got := laptop.status(); got != "challenge_invalid" {
			t.Errorf("status after = %q, want challenge_invalid", got)
		}
	})
}

// TestBearerClient: a client without cookies asks for the challenge
// value and sends it back; the session comes in Auth-Token.
func TestBearerClient(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		app := f.browser(t)
		app.http.Jar = nil
		bearer := http.Header{"Auth-Token-Mode": {"bearer"}}
		res := app.do(http.MethodPost, "/auth/email-challenge/start", "application/json", `{"email":"ada@example.com","bearer":true}`, bearer)
		var started struct {
			Challenge string `json:"challenge"`
		}
		res.Decode(t, &started)
		if res.Status != http.StatusOK || started.Challenge == "" || res.Header.Get("Set-Cookie") != "" {
			t.Fatalf("bearer start = %d %v %s, want the challenge in the body and no cookie", res.Status, res.Header, res.Body)
		}
		pending := app.do(http.MethodPost, "/auth/email-challenge/status", "application/json", `{"challenge":"`+started.Challenge+`"}`, bearer)
		if !strings.Contains(string(pending.Body), "pending") {
			t.Fatalf("bearer status = %s", pending.Body)
		}
		code := f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)
		res = app.do(http.MethodPost, "/auth/email-challenge/code", "application/json", `{"code":"`+code+`","challenge":"`+started.Challenge+`"}`, bearer)
		if res.Status != http.StatusOK || res.Header.Get("Auth-Token") == "" {
			t.Fatalf("bearer code = %d %v %s", res.Status, res.Header, res.Body)
		}
		me := app.do(http.MethodGet, "/auth/session", "", "", http.Header{"Authorization": {"Bearer " + res.Header.Get("Auth-Token")}})
		var s auth.SessionInfo
		me.Decode(t, &s)
		if s.User == nil || s.User.ID != ada.ID {
			t.Errorf("bearer session = %s", me.Body)
		}
	})
}

// TestGoCalls: the same as typed Go calls, the binding passed with
// WithChallenge.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ada := f.user(t, "ada@example.com")
		ctx := context.Background()
		st, err := f.ec.Start(ctx, emailchallenge.StartRequest{Email: "ada@example.com"})
		if err != nil || st.Challenge.IsZero() {
			t.Fatalf("Start = %+v, %v", st, err)
		}
		waiting := emailchallenge.WithChallenge(ctx, st.Challenge)
		if r, err := f.ec.Status(waiting); err != nil || r.Status != emailchallenge.StatusPending {
			t.Fatalf("Status = %+v, %v, want pending", r, err)
		}
		if r, err := f.ec.Approve(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", emailchallenge.PurposeChallenge))); err != nil || r.Status != emailchallenge.StatusApproved {
			t.Fatalf("Approve from elsewhere = %+v, %v, want approved", r, err)
		}
		r, err := f.ec.Status(waiting)
		if err != nil || r.Status != emailchallenge.StatusSignedIn || r.User.ID != ada.ID || r.Token.IsZero() {
			t.Fatalf("Status = %+v, %v, want signed in", r, err)
		}
		if _, err := f.ec.Status(waiting); !errors.Is(err, emailchallenge.ErrChallengeInvalid) {
			t.Errorf("Status after = %v, want challenge_invalid", err)
		}
		if _, err := f.ec.Status(ctx); !errors.Is(err, emailchallenge.ErrChallengeInvalid) {
			t.Errorf("Status with no challenge = %v, want challenge_invalid", err)
		}
		// The code, then.
		st, err = f.ec.Start(ctx, emailchallenge.StartRequest{Email: "ada@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		r, err = f.ec.Code(emailchallenge.WithChallenge(ctx, st.Challenge), auth.NewSecret(f.mail.Code(t, "ada@example.com", emailchallenge.PurposeChallenge)))
		if err != nil || r.Status != emailchallenge.StatusSignedIn {
			t.Fatalf("Code = %+v, %v", r, err)
		}
	})
}
