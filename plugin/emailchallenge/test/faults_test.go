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
	"github.com/sesame-go/sesame/plugin/emailchallenge"
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
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return "user " + id })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when, n) })
	collect(sqlb.Select(emailchallenge.ChallengeID.Into(&id), emailchallenge.ChallengeCompleted.Into(&when)).
		From(emailchallenge.Challenges).OrderBy(emailchallenge.ChallengeID.Asc()), func() string { return fmt.Sprint("challenge ", id, when) })
	collect(sqlb.Select(auth.OutboxID.Into(&id), auth.OutboxTo.Into(&a), auth.OutboxAttempts.Into(&n)).From(auth.Outbox).
		OrderBy(auth.OutboxID.Asc()), func() string { return fmt.Sprint("outbox ", id, a, n) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation over HTTP, the confirm
// page's POST among them, with a failure at each of its statements and
// at its commit: each run answers 500 with no detail and changes nothing.
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
	ec := emailchallenge.New()
	opts := []auth.Option{auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(email.WithSender(mail)), ec), auth.WithClock(clock.Now), auth.WithoutRateLimits()}
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
	mux.Handle(emailchallenge.LinkPath, ec.ConfirmPage())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	n := 0
	known := func(t *testing.T) string {
		n++
		addr := fmt.Sprintf("user%d@example.com", n)
		if _, err := a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		return addr
	}
	// started starts a challenge for a new person as a Go call and
	// returns its binding, link token and code.
	started := func(t *testing.T) (binding, token, code string) {
		addr := known(t)
		st, err := ec.Start(ctx, emailchallenge.StartRequest{Email: addr})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.DeliverOutbox(ctx); err != nil {
			t.Fatal(err)
		}
		return st.Challenge.Reveal(), mail.Token(t, addr, emailchallenge.PurposeChallenge), mail.Code(t, addr, emailchallenge.PurposeChallenge)
	}
	type request struct {
		path, contentType, body string
		ok                      int
	}
	var req request
	js := func(path, body string) request { return request{path, "application/json", body, http.StatusOK} }
	ops := []struct {
		name  string
		setup func(t *testing.T)
	}{
		{"start for a known address", func(t *testing.T) {
			req = js("/auth/email-challenge/start", `{"email":"`+known(t)+`","returnTo":"/next"}`)
		}},
		{"start for an unknown address", func(t *testing.T) {
			n++
			req = js("/auth/email-challenge/start", fmt.Sprintf(`{"email":"nobody%d@example.com"}`, n))
		}},
		{"approve from another browser", func(t *testing.T) {
			_, token, _ := started(t)
			req = js("/auth/email-challenge/approve", `{"token":"`+token+`"}`)
		}},
		{"approve from the browser that asked", func(t *testing.T) {
			b, token, _ := started(t)
			req = js("/auth/email-challenge/approve", `{"token":"`+token+`","challenge":"`+b+`"}`)
		}},
		{"code", func(t *testing.T) {
			b, _, code := started(t)
			req = js("/auth/email-challenge/code", `{"code":"`+code+`","challenge":"`+b+`"}`)
		}},
		{"status once approved", func(t *testing.T) {
			b, token, _ := started(t)
			if _, err := ec.Approve(ctx, auth.NewSecret(token)); err != nil {
				t.Fatal(err)
			}
			req = js("/auth/email-challenge/status", `{"challenge":"`+b+`"}`)
		}},
		{"status pending", func(t *testing.T) {
			b, _, _ := started(t)
			req = js("/auth/email-challenge/status", `{"challenge":"`+b+`"}`)
		}},
		{"confirm page", func(t *testing.T) {
			_, token, _ := started(t)
			req = request{emailchallenge.LinkPath, "application/x-www-form-urlencoded", url.Values{"token": {token}}.Encode(), http.StatusOK}
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
				res := b.do(http.MethodPost, req.path, req.contentType, req.body, nil)
				switch {
				case res.Status == req.ok:
					return nil
				case req.path == emailchallenge.LinkPath:
					if res.Status != http.StatusInternalServerError || !strings.Contains(string(res.Body), "Something went wrong") {
						t.Errorf("faulted confirm = %d %s, want 500 and the page saying so", res.Status, res.Body)
					}
				case res.Status != http.StatusInternalServerError ||
					strings.TrimSpace(string(res.Body)) != `{"error":{"code":"internal","message":"internal error"}}`:
					t.Errorf("faulted POST %s = %d %s, want 500 internal with no detail", req.path, res.Status, res.Body)
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
