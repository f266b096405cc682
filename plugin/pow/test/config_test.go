package test

import (
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/pow"
)

// TestConfiguration: auth.New refuses a challenge threshold without a
// Challenger or at or over its limit, and the plugin's bad options.
func TestConfiguration(t *testing.T) {
	e := authtest.SQLiteEngine(t)
	base := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL)}
	rule := func(challenge int) auth.Option {
		return auth.WithRateLimit(signIn, auth.RateRules{IP: auth.RateRule{Limit: 5, Window: time.Minute, Challenge: challenge}})
	}
	for _, tt := range []struct {
		name string
		opts []auth.Option
		want string // in the error; "" for none
	}{
		{"a threshold with a challenger", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New()), rule(2)}, ""},
		{"a threshold without a challenger", []auth.Option{auth.WithPlugins(authtest.NewLogin()), rule(2)}, "needs a Challenger"},
		{"a threshold at the limit", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New()), rule(5)}, "below its limit"},
		{"a negative threshold", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New()), rule(-1)}, "below its limit"},
		{"an unknown operation", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New(pow.WithOperations("nope.op")))}, `no operation "nope.op"`},
		{"difficulty 0", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New(pow.WithDifficulty(0)))}, "difficulty"},
		{"difficulty 33", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New(pow.WithDifficulty(33), pow.WithRaise(0, 33)))}, "difficulty"},
		{"a maximum under the difficulty", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New(pow.WithRaise(1, 10)))}, "WithRaise"},
		{"a TTL of a second", []auth.Option{auth.WithPlugins(authtest.NewLogin(), pow.New(pow.WithTTL(time.Second)))}, "WithTTL"},
	} {
		_, err := auth.New(append(append([]auth.Option(nil), base...), tt.opts...)...)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: New = %v, want no error", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: New = %v, want an error about %q", tt.name, err, tt.want)
		}
	}
}
