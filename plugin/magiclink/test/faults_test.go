package test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugins touch, so that a failed call can be
// shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a string
	var n int64
	var when sql.Null[time.Time]
	var primary sql.Null[string]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), email.PrimaryEmail.Into(&primary), email.EmailVerifiedAt.Into(&when)).
		From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return fmt.Sprint("user ", id, primary, when) })
	collect(sqlb.Select(auth.IdentityID.Into(&id), auth.IdentityValue.Into(&a), auth.IdentityVerifiedAt.Into(&when)).
		From(auth.Identities).OrderBy(auth.IdentityID.Asc()), func() string { return fmt.Sprint("identity ", id, a, when) })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when, n) })
	collect(sqlb.Select(auth.OutboxID.Into(&id), auth.OutboxTo.Into(&a), auth.OutboxAttempts.Into(&n)).From(auth.Outbox).
		OrderBy(auth.OutboxID.Asc()), func() string { return fmt.Sprint("outbox ", id, a, n) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation over HTTP, the confirm
// page's POST among them, with a failure at each of its statements and
// at its commit: each run answers 500 with no detail and changes nothing,
// the outbox included when messages go through it.
func TestFaultsAtEveryStatement(t *testing.T) {
	for _, outbox := range []bool{false, true} {
		t.Run(map[bool]string{false: "messages after the answer", true: "outbox"}[outbox], func(t *testing.T) {
			authtest.Engines(t, func(t *testing.T, e *authtest.Engine) { faultsAtEveryStatement(t, e, outbox) })
		})
	}
}

func faultsAtEveryStatement(t *testing.T, e *authtest.Engine, outbox bool) {
	pool, faults := e.Faulty(t)
	mail := &authtest.Mailbox{}
	clock := authtest.NewClock(start)
	em := email.New(email.WithSender(mail))
	ml := magiclink.New(magiclink.WithSignUp(true))
	opts := []auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(em, ml),
		auth.WithClock(clock.Now), auth.WithoutRateLimits()}
	if outbox {
		opts = append(opts, auth.WithOutbox())
	}
	a, err := auth.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	mux.Handle(magiclink.LinkPath, ml.ConfirmPage())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	n := 0
	// deliver sends what the outbox holds, for the setup's next step.
	deliver := func(t *testing.T) {
		if _, err := a.DeliverOutbox(ctx); err != nil {
			t.Fatal(err)
		}
	}
	known := func(t *testing.T) string {
		n++
		addr := fmt.Sprintf("user%d@example.com", n)
		if _, err := a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		return addr
	}
	link := func(t *testing.T, addr, purpose string) string {
		if err := ml.Send(ctx, magiclink.SendRequest{Email: addr}); err != nil {
			t.Fatal(err)
		}
		deliver(t)
		return mail.Token(t, addr, purpose)
	}
	var path, contentType, body string
	ops := []struct {
		name  string
		setup func(t *testing.T)
	}{
		{"send to a known address", func(t *testing.T) {
			path, contentType, body = "/auth/magic-link/send", "application/json", `{"email":"`+known(t)+`","returnTo":"/next"}`
		}},
		{"send a sign-up link", func(t *testing.T) {
			n++
			path, contentType, body = "/auth/magic-link/send", "application/json", fmt.Sprintf(`{"email":"new%d@example.com","name":"New"}`, n)
		}},
		{"sign in", func(t *testing.T) {
			path, contentType, body = "/auth/magic-link/sign-in", "application/json", `{"token":"`+link(t, known(t), magiclink.PurposeSignIn)+`"}`
		}},
		{"sign up", func(t *testing.T) {
			n++
			token := link(t, fmt.Sprintf("new%d@example.com", n), magiclink.PurposeSignUp)
			path, contentType, body = "/auth/magic-link/sign-in", "application/json", `{"token":"`+token+`"}`
		}},
		{"sign up over a claim", func(t *testing.T) {
			n++
			addr := fmt.Sprintf("claim%d@example.com", n)
			if _, err := a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr}}}); err != nil {
				t.Fatal(err)
			}
			path, contentType, body = "/auth/magic-link/sign-in", "application/json", `{"token":"`+link(t, addr, magiclink.PurposeSignUp)+`"}`
		}},
		{"confirm page", func(t *testing.T) {
			token := link(t, known(t), magiclink.PurposeSignIn)
			path, contentType, body = magiclink.LinkPath, "application/x-www-form-urlencoded", url.Values{"token": {token}}.Encode()
		}},
	}
	clean := e.SQL()
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			b := &browser{tb: t, base: srv.URL, origin: "http://sesame.test", http: &http.Client{
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
			var before string
			setup := func(t *testing.T) {
				op.setup(t)
				before = state(t, clean)
			}
			run := func() error {
				res := b.do(http.MethodPost, path, contentType, body)
				switch {
				case res.Status == http.StatusOK, path == magiclink.LinkPath && res.Status == http.StatusSeeOther:
					return nil
				case path == magiclink.LinkPath:
					if res.Status != http.StatusInternalServerError || !strings.Contains(string(res.Body), "Something went wrong") {
						t.Errorf("faulted confirm = %d %s, want 500 and the page saying so", res.Status, res.Body)
					}
				case res.Status != http.StatusInternalServerError ||
					strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}`:
					t.Errorf("faulted POST %s = %d %s, want 500 internal with no detail", path, res.Status, res.Body)
				}
				return fmt.Errorf("status %d", res.Status)
			}
			check := func(t *testing.T) {
				t.Helper()
				if after := state(t, clean); after != before {
					t.Errorf("a failed %s changed the tables:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
				}
			}
			faults.Each(t, setup, run, check)
		})
	}
}
