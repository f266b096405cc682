package test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/magiclink"
)

// TestBrowserJourney: a link asked for over HTTP is mailed, opens the
// confirm page (which changes nothing), and its button signs the browser
// in and sends it to the return address; the link then works no more.
func TestBrowserJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada@example.com")
		f.send(t, f.c, map[string]string{"email": " ADA@example.com", "returnTo": "/welcome?tab=1"})
		link := f.link(t, "ada@example.com", magiclink.PurposeSignIn)
		if !strings.HasPrefix(link, "http://sesame.test/magic-link?token=") {
			t.Fatalf("link %q, want one under the base URL's origin, at /magic-link", link)
		}
		b := f.browser(t)
		page := b.open(link)
		if page.Status != http.StatusOK || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") ||
			!strings.Contains(string(page.Body), `<form method="post"`) || page.Header.Get("Set-Cookie") != "" {
			t.Fatalf("GET link = %d %v %s, want the confirm page and no cookie", page.Status, page.Header, page.Body)
		}
		for _, h := range []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy", "Cache-Control"} {
			if page.Header.Get(h) == "" {
				t.Errorf("the confirm page has no %s header", h)
			}
		}
		if n := f.sessions(t); n != 0 {
			t.Fatalf("%d sessions after opening the link, want 0", n)
		}
		token := f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)
		res := b.confirm(token)
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "http://sesame.test/welcome?tab=1" {
			t.Fatalf("confirm = %d to %q, want 303 to the return address", res.Status, res.Header.Get("Location"))
		}
		if got := b.me(); got != ada.ID {
			t.Fatalf("signed in as %q, want Ada %q", got, ada.ID)
		}
		again := f.browser(t)
		if res := again.confirm(token); res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "used already") {
			t.Errorf("second confirm = %d %s, want 400 and the page saying so", res.Status, res.Body)
		}
		if again.me() != "" {
			t.Error("a used link signed a second browser in")
		}
	})
}

// TestDefaultReturn: without a return address the page sends the browser
// to the link base's origin.
func TestDefaultReturn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithLinkBase("http://app.sesame.test/")})
		f.user(t, "ada@example.com")
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		if link := f.link(t, "ada@example.com", magiclink.PurposeSignIn); !strings.HasPrefix(link, "http://app.sesame.test/magic-link?token=") {
			t.Fatalf("link %q, want it under the link base", link)
		}
		res := f.browser(t).confirm(f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn))
		if res.Status != http.StatusSeeOther || res.Header.Get("Location") != "http://app.sesame.test/" {
			t.Fatalf("confirm = %d to %q, want 303 to http://app.sesame.test/", res.Status, res.Header.Get("Location"))
		}
	})
}

// TestJSONSignIn: an app (cookie or bearer) posts the token to the route
// and gets the user, the session and the return address.
func TestJSONSignIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ada := f.user(t, "ada@example.com")
		for _, bearer := range []bool{false, true} {
			c := authtest.NewClient(t, f.h)
			c.Bearer = bearer
			f.send(t, c, map[string]string{"email": "ada@example.com", "returnTo": "http://sesame.test/app"})
			res := c.Post("/auth/magic-link/sign-in", map[string]string{"token": f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)})
			var out struct {
				User     auth.User    `json:"user"`
				Session  auth.Session `json:"session"`
				ReturnTo string       `json:"returnTo"`
				Created  bool         `json:"created"`
			}
			if res.Status != http.StatusOK {
				t.Fatalf("bearer %v: sign-in = %d %s", bearer, res.Status, res.Body)
			}
			res.Decode(t, &out)
			if out.User.ID != ada.ID || out.Session.Credential != magiclink.Credential || out.ReturnTo != "http://sesame.test/app" || out.Created {
				t.Errorf("bearer %v: sign-in = %s", bearer, res.Body)
			}
			if bearer != (res.Header.Get("Auth-Token") != "") {
				t.Errorf("bearer %v: Auth-Token header %q", bearer, res.Header.Get("Auth-Token"))
			}
			var me auth.SessionInfo
			if s := c.Get("/auth/session"); s.Status != http.StatusOK {
				t.Fatalf("bearer %v: GET /session = %d %s", bearer, s.Status, s.Body)
			} else if s.Decode(t, &me); me.User.ID != ada.ID {
				t.Errorf("bearer %v: session of %q, want Ada", bearer, me.User.ID)
			}
		}
	})
}

