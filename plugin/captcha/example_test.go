package captcha_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/captcha"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: Turnstile guards the default operations; its widget declares
// the action "magic-link" on the sign-in form. The journeys run in the
// plugin's test module (plugin/captcha/test), against fake verify servers,
// on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	cp := captcha.New(captcha.Turnstile(auth.NewSecret(os.Getenv("TURNSTILE_SECRET"))),
		captcha.WithAction(magiclink.OpSend, "magic-link"))
	_, err = auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(magiclink.New(), cp))
	if err != nil {
		log.Fatal(err)
	}
}

// Only when demanded: reCAPTCHA v3 with a score threshold, asked for only
// once a client passes ten magic-link requests a minute.
func ExampleOnlyWhenDemanded() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	cp := captcha.New(captcha.ReCAPTCHA(auth.NewSecret(os.Getenv("RECAPTCHA_SECRET"))),
		captcha.OnlyWhenDemanded(), captcha.WithMinScore(0.5), captcha.WithAction(magiclink.OpSend, "magic_link"))
	_, err = auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(magiclink.New(), cp),
		auth.WithRateLimit(magiclink.OpSend, auth.RateRules{
			IP: auth.RateRule{Limit: 60, Window: time.Minute, Sliding: true, Challenge: 10},
		}))
	if err != nil {
		log.Fatal(err)
	}
}

// A server-rendered page posts a form: it cannot set the X-Captcha-Token
// header, so the page reads the widget's field and passes the token to
// the operation it runs.
func ExampleTokenFromForm() {
	form := url.Values{"email": {"ada@example.com"}, "cf-turnstile-response": {"0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p"}}
	r := httptest.NewRequest(http.MethodPost, "/sign-in", strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")

	ctx := captcha.WithToken(r.Context(), captcha.TokenFromForm(r))
	token, _ := auth.Proof(ctx, captcha.Header)
	fmt.Println(token, token.Reveal())
	// Output: [redacted] 0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p
}

// A provider of the host's own plugs in as a Verifier.
func ExampleVerifier() {
	var v captcha.Verifier = verifierFunc(func(ctx context.Context, token auth.Secret, remoteIP string) (*captcha.Verdict, error) {
		// Ask the provider here; an error refuses the call (captcha_unavailable).
		return &captcha.Verdict{Success: true, Hostname: "acme.example", ChallengeTS: time.Now()}, nil
	})
	_ = captcha.New(v)
}

type verifierFunc func(ctx context.Context, token auth.Secret, remoteIP string) (*captcha.Verdict, error)

func (f verifierFunc) Verify(ctx context.Context, token auth.Secret, remoteIP string) (*captcha.Verdict, error) {
	return f(ctx, token, remoteIP)
}
