package test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
)

// tokens is a host's credential resolver other than the apikey plugin:
// "tok_<name>" stands for a user it was given.
type tokens struct {
	mu    sync.Mutex
	users map[string]*auth.User
}

func (r *tokens) Name() string             { return "tokens" }
func (r *tokens) CredentialHeader() string { return "" }
func (r *tokens) ResolveCredential(_ context.Context, cred auth.Secret, now time.Time) (*auth.Session, *auth.User, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	u, ok := r.users[cred.Reveal()]
	if !ok {
		return nil, nil, false, nil
	}
	return &auth.Session{ID: "tok-" + u.ID, UserID: u.ID, CreatedAt: now, LastSeenAt: now, Credential: "token"}, u, true, nil
}

// TestOtherResolverGrantsNothing: a credential of a resolver whose
// limits the access plugin cannot read passes no permission check, even
// for a user whose roles hold it, while the user's session does.
func TestOtherResolverGrantsNothing(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		ctx := context.Background()
		login, res := authtest.NewLogin(), &tokens{users: map[string]*auth.User{}}
		acc := access.New(vocabulary(), access.WithRoles(roles...))
		a, err := auth.New(auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
			auth.WithPlugins(login, acc, res), auth.WithoutRateLimits())
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		ada, err := login.SignIn(ctx, "ada")
		if err != nil {
			t.Fatal(err)
		}
		res.users["tok_ada"] = ada.User
		if _, err := acc.Grant(ctx, access.GrantRequest{UserID: ada.User.ID, Role: "owner"}); err != nil {
			t.Fatal(err)
		}
		h := authhttp.Middleware(a)(acc.RequirePermission("project", "read")(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {})))
		c := authtest.NewClient(t, h)
		c.Origin = ""
		authtest.WantError(t, "another resolver's credential", c.Do(http.MethodGet, "/", nil,
			http.Header{"Authorization": {"Bearer tok_ada"}}), http.StatusForbidden, "permission_denied")
		if got := c.Do(http.MethodGet, "/", nil, http.Header{"Authorization": {"Bearer " + ada.Token.Reveal()}}); got.Status != http.StatusOK {
			t.Fatalf("the owner's session = %d %s, want 200", got.Status, got.Body)
		}
	})
}
