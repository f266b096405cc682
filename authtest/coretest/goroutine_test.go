package coretest

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestNoGoroutineOutlivesACall runs every core operation, a sweep, a
// migration, its plans and a schema check as Go calls and checks that no
// goroutine is left behind. A first round warms the pool up, since a
// driver may keep a goroutine per open connection.
func TestNoGoroutineOutlivesACall(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		login := authtest.NewLogin()
		clock := authtest.NewClock(start)
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(login),
			auth.WithClock(clock.Now), auth.WithSessionUpdateAge(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		round := func() {
			t.Helper()
			if err := a.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			in, err := login.SignIn(ctx, "ada")
			if err != nil {
				t.Fatal(err)
			}
			other, err := login.SignIn(ctx, "ada")
			if err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Hour)
			as := auth.WithSessionToken(ctx, in.Token)
			if _, err := a.GetSession(as); err != nil {
				t.Fatal(err)
			}
			if _, err := a.ListSessions(as); err != nil {
				t.Fatal(err)
			}
			if err := a.RevokeSession(as, other.Session.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := a.RevokeOtherSessions(as); err != nil {
				t.Fatal(err)
			}
			if err := a.SignOut(as); err != nil {
				t.Fatal(err)
			}
			if _, err := a.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := a.PlanMigrations(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := a.PlanMigrations(ctx, auth.PlanEmpty(e.Dialect)); err != nil {
				t.Fatal(err)
			}
			if _, err := a.CheckSchema(ctx); err != nil {
				t.Fatal(err)
			}
		}
		round()
		before := runtime.NumGoroutine()
		round()
		// A goroutine that a call ended may still be on its way out (the
		// pool closing an idle connection): wait for the count to settle,
		// for at most five seconds. A leaked goroutine never leaves.
		after := runtime.NumGoroutine()
		for deadline := time.Now().Add(5 * time.Second); after > before && time.Now().Before(deadline); after = runtime.NumGoroutine() {
			time.Sleep(10 * time.Millisecond)
		}
		if after > before {
			buf := make([]byte, 1<<16)
			t.Errorf("goroutines: %d before a round of calls, %d after\n%s", before, after, buf[:runtime.Stack(buf, true)])
		}
	})
}
