package test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/password"
)

// member signs up a person with an invitation the host issued and signs
// them in on b, returning their ID.
func (f *fixture) member(t testing.TB, b *browser, n string) string {
	t.Helper()
	b.accept(f.issue(t, invite.CreateRequest{}))
	f.clock.Advance(time.Second)
	b.must("/auth/magic-link/send", map[string]string{"email": n + "@example.com", "name": n})
	b.must("/auth/magic-link/sign-in", map[string]string{"token": f.mail.Token(t, n+"@example.com", "magic-link-sign-up")})
	return b.userID()
}

// TestJourneyHTTP: a member invites two friends with a two-use
// invitation, each friend accepts it in their browser and signs up, the
// member sees who used it, a third friend finds it used up, and a
// revoked invitation lets nobody in.
func TestJourneyHTTP(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		ada := f.browser(t)
		adaID := f.member(t, ada, "ada")

		var created struct {
			Invitation invite.Invitation `json:"invitation"`
			Code       string            `json:"code"`
		}
		ada.must("/auth/invite/create", map[string]any{"maxUses": 2}).decode(t, &created)
		inv := created.Invitation
		if created.Code == "" || inv.MaxUses != 2 || inv.Uses != 0 || inv.CreatedBy != adaID ||
			!inv.ExpiresAt.Equal(f.clock.Now().Add(invite.DefaultTTL)) {
			t.Fatalf("create = %+v, want a two-use invitation of ada's for the default TTL", created)
		}

		var friends []string
		for _, name := range []string{"bob", "cy"} {
			b := f.browser(t)
			var acc invite.Accepted
			b.must("/auth/invite/accept", map[string]string{"code": created.Code}).decode(t, &acc)
			if !acc.ExpiresAt.Equal(inv.ExpiresAt) || acc.Email != "" {
				t.Fatalf("accept = %+v, want the invitation's expiry and no address", acc)
			}
			f.clock.Advance(time.Second)
			if res := b.signUpOAuth("sub-"+name, name+"@example.com", true); res.status != http.StatusFound {
				t.Fatalf("%s's sign-up = %d %s", name, res.status, res.body)
			}
			friends = append(friends, b.userID())
		}
		var l invite.List
		res := ada.get("/auth/invite/list")
		res.decode(t, &l)
		if len(l.Invitations) != 1 || l.Invitations[0].Uses != 2 || len(l.Invitations[0].UsedBy) != 2 ||
			l.Invitations[0].UsedBy[0].UserID != friends[0] || l.Invitations[0].UsedBy[1].UserID != friends[1] {
			t.Fatalf("list = %s, want the invitation used by %v in order", res.body, friends)
		}

		dan := f.browser(t)
		wantCode(t, "accepting a used-up invitation", dan.post("/auth/invite/accept", map[string]string{"code": created.Code}),
			http.StatusBadRequest, "invitation_invalid")

		ada.must("/auth/invite/create", nil).decode(t, &created)
		dan.accept(auth.NewSecret(created.Code))
		var revoked invite.Invitation
		ada.must("/auth/invite/revoke", map[string]string{"id": created.Invitation.ID}).decode(t, &revoked)
		if revoked.RevokedAt.IsZero() {
			t.Fatalf("revoke = %+v, want revokedAt", revoked)
		}
		wantCode(t, "a sign-up with a revoked invitation", dan.post("/auth/password/sign-up",
			map[string]string{"username": "dan", "password": pw}), http.StatusBadRequest, "invitation_invalid")
	})
}

// TestJourneyGoCalls: the same journey as Go calls: a member's session
// token in the context creates, lists and revokes; the host issues; a
// host's sign-up code passes the code with invite.WithCode.
func TestJourneyGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		ctx := context.Background()
		code := f.issue(t, invite.CreateRequest{})
		if _, err := f.pw.SignUp(invite.WithCode(ctx, code), password.SignUpRequest{Username: "ada", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatalf("SignUp = %v", err)
		}
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Username: "ada", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatalf("SignIn = %v", err)
		}
		as := auth.WithSessionToken(ctx, in.Token)
		created, err := f.inv.Create(as, invite.CreateRequest{MaxUses: 3, ExpiresAt: f.clock.Now().Add(time.Hour)})
		if err != nil {
			t.Fatalf("Create = %v", err)
		}
		if got := created.Code.String(); got != "[redacted]" {
			t.Errorf("the code prints %q", got)
		}
		if _, err := f.inv.Accept(ctx, created.Code.Secret()); err != nil {
			t.Fatalf("Accept = %v", err)
		}
		f.clock.Advance(time.Second)
		if _, err := f.pw.SignUp(invite.WithCode(ctx, created.Code.Secret()), password.SignUpRequest{Username: "bob", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatalf("SignUp with ada's code = %v", err)
		}
		l, err := f.inv.List(auth.WithSessionToken(ctx, in.Token))
		if err != nil || len(l) != 1 || l[0].Uses != 1 || len(l[0].UsedBy) != 1 || l[0].UsedBy[0].UserID != f.newest(t) {
			t.Fatalf("List = %+v, %v, want one use by bob", l, err)
		}
		if _, err := f.inv.Revoke(auth.WithSessionToken(ctx, in.Token), created.Invitation.ID); err != nil {
			t.Fatalf("Revoke = %v", err)
		}
		f.clock.Advance(time.Hour)
		if _, err := f.inv.Accept(ctx, created.Code.Secret()); !isCode(err, invite.ErrInvitationInvalid) {
			t.Fatalf("Accept of a revoked code = %v", err)
		}
		if _, err := f.inv.List(ctx); !isCode(err, auth.ErrNoSession) {
			t.Fatalf("List without a session = %v, want no_session", err)
		}
	})
}
