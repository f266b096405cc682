package test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/username"
)

// TestGoCalls runs the journey as typed Go calls, with the session of
// auth.WithSessionToken: sign-up and sign-in by username, look-alikes,
// reserved names, the check, a change under the cool-down.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ctx := context.Background()
		pw := auth.NewSecret("correct horse")
		res, err := f.pw.SignUp(ctx, password.SignUpRequest{Username: "JaneDoe", Password: pw, Name: "Jane"})
		if err != nil || res.Status != password.StatusCreated {
			t.Fatalf("SignUp = %+v, %v; want created", res, err)
		}
		for _, tt := range []struct {
			name string
			want error
		}{
			{"j\u0430nedoe", username.ErrTaken}, {"Administrator", username.ErrReserved}, {"a b", username.ErrInvalid},
		} {
			if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Username: tt.name, Password: pw}); !errors.Is(err, tt.want) {
				t.Errorf("SignUp(%q) = %v, want %v", tt.name, err, tt.want)
			}
		}
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Identifier: "ＪａｎｅＤｏｅ", Password: pw})
		if err != nil || in.User.Fields["username"] != "JaneDoe" {
			t.Fatalf("SignIn = %+v, %v", in.User, err)
		}
		if _, err := f.pw.SignIn(ctx, password.SignInRequest{Username: "JaneDoe", Password: auth.NewSecret("wrong horse")}); !errors.Is(err, password.ErrInvalidCredentials) {
			t.Errorf("SignIn with a wrong password = %v, want invalid_credentials", err)
		}
		if _, err := f.pw.SignIn(ctx, password.SignInRequest{Identifier: "JaneDoe", Kind: "phone", Password: pw}); !errors.Is(err, auth.ErrInvalidInput) {
			t.Errorf("SignIn by a kind the app has not = %v, want invalid_input", err)
		}

		av, err := f.names.Check(ctx, "janedoe")
		if err != nil || av.Available {
			t.Errorf("Check(janedoe) as a server call = %+v, %v; want taken", av, err)
		}
		as := auth.WithSessionToken(ctx, in.Token)
		if av, err := f.names.Check(as, "janedoe"); err != nil || !av.Available {
			t.Errorf("Check(janedoe) as Jane = %+v, %v; want hers", av, err)
		}
		if _, err := f.names.Set(ctx, "JaneRoe"); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Set without a session = %v, want no_session", err)
		}
		if shown, err := f.names.Set(as, "JaneRoe"); err != nil || shown != "JaneRoe" {
			t.Fatalf("Set(JaneRoe) = %q, %v", shown, err)
		}
		var ae *auth.Error
		if _, err := f.names.Set(as, "JaneMoe"); !errors.As(err, &ae) || ae.Code != username.ErrCoolDown.Code || ae.RetryAfter != 7*24*time.Hour {
			t.Errorf("a second Set = %v, want username_cool_down for 7 days", err)
		}
	})
}

// TestOneHashPerSignIn: every sign-in by username or identifier computes
// exactly one password hash, for a known name, an unknown one, a
// malformed one and a look-alike.
func TestOneHashPerSignIn(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{withEmail: true})
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Username: "JaneDoe", Email: "jane@example.com", Password: auth.NewSecret("correct horse")}); err != nil {
			t.Fatal(err)
		}
		for _, in := range []password.SignInRequest{
			{Username: "JaneDoe"}, {Username: "JohnDoe"}, {Username: "a b"}, {Username: "j\u0430nedoe"},
			{Identifier: "JaneDoe"}, {Identifier: "nobody"}, {Identifier: "nobody@example.com"}, {Identifier: "jane@example.com"},
		} {
			for _, pw := range []string{"correct horse", "wrong horse"} {
				in.Password = auth.NewSecret(pw)
				before := f.hasher.n.Load()
				f.pw.SignIn(ctx, in)
				if n := f.hasher.n.Load() - before; n != 1 {
					t.Errorf("SignIn(%+v, %s) computed %d hashes, want 1", in, pw, n)
				}
			}
		}
	})
}
