package coretest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/sessiondata"
)

// holdRevoke holds, in its session check (after the request's token was
// resolved against the user's epoch, before the operation's
// transaction), the sign-out of other sessions made with a context that
// carries a *held: a request whose body is slow to arrive.
type holdRevoke struct{}

type held struct{ reached, release chan struct{} }

type heldKey struct{}

func (holdRevoke) Name() string { return "hold-revoke" }

func (holdRevoke) CheckSession(ctx context.Context, c *auth.Call) error {
	if h, ok := ctx.Value(heldKey{}).(*held); ok && c.Op().Name == auth.OpRevokeOtherSessions {
		close(h.reached)
		<-h.release
	}
	return nil
}

// TestStatelessHeldRequestAcrossRevocation: a thief holding a copy of a
// stateless token starts "sign out my other sessions" and holds it open;
// the owner signs out everywhere meanwhile. The thief's request, resolved
// before the owner's event, must not advance the epoch past it and be
// issued a token under the newest epoch: it answers no_session and
// changes nothing, and the owner stays signed in. (Found by an attacker's
// review: the thief survived and the owner was signed out.)
func TestStatelessHeldRequestAcrossRevocation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		login := authtest.NewLogin()
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(login, holdRevoke{}), auth.WithoutRateLimits(), auth.WithStatelessSessions(sealerOf(t, newKey(t))))
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		owner, err := login.SignIn(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		thief, err := login.SignIn(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		h := &held{reached: make(chan struct{}), release: make(chan struct{})}
		thiefCtx := context.WithValue(auth.WithSessionToken(ctx, thief.Token), heldKey{}, h)
		done := make(chan error, 1)
		go func() { _, err := a.RevokeOtherSessions(thiefCtx); done <- err }()
		select {
		case <-h.reached:
		case <-time.After(10 * time.Second):
			t.Fatal("the thief's request never reached its session check")
		}
		ownerCtx := auth.WithSessionToken(ctx, owner.Token)
		if _, err := a.RevokeOtherSessions(ownerCtx); err != nil {
			t.Fatalf("the owner's sign-out everywhere: %v", err)
		}
		ownerToken, ok := auth.RequestFrom(ownerCtx).TakeReissued()
		if !ok {
			t.Fatal("the owner's kept session was not issued anew")
		}
		close(h.release)
		if err := <-done; !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("the thief's held request = %v, want no_session", err)
		}
		if tok, ok := auth.RequestFrom(thiefCtx).TakeReissued(); ok {
			if _, err := a.GetSession(auth.WithSessionToken(ctx, tok)); err == nil {
				t.Error("the thief was issued a live token")
			}
		}
		if _, err := a.GetSession(auth.WithSessionToken(ctx, thief.Token)); err == nil {
			t.Error("the thief's token outlived the owner's sign-out everywhere")
		}
		if _, err := a.GetSession(auth.WithSessionToken(ctx, ownerToken)); err != nil {
			t.Errorf("the owner's new token = %v, want it live", err)
		}
	})
}

// TestStatelessImpersonationStops: no server lists a user's stateless
// sessions, so an administrator cannot find an impersonation to stop it
// alone: StopImpersonating and ListUserSessions answer
// sessions_not_listed, never "0 ended" while it goes on (as they did,
// found by an attacker's review), and revoking the user's sessions ends
// it. The sessiondata plugin, which must list sessions, refuses the
// configuration.
func TestStatelessImpersonationStops(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newStateless(t, e, nil)
		uid := authtest.SignIn(t, s.client(t, true), "/auth", "ada").User.ID
		root := s.asAdmin(t)
		imp, err := s.adm.Impersonate(root, admin.ImpersonateRequest{UserID: uid, Minutes: 10})
		if err != nil {
			t.Fatal(err)
		}
		acting := s.presenting(t, imp.Token.Reveal())
		if res, _ := s.getSession(acting); res.Status != http.StatusOK {
			t.Fatalf("the impersonation's session = %d %s", res.Status, res.Body)
		}
		if n, err := s.adm.StopImpersonating(root, admin.StopRequest{UserID: uid}); !errors.Is(err, auth.ErrSessionsNotListed) {
			t.Errorf("StopImpersonating = %d, %v; want sessions_not_listed", n, err)
		}
		if l, err := s.adm.ListUserSessions(root, uid); !errors.Is(err, auth.ErrSessionsNotListed) {
			t.Errorf("ListUserSessions = %v, %v; want sessions_not_listed", l, err)
		}
		if res, _ := s.getSession(acting); res.Status != http.StatusOK {
			t.Fatalf("the impersonation's session after the refused stop = %d %s", res.Status, res.Body)
		}
		if err := s.adm.RevokeSessions(root, uid); err != nil {
			t.Fatal(err)
		}
		refused(t, "the impersonation after revoke-sessions", acting.Get("/auth/session"))

		_, err = auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(authtest.NewLogin(), sessiondata.New()), auth.WithStatelessSessions(sealerOf(t, newKey(t))))
		if err == nil || !strings.Contains(err.Error(), "stateless") {
			t.Errorf("auth.New with sessiondata and stateless sessions = %v, want a refusal naming stateless sessions", err)
		}
	})
}

// TestStatelessAbsoluteLifetimeLowered: a revocation is kept for the
// absolute lifetime after its session's start, by the instance's setting
// of the day; a token issued under a longer setting is over once today's
// is, so that it never outlives its revocation.
func TestStatelessAbsoluteLifetimeLowered(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		keys := sealerOf(t, newKey(t))
		list := auth.WithSessionRevocations(auth.DatabaseSessionRevocations())
		before := newStateless(t, e, keys, list, auth.WithSessionAbsoluteLifetime(30*day))
		after := newStateless(t, e, keys, list, auth.WithSessionAbsoluteLifetime(day))
		c := before.client(t, true)
		authtest.SignIn(t, c, "/auth", "ada")
		for _, s := range []*stateless{before, after} {
			s.clock.Advance(2 * day)
		}
		if res, _ := before.getSession(before.presenting(t, c.Token)); res.Status != http.StatusOK {
			t.Fatalf("the token two days on, under 30 days = %d %s", res.Status, res.Body)
		}
		refused(t, "the token two days on, once the absolute lifetime is one day", after.presenting(t, c.Token).Get("/auth/session"))
	})
}

// TestStatelessReissueNotCached: a host route through which a refreshed
// stateless token reaches its client (cookie or Auth-Token header) answers
// Cache-Control: no-store, so that no cache on the way keeps the token.
func TestStatelessReissueNotCached(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		s := newStateless(t, e, nil)
		for _, bearer := range []bool{true, false} {
			c := s.client(t, bearer)
			authtest.SignIn(t, c, "/auth", "ada")
			s.clock.Advance(2 * day)
			res := c.Get("/app/me")
			if res.Status != http.StatusOK || reissued(res) == "" {
				t.Fatalf("bearer %v: GET /app/me a refresh later = %d, reissued %q; want 200 and a new token", bearer, res.Status, reissued(res))
			}
			if got := res.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("bearer %v: Cache-Control of a host route that re-issued the token = %q, want no-store", bearer, got)
			}
		}
	})
}
