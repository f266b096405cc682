package coretest

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/sqlb"
)

// whoPlugin asks the core whom identifiers name, and gives users verified
// identities of the authtest kind, as a plugin would.
type whoPlugin struct {
	who  *auth.Op[whoRequest, whoAnswer]
	give *auth.Op[whoRequest, auth.Empty]
}

type whoRequest struct {
	Kind, Value, UserID string
}

type whoAnswer struct{ UserID string }

func newWhoPlugin() *whoPlugin {
	return &whoPlugin{
		who: &auth.Op[whoRequest, whoAnswer]{Name: "who.is", Method: http.MethodPost, Path: "/who/is",
			Codes: []*auth.Error{auth.ErrIdentityNotFound},
			Handler: func(ctx context.Context, c *auth.Call, in whoRequest) (whoAnswer, error) {
				id, err := c.WhoIs(ctx, in.Kind, in.Value)
				if err != nil {
					return whoAnswer{}, err
				}
				return whoAnswer{UserID: id.UserID}, nil
			}},
		give: &auth.Op[whoRequest, auth.Empty]{Name: "who.give", Method: http.MethodPost, Path: "/who/give", Writes: true,
			Codes: []*auth.Error{auth.ErrIdentityTaken},
			Handler: func(ctx context.Context, c *auth.Call, in whoRequest) (auth.Empty, error) {
				_, err := c.AddIdentity(ctx, in.UserID, in.Kind, in.Value, true)
				return auth.Empty{}, err
			}},
	}
}

func (p *whoPlugin) Name() string                 { return "who" }
func (p *whoPlugin) Operations() []auth.Operation { return []auth.Operation{p.who, p.give} }

// TestWhoIs: a verified identity names its holder; an unverified one names
// nobody, but for the sign-up address of an account that has no other
// identity; and Sweep drops unverified claims of accounts that have
// another identity once they are older than the claim lifetime.
func TestWhoIs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		who := newWhoPlugin()
		f := newEmailFixture(t, e, auth.WithPlugins(who))
		ctx := context.Background()
		whoIs := func(addr string) string {
			t.Helper()
			res, err := who.who.Run(ctx, whoRequest{Kind: email.Kind, Value: addr})
			if errors.Is(err, auth.ErrIdentityNotFound) {
				return ""
			}
			if err != nil {
				t.Fatalf("WhoIs(%s) = %v", addr, err)
			}
			return res.UserID
		}

		f.signUpVerified(t, f.c, "ada@example.com")
		ada := f.user(t, f.c)["id"]
		f.ok(t, f.c, "/auth/email/add", map[string]string{"email": "ada@work.example"})
		f.ok(t, authtest.NewClient(t, f.h), "/auth/test/sign-up", map[string]string{"email": "grace@example.com", "name": "Grace"})
		f.ok(t, authtest.NewClient(t, f.h), "/auth/test/sign-up", map[string]string{"email": "lin@example.com", "name": "Lin"})
		grace := whoIs("grace@example.com")
		if got := whoIs("ada@example.com"); got != ada {
			t.Errorf("WhoIs(verified ada@example.com) = %q, want Ada %v", got, ada)
		}
		if got := whoIs("ada@work.example"); got != "" {
			t.Errorf("WhoIs(Ada's unverified second address) = %q, want nobody", got)
		}
		if grace == "" || whoIs("lin@example.com") == "" {
			t.Fatalf("the sign-up addresses of accounts with no other way in name nobody")
		}
		if _, err := who.give.Run(ctx, whoRequest{Kind: "authtest", Value: "grace-elsewhere", UserID: grace}); err != nil {
			t.Fatal(err)
		}
		if got := whoIs("grace@example.com"); got != "" {
			t.Errorf("WhoIs(grace@example.com) once Grace has another way in = %q, want nobody", got)
		}

		f.clock.Advance(auth.DefaultUnverifiedIdentityTTL - time.Minute)
		if rep, err := f.a.Sweep(ctx); err != nil || rep["unverified_identities"] != 0 {
			t.Fatalf("Sweep before the claims' time = %v, %v, want none dropped", rep, err)
		}
		f.clock.Advance(2 * time.Minute)
		rep, err := f.a.Sweep(ctx)
		if err != nil || rep["unverified_identities"] != 2 {
			t.Fatalf("Sweep = %v, %v, want Ada's and Grace's unverified claims dropped", rep, err)
		}
		if whoIs("lin@example.com") == "" {
			t.Fatal("Sweep dropped the only way into Lin's account")
		}
		// Grace's account no longer has the address as its primary one.
		var primary sql.Null[string]
		if err := f.a.DB().One(ctx, sqlb.Select(email.PrimaryEmail.Into(&primary)).From(auth.Users).Where(auth.UserID.Eq(grace))); err != nil {
			t.Fatal(err)
		}
		if primary.Valid {
			t.Errorf("Grace's primary address after the sweep = %q, want none", primary.V)
		}
	})
}
