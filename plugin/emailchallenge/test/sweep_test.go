package test

import (
	"context"
	"testing"
	"time"

	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/sqlb"
)

// TestSweep: Sweep drops challenges past their expiry and claim window,
// and keeps the others.
func TestSweep(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, false)
		ctx := context.Background()
		count := func() int64 {
			var n int64
			if err := e.SQL().One(ctx, sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(emailchallenge.Challenges)); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if _, err := f.ec.Start(ctx, emailchallenge.StartRequest{Email: "old@example.com"}); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(10*time.Minute + emailchallenge.ClaimWindow)
		if _, err := f.ec.Start(ctx, emailchallenge.StartRequest{Email: "new@example.com"}); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(time.Second)
		if _, err := f.a.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 1 {
			t.Errorf("%d challenges after the sweep, want the new one only", n)
		}
	})
}
