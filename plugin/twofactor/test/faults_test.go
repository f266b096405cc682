package test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/twofactor/totp"
	"github.com/sesame-go/sesame/sqlb"
)

// state renders every row the plugin and the sessions hold, so that a
// failed call can be shown to have changed nothing.
func state(t *testing.T, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, a string
	var n int64
	var on bool
	var when, when2 nullTime
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&id), twofactor.Enabled.Into(&on)).From(auth.Users).OrderBy(auth.UserID.Asc()),
		func() string { return fmt.Sprint("user ", id, on) })
	collect(sqlb.Select(auth.SessionID.Into(&id), auth.SessionData.Into(&a)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()),
		func() string { return "session " + id + a })
	collect(sqlb.Select(auth.TokenID.Into(&id), auth.TokenConsumedAt.Into(&when), auth.TokenAttempts.Into(&n)).
		From(auth.Tokens).OrderBy(auth.TokenID.Asc()), func() string { return fmt.Sprint("token ", id, when, n) })
	collect(sqlb.Select(twofactor.FactorID.Into(&id), twofactor.FactorLastStep.Into(&n), twofactor.FactorConfirmedAt.Into(&when),
		twofactor.FactorLastUsedAt.Into(&when2), twofactor.FactorKey.Into(&a)).From(twofactor.Factors).OrderBy(twofactor.FactorID.Asc()),
		func() string { return fmt.Sprint("factor ", id, n, when, when2, a) })
	var hash []byte
	collect(sqlb.Select(twofactor.RecoveryHash.Into(&hash), twofactor.RecoveryUsedAt.Into(&when)).From(twofactor.RecoveryCodes).
		OrderBy(twofactor.RecoveryHash.Asc()), func() string { return fmt.Sprintf("code %x %v", hash, when) })
	collect(sqlb.Select(twofactor.AttemptScope.Into(&id), twofactor.AttemptFailures.Into(&n)).From(twofactor.Attempts).
		OrderBy(twofactor.AttemptScope.Asc()), func() string { return fmt.Sprint("attempts ", id, n) })
	collect(sqlb.Select(twofactor.DeviceHash.Into(&hash)).From(twofactor.Devices).OrderBy(twofactor.DeviceHash.Asc()),
		func() string { return fmt.Sprintf("device %x", hash) })
	return strings.Join(out, "\n")
}

