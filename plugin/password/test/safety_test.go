package test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/breach"
	"github.com/sesame-go/sesame/plugin/password/breach/breachtest"
	"github.com/sesame-go/sesame/sqlb"
)

// TestValidate: the plugin refuses to start without a way to recover a
// password or without addresses to sign in with.
func TestValidate(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}
		tests := []struct {
			name    string
			plugins []auth.Plugin
			want    string
		}{
			{"no sender", []auth.Plugin{email.New(), password.New()}, "no way to recover a password"},
			{"no email plugin", []auth.Plugin{password.New(password.WithoutRecovery())}, "needs a unique sign-in identifier"},
			{"bad lengths", []auth.Plugin{email.New(email.WithSender(&authtest.Mailbox{})), password.New(password.WithLength(10, 5))}, "password lengths"},
		}
		for _, tt := range tests {
			_, err := auth.New(append(base, auth.WithPlugins(tt.plugins...))...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: New = %v, want an error containing %q", tt.name, err, tt.want)
			}
		}
		if _, err := auth.New(append(base, auth.WithPlugins(email.New(), password.New(password.WithoutRecovery())))...); err != nil {
			t.Errorf("New with WithoutRecovery = %v, want nil", err)
		}
	})
}

// TestBreachedPasswords: with a breach check, a known password is refused
// at sign-up, reset and change; only the hash prefix leaves the server.
func TestBreachedPasswords(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		srv := breachtest.NewServer(t, "password123")
		f := newFixture(t, e, password.WithBreachCheck(breach.New(breach.WithBaseURL(srv.URL), breach.FailClosed())))
		res := f.c.Post("/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": "password123"})
		wantError(t, "sign-up with a breached password", res, http.StatusBadRequest, "password_breached")
		f.signUp(t, "ada@example.com", "a fine long password")
		for _, r := range srv.Requests() {
			if strings.Contains(r.RequestURI, breachtest.Hash("password123")[5:]) || len(strings.TrimPrefix(r.Path, "/range/")) != 5 {
				t.Errorf("the breach service saw %q", r.RequestURI)
			}
		}
		srv.SetHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
		res = f.c.Post("/auth/password/sign-up", map[string]string{"email": "bo@example.com", "password": "another fine one"})
		wantError(t, "sign-up while the check fails closed", res, http.StatusServiceUnavailable, "password_check_unavailable")
	})
}

// printer is a plugin whose before-hook prints every operation's input,
// as the handler gets it (with what Prepare computed), with fmt's verbs
// and slog's handlers.
type printer struct{ out bytes.Buffer }

func (p *printer) Name() string { return "printer" }

func (p *printer) Before(_ context.Context, c *auth.Call, in any) error {
	fmt.Fprintf(&p.out, "%s: %v %+v %#v %s\n", c.Op().Name, in, in, in, in)
	slog.New(slog.NewTextHandler(&p.out, nil)).Info("input", "in", in)
	slog.New(slog.NewJSONHandler(&p.out, nil)).Info("input", "in", in)
	return nil
}

// TestNoSecretsLeak runs the whole journey with every log record captured
// and every input printed, and finds no password, hash or token in logs,
// answers, errors or printed inputs.
func TestNoSecretsLeak(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		var logs bytes.Buffer
		inputs := &printer{}
		f := newFixtureWith(t, e, []auth.Option{auth.WithoutRateLimits(), auth.WithPlugins(inputs),
			auth.WithLogger(slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))})
		const pw = "s3cret-horse-battery"
		var bodies []string
		record := func(res *authtest.Response) { bodies = append(bodies, string(res.Body), fmt.Sprint(res.Header)) }
		record(f.c.Post("/auth/password/sign-up", map[string]string{"email": "ada@example.com", "password": pw}))
		verify := f.mail.Token(t, "ada@example.com", email.PurposeVerify)
		record(f.c.Post("/auth/email/verify", map[string]string{"token": verify}))
		record(f.c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": pw}))
		record(f.c.Post("/auth/password/sign-in", map[string]string{"email": "ada@example.com", "password": pw + "x"}))
		record(f.c.Post("/auth/password/forgot", map[string]string{"email": "ada@example.com"}))
		reset := f.mail.Token(t, "ada@example.com", password.PurposeReset)
		record(f.c.Post("/auth/password/reset", map[string]string{"token": reset, "password": pw + "2"}))
		_, err := f.pw.SignIn(context.Background(), password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)})
		req := password.SignInRequest{Email: "ada@example.com", Password: auth.NewSecret(pw)}
		asJSON, _ := json.Marshal(req)
		var hash string
		if err := f.a.DB().One(context.Background(), sqlb.Select(password.PasswordHash.Into(&hash)).From(password.Passwords)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(inputs.out.String(), "password.reset") {
			t.Fatalf("the printer saw no reset:\n%s", inputs.out.String())
		}
		haystack := strings.Join(append(bodies, logs.String(), inputs.out.String(), fmt.Sprint(err),
			fmt.Sprintf("%v %+v %#v", req, req, req), string(asJSON)), "\n")
		for what, secret := range map[string]string{"password": pw, "hash": hash, "verification token": verify, "reset token": reset,
			"any argon2id hash": "$argon2id$"} {
			if strings.Contains(haystack, secret) {
				t.Errorf("the %s leaked into logs, answers or errors", what)
			}
		}
	})
}
