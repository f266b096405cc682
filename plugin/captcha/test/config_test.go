package test

import (
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/captcha"
)

// TestConfiguration: auth.New refuses the plugin's bad options, and
// operations it cannot guard.
func TestConfiguration(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}
	good := captcha.Turnstile(auth.NewSecret(secret))
	for _, tt := range []struct {
		name string
		p    *captcha.Plugin
		want string // in the error; "" for none
	}{
		{"the defaults", captcha.New(good), ""},
		{"an operation of the instance", captcha.New(good, captcha.WithOperations(signIn), captcha.WithAction(signIn, "login")), ""},
		{"no verifier", captcha.New(nil), "needs a Verifier"},
		{"an empty secret", captcha.New(captcha.HCaptcha(auth.Secret{})), "secret key is empty"},
		{"a bad endpoint", captcha.New(captcha.ReCAPTCHA(auth.NewSecret(secret), captcha.WithEndpoint("ftp://x"))), "endpoint"},
		{"a nil HTTP client", captcha.New(captcha.Turnstile(auth.NewSecret(secret), captcha.WithHTTPClient((*http.Client)(nil)))), "HTTP client"},
		{"an unknown operation", captcha.New(good, captcha.WithOperations("nope.op")), `no operation "nope.op"`},
		{"an action of an unknown operation", captcha.New(good, captcha.WithAction("nope.op", "x")), `no operation "nope.op"`},
		{"an empty action", captcha.New(good, captcha.WithAction(signIn, "")), "needs an action"},
		{"a score over 1", captcha.New(good, captcha.WithMinScore(1.5)), "minimum score"},
		{"a NaN score", captcha.New(good, captcha.WithMinScore(math.NaN())), "minimum score"},
		{"a max age of a second", captcha.New(good, captcha.WithMaxAge(time.Second)), "WithMaxAge"},
		{"a timeout of a minute", captcha.New(good, captcha.WithTimeout(time.Minute)), "WithTimeout"},
	} {
		_, err := auth.New(append(append([]auth.Option(nil), base...), auth.WithPlugins(authtest.NewLogin(), tt.p))...)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: New = %v, want no error", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: New = %v, want an error about %q", tt.name, err, tt.want)
		}
	}
}