// TestFaultsAtEveryStatement runs every operation of the plugin, and a
// password sign-in that starts a pending session, with a failure at each
// statement and at the commit: each run answers 500 and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		mail := &authtest.Mailbox{}
		clock := authtest.NewClock(start)
		hasher, _ := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
		box := &smsBox{}
		tf := twofactor.New(twofactor.WithEmailCodes(0), twofactor.WithTextCodes(0), twofactor.WithTrustDevice(time.Hour),
			twofactor.WithSecretKeys(make([]byte, 32)))
		a, err := auth.New(auth.WithDB(pool, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
			auth.WithPlugins(email.New(email.WithSender(mail)), password.New(password.WithHasher(hasher)), tf,
				phone.New(phone.WithSender(box), phone.WithPrefixLimit(phone.PrefixLimit{}))), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Handler(a)
		n := 0
		var c *authtest.Client
		var key totp.Key
		var codes []string
		var factorID, addr string
		must := func(t *testing.T, path string, body any) *authtest.Response {
			t.Helper()
			res := c.Post(path, body)
			if res.Status != http.StatusOK {
				t.Fatalf("setup POST %s = %d %s", path, res.Status, res.Body)
			}
			return res
		}
		// account makes a verified account signed in on a new browser c,
		// with an authenticator app when withFactor.
		account := func(t *testing.T, withFactor bool) {
			n++
			clock.Advance(time.Minute)
			addr = fmt.Sprintf("user%d@example.com", n)
			c = authtest.NewClient(t, h)
			must(t, "/auth/password/sign-up", map[string]string{"email": addr, "password": pw})
			must(t, "/auth/email/verify", map[string]string{"token": mail.Token(t, addr, email.PurposeVerify)})
			must(t, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
			if !withFactor {
				return
			}
			var en struct{ FactorID, URI string }
			must(t, "/auth/two-factor/enrol", map[string]string{"method": "totp"}).Decode(t, &en)
			key, _, _, _ = totp.ParseURI(en.URI)
			var conf struct{ RecoveryCodes []string }
			must(t, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": key.Code(clock.Now())}).Decode(t, &conf)
			codes, factorID = conf.RecoveryCodes, en.FactorID
			clock.Advance(30 * time.Second)
		}
		// texting gives the account of c a verified number and, when
		// enrolled, a confirmed texted-codes factor.
		var number string
		texting := func(t *testing.T, enrolled bool) {
			number = fmt.Sprintf("+447700%06d", n)
			must(t, "/auth/phone/add", map[string]string{"phone": number})
			must(t, "/auth/phone/verify", map[string]string{"phone": number, "code": box.code(t, number, phone.PurposeVerify)})
			if !enrolled {
				return
			}
			var en struct{ FactorID string }
			must(t, "/auth/two-factor/enrol", map[string]string{"method": "sms"}).Decode(t, &en)
			must(t, "/auth/two-factor/confirm", map[string]string{"factorId": en.FactorID, "code": box.code(t, number, "two-factor-code")})
		}
		textPending := func(t *testing.T) {
			account(t, false)
			texting(t, true)
			c = authtest.NewClient(t, h)
			must(t, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
		}
		pending := func(t *testing.T) {
			account(t, true)
			c = authtest.NewClient(t, h)
			must(t, "/auth/password/sign-in", map[string]string{"email": addr, "password": pw})
		}
		var body any
		ops := []struct {
			name, path string
			setup      func(t *testing.T)
		}{
			{"sign-in to a pending session", "/auth/password/sign-in", func(t *testing.T) {
				account(t, true)
				c = authtest.NewClient(t, h)
				body = map[string]string{"email": addr, "password": pw}
			}},
			{"enrol an app", "/auth/two-factor/enrol", func(t *testing.T) { account(t, false); body = map[string]string{"method": "totp"} }},
			{"enrol mailed codes", "/auth/two-factor/enrol", func(t *testing.T) { account(t, false); body = map[string]string{"method": "email"} }},
			{"confirm", "/auth/two-factor/confirm", func(t *testing.T) {
				account(t, false)
				var en struct{ FactorID, URI string }
				must(t, "/auth/two-factor/enrol", map[string]string{"method": "totp"}).Decode(t, &en)
				k, _, _, _ := totp.ParseURI(en.URI)
				body = map[string]string{"factorId": en.FactorID, "code": k.Code(clock.Now())}
			}},
			{"verify an app's code, trusting the browser", "/auth/two-factor/verify", func(t *testing.T) {
				pending(t)
				body = map[string]any{"method": "totp", "code": key.Code(clock.Now()), "trustDevice": true}
			}},
			{"verify a recovery code", "/auth/two-factor/verify", func(t *testing.T) {
				pending(t)
				body = map[string]string{"method": "recovery", "code": codes[0]}
			}},
			{"enrol texted codes", "/auth/two-factor/enrol", func(t *testing.T) {
				account(t, false)
				texting(t, false)
				body = map[string]string{"method": "sms"}
			}},
			{"confirm texted codes", "/auth/two-factor/confirm", func(t *testing.T) {
				account(t, false)
				texting(t, false)
				var en struct{ FactorID string }
				must(t, "/auth/two-factor/enrol", map[string]string{"method": "sms"}).Decode(t, &en)
				body = map[string]string{"factorId": en.FactorID, "code": box.code(t, number, "two-factor-code")}
			}},
			{"text a code", "/auth/two-factor/send-code", func(t *testing.T) {
				textPending(t)
				body = map[string]string{"method": "sms"}
			}},
			{"verify a texted code", "/auth/two-factor/verify", func(t *testing.T) {
				textPending(t)
				must(t, "/auth/two-factor/send-code", map[string]string{"method": "sms"})
				body = map[string]string{"method": "sms", "code": box.code(t, number, "two-factor-code")}
			}},
			{"remove", "/auth/two-factor/remove", func(t *testing.T) { account(t, true); body = map[string]string{"factorId": factorID} }},
			{"new recovery codes", "/auth/two-factor/recovery-codes", func(t *testing.T) { account(t, true); body = nil }},
		}
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before = state(t, clean)
				}, func() error {
					res := c.Post(op.path, body)
					if res.Status == http.StatusOK {
						return nil
					}
					if res.Status != http.StatusInternalServerError || res.ErrorCode() != "internal" {
						t.Fatalf("POST %s with a fault = %d %s, want 500 internal", op.path, res.Status, res.Body)
					}
					return fmt.Errorf("%d", res.Status)
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}