// TestGoCalls: the same journeys as typed Go calls.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		ctx := context.Background()
		ada := f.user(t, "ada@example.com")
		if err := f.ml.Send(ctx, magiclink.SendRequest{Email: "ada@example.com"}); err != nil {
			t.Fatal(err)
		}
		in, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "ada@example.com", magiclink.PurposeSignIn)))
		if err != nil || in.User.ID != ada.ID || in.Token.IsZero() || in.Created {
			t.Fatalf("SignIn = %+v, %v, want Ada's session", in, err)
		}
		if err := f.ml.Send(ctx, magiclink.SendRequest{Email: "grace@example.com", Name: "Grace"}); err != nil {
			t.Fatal(err)
		}
		up, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "grace@example.com", magiclink.PurposeSignUp)))
		if err != nil || !up.Created || up.User.Name != "Grace" || up.User.Fields["primaryEmail"] != "grace@example.com" {
			t.Fatalf("SignIn(sign-up link) = %+v, %v, want Grace's new account", up, err)
		}
		if up.User.Fields["emailVerifiedAt"] == nil {
			t.Errorf("the address of an account made by a link is not verified: %v", up.User.Fields)
		}
		if _, err := f.ml.SignIn(ctx, auth.NewSecret("not-a-token")); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Errorf("SignIn(junk) = %v, want invalid_token_or_expired", err)
		}
		// Grace now has a verified address: she gets sign-in links.
		if err := f.ml.Send(ctx, magiclink.SendRequest{Email: "grace@example.com"}); err != nil {
			t.Fatal(err)
		}
		again, err := f.ml.SignIn(ctx, auth.NewSecret(f.mail.Token(t, "grace@example.com", magiclink.PurposeSignIn)))
		if err != nil || again.User.ID != up.User.ID || again.Created {
			t.Fatalf("Grace's sign-in link = %+v, %v, want her account", again, err)
		}
	})
}

// TestSignUpOff: without WithSignUp an unknown address gets nothing.
func TestSignUpOff(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		f.send(t, f.c, map[string]string{"email": "nobody@example.com", "name": "Nobody"})
		f.user(t, "ada@example.com")
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		f.mail.Last(t, "ada@example.com", magiclink.PurposeSignIn) // waits for the delivery after the answer
		if msgs := f.mail.Messages("nobody@example.com"); len(msgs) != 0 {
			t.Errorf("an unknown address got %d messages with sign-up off", len(msgs))
		}
	})
}

// TestMessages: the default templates say what the link does and for how
// long.
func TestMessages(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, []magiclink.Option{magiclink.WithSignUp(true)})
		f.user(t, "ada@example.com")
		f.send(t, f.c, map[string]string{"email": "ada@example.com"})
		f.send(t, f.c, map[string]string{"email": "grace@example.com"})
		in := f.mail.Last(t, "ada@example.com", magiclink.PurposeSignIn)
		up := f.mail.Last(t, "grace@example.com", magiclink.PurposeSignUp)
		if in.Subject != "Your Acme sign-in link" || !strings.Contains(in.Text, "within 15 minutes") {
			t.Errorf("sign-in message %q %q", in.Subject, in.Text)
		}
		if up.Subject != "Create your Acme account" || !strings.Contains(up.Text, "grace@example.com") {
			t.Errorf("sign-up message %q %q", up.Subject, up.Text)
		}
	})
}
