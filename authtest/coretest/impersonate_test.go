package coretest

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
)

// impersonator is a test plugin whose operations call the core's
// impersonation methods, and whose starter records what it saw.
type impersonator struct {
	start, list, end *auth.Op[auth.RevokeRequest, auth.SessionList]
	seen             []string
}

func (p *impersonator) Name() string { return "impersonator" }

func (p *impersonator) Operations() []auth.Operation {
	return []auth.Operation{p.start, p.list, p.end}
}

func (p *impersonator) StartingSession(_ context.Context, _ *auth.Call, s *auth.Session) error {
	p.seen = append(p.seen, s.ImpersonatorID)
	return nil
}

func newImpersonator() *impersonator {
	p := &impersonator{}
	op := func(name, path string, h func(ctx context.Context, c *auth.Call, in auth.RevokeRequest) (auth.SessionList, error)) *auth.Op[auth.RevokeRequest, auth.SessionList] {
		return &auth.Op[auth.RevokeRequest, auth.SessionList]{Name: name, Method: http.MethodPost, Path: path,
			Session: auth.SessionOptional, Writes: true, Handler: h}
	}
	p.start = op("impersonator.start", "/imp/start", func(ctx context.Context, c *auth.Call, in auth.RevokeRequest) (auth.SessionList, error) {
		s, _, err := c.Impersonate(ctx, in.ID, 2*time.Hour)
		return auth.SessionList{Sessions: []*auth.Session{s}}, err
	})
	p.list = op("impersonator.list", "/imp/list", func(ctx context.Context, c *auth.Call, in auth.RevokeRequest) (auth.SessionList, error) {
		l, err := c.UserSessions(ctx, in.ID)
		return auth.SessionList{Sessions: l}, err
	})
	p.end = op("impersonator.end", "/imp/end", func(ctx context.Context, c *auth.Call, in auth.RevokeRequest) (auth.SessionList, error) {
		l, err := c.UserSessions(ctx, in.ID)
		if err != nil {
			return auth.SessionList{}, err
		}
		var ids []string
		for _, s := range l {
			if s.ImpersonatorID != "" {
				ids = append(ids, s.ID)
			}
		}
		_, err = c.EndUserSessions(ctx, in.ID, ids...)
		return auth.SessionList{}, err
	})
	return p
}

// TestImpersonate: Call.Impersonate starts a session of another user
// whose ImpersonatorID is the caller's, capped at MaxImpersonation, which
// the starters see and the store keeps on every store; UserSessions lists
// it and EndUserSessions ends it; there is no impersonation without a
// signed-in caller.
func TestImpersonate(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, store := range []auth.SessionStore{nil, auth.NewMemorySessionStore()} {
			p := newImpersonator()
			opts := []auth.Option{auth.WithPlugins(p)}
			if store != nil {
				opts = append(opts, auth.WithSessionStore(store))
			}
			f := newFixture(t, e, opts...)
			adm := f.signIn(t, f.c, "imp-admin")
			ada := f.signIn(t, authtest.NewClient(t, f.h), "imp-ada")
			wantError(t, "impersonate with no caller", authtest.NewClient(t, f.h).Post("/auth/imp/start", map[string]string{"id": ada.User.ID}),
				http.StatusUnauthorized, "no_session")
			f.clock.Advance(time.Second)
			var started auth.SessionList
			res := f.c.Post("/auth/imp/start", map[string]string{"id": ada.User.ID})
			if res.Status != http.StatusOK {
				t.Fatalf("start = %d %s", res.Status, res.Body)
			}
			res.Decode(t, &started)
			s := started.Sessions[0]
			if s.UserID != ada.User.ID || s.ImpersonatorID != adm.User.ID || s.Credential != auth.CredentialImpersonation ||
				!s.ExpiresAt.Equal(f.clock.Now().Add(auth.MaxImpersonation)) {
				t.Errorf("impersonation session = %+v", s)
			}
			if last := p.seen[len(p.seen)-1]; last != adm.User.ID {
				t.Errorf("the starter saw impersonator %q, want %q", last, adm.User.ID)
			}
			var info auth.SessionInfo
			f.c.Get("/auth/session").Decode(t, &info)
			if info.User.ID != ada.User.ID || info.Session.ImpersonatorID != adm.User.ID {
				t.Errorf("the caller's session is now %s by %q, want ada's by the admin", info.User.ID, info.Session.ImpersonatorID)
			}
			var list auth.SessionList
			authtest.NewClient(t, f.h).Post("/auth/imp/list", map[string]string{"id": ada.User.ID}).Decode(t, &list)
			if len(list.Sessions) != 2 || list.Sessions[0].ImpersonatorID != adm.User.ID {
				t.Errorf("UserSessions = %d sessions, first by %q", len(list.Sessions), list.Sessions[0].ImpersonatorID)
			}
			if res := authtest.NewClient(t, f.h).Post("/auth/imp/end", map[string]string{"id": ada.User.ID}); res.Status != http.StatusOK {
				t.Fatalf("end = %d %s", res.Status, res.Body)
			}
			wantError(t, "the ended impersonation", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
			list = auth.SessionList{} // a decode into the old list would keep its fields
			authtest.NewClient(t, f.h).Post("/auth/imp/list", map[string]string{"id": ada.User.ID}).Decode(t, &list)
			if len(list.Sessions) != 1 || list.Sessions[0].ImpersonatorID != "" {
				t.Errorf("after EndUserSessions ada has %d sessions: %+v", len(list.Sessions), list.Sessions)
			}
			if _, err := p.start.Run(context.Background(), auth.RevokeRequest{ID: ada.User.ID}); !errors.Is(err, auth.ErrNoSession) {
				t.Errorf("a server call = %v, want no_session", err)
			}
		}
	})
}

// TestImpersonationEndsWithinTheHour: refreshes slide an impersonation's
// expiry like any session's, but never past MaxImpersonation from its
// start.
func TestImpersonationEndsWithinTheHour(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, auth.WithPlugins(newImpersonator()), auth.WithSessionUpdateAge(time.Minute))
		f.signIn(t, f.c, "cap-admin")
		ada := f.signIn(t, authtest.NewClient(t, f.h), "cap-ada")
		if res := f.c.Post("/auth/imp/start", map[string]string{"id": ada.User.ID}); res.Status != http.StatusOK {
			t.Fatalf("start = %d %s", res.Status, res.Body)
		}
		end := f.clock.Now().Add(auth.MaxImpersonation)
		for range 5 {
			f.clock.Advance(10 * time.Minute)
			var info auth.SessionInfo
			res := f.c.Get("/auth/session")
			res.Decode(t, &info)
			if res.Status != http.StatusOK || info.Session.ExpiresAt.After(end) {
				t.Fatalf("after a refresh the impersonation = %d, expires %v, want at most %v", res.Status, info.Session.ExpiresAt, end)
			}
		}
		f.clock.Advance(11 * time.Minute)
		wantError(t, "the impersonation past its hour", f.c.Get("/auth/session"), http.StatusUnauthorized, "no_session")
	})
}
