package coretest

import (
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// TestByCredential: a browser's session lives the web lifetime and an
// app's (the bearer transport) the app lifetime, each kept by refreshes;
// neither goes past the absolute lifetime.
func TestByCredential(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithSessionPolicy(auth.ByCredential(time.Hour, 90*24*time.Hour)),
			auth.WithSessionUpdateAge(time.Minute), auth.WithSessionAbsoluteLifetime(60*24*time.Hour))
		browser := f.signIn(t, f.c, "ada")
		app := authtest.NewClient(t, f.h)
		app.Bearer = true
		phone := f.signIn(t, app, "ada")
		if got, want := browser.Session.ExpiresAt, start.Add(time.Hour); !got.Equal(want) {
			t.Errorf("a browser's session expires at %v, want %v", got, want)
		}
		if got, want := phone.Session.ExpiresAt, start.Add(60*24*time.Hour); !got.Equal(want) {
			t.Errorf("an app's session expires at %v, want the absolute lifetime's %v", got, want)
		}
		f.clock.Advance(30 * time.Minute)
		var info struct{ Session *auth.Session }
		res := f.c.Get("/auth/session")
		res.Decode(t, &info)
		if want := f.clock.Now().Add(time.Hour); res.Status != http.StatusOK || !info.Session.ExpiresAt.Equal(want) {
			t.Errorf("a refreshed browser session expires at %v (%d), want %v: it keeps its hour", info.Session.ExpiresAt, res.Status, want)
		}
	})
}
