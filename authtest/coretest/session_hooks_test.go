package coretest

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// shaper shapes every starting session and records account events.
type shaper struct {
	events []auth.AccountEvent
}

func (s *shaper) Name() string { return "shaper" }

func (s *shaper) StartingSession(_ context.Context, c *auth.Call, se *auth.Session) error {
	u, err := c.LoadUser(context.Background(), se.UserID)
	if err != nil {
		return err
	}
	switch u.Name {
	case "short":
		se.ExpiresAt = se.CreatedAt.Add(time.Hour)
	case "long":
		se.ExpiresAt = se.CreatedAt.Add(1000 * 24 * time.Hour)
	}
	return se.SetDataValue("shaped", u.Name)
}

func (s *shaper) AccountChanged(_ context.Context, _ *auth.Call, _ string, ev auth.AccountEvent) error {
	s.events = append(s.events, ev)
	return nil
}

// TestSessionStarterAndAccountObserver: a SessionStarter's data is stored
// with the session; it may shorten a session's life, which refreshes
// keep, but not lengthen it; an AccountObserver hears account events.
func TestSessionStarterAndAccountObserver(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		sh := &shaper{}
		f := newFixture(t, e, auth.WithPlugins(sh), auth.WithSessionUpdateAge(time.Minute))
		short := f.signIn(t, f.c, "short")
		if got := short.Session.ExpiresAt; !got.Equal(start.Add(time.Hour)) {
			t.Errorf("a shortened session expires at %v, want %v", got, start.Add(time.Hour))
		}
		var name string
		if ok, err := short.Session.DataValue("shaped", &name); !ok || err != nil || name != "short" {
			t.Errorf("DataValue(shaped) = %q, %v, %v; want the starter's value", name, ok, err)
		}
		f.clock.Advance(30 * time.Minute)
		var info struct{ Session *auth.Session }
		res := f.c.Get("/auth/session")
		res.Decode(t, &info)
		if want := start.Add(90 * time.Minute); res.Status != http.StatusOK || !info.Session.ExpiresAt.Equal(want) {
			t.Errorf("after a refresh the session expires at %v (%d), want %v: its own lifetime", info.Session.ExpiresAt, res.Status, want)
		}
		long := f.signIn(t, authtest.NewClient(t, f.h), "long")
		if want := f.clock.Now().Add(auth.DefaultSessionLifetime); !long.Session.ExpiresAt.Equal(want) {
			t.Errorf("a lengthened session expires at %v, want the instance's %v", long.Session.ExpiresAt, want)
		}
		if res := f.c.Post("/auth/sessions/revoke-others", nil); res.Status != http.StatusOK {
			t.Fatalf("revoke-others = %d %s", res.Status, res.Body)
		}
		if len(sh.events) != 1 || sh.events[0] != auth.SignedOutEverywhere {
			t.Errorf("the observer heard %v, want [signed_out_everywhere]", sh.events)
		}
	})
}
