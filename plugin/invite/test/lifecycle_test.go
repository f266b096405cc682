package test

import (
	"context"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestInvitationOutlivesAccountSecurityEvents (bug class: lifecycle gap):
// sign-up is invite-only; a thief with a stolen session of a member mints
// a 100 000-use invitation. The member changes the password: the stolen
// session ends, and so does the invitation (and the member's own), before
// anyone used it, and a browser that accepted it earlier gets in no more.
// Every other account-security event revokes them alike.
func TestInvitationOutlivesAccountSecurityEvents(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		ctx := context.Background()
		code := f.issue(t, invite.CreateRequest{})
		if _, err := f.pw.SignUp(invite.WithCode(ctx, code), password.SignUpRequest{Username: "member", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatal(err)
		}
		signIn := func() auth.Secret {
			in, err := f.pw.SignIn(ctx, password.SignInRequest{Username: "member", Password: auth.NewSecret(pw)})
			if err != nil {
				t.Fatal(err)
			}
			return in.Token
		}
		stolen := signIn()
		minted, err := f.inv.Create(auth.WithSessionToken(ctx, stolen), invite.CreateRequest{MaxUses: invite.MaxUses})
		if err != nil {
			t.Fatal(err)
		}
		early := f.browser(t)
		early.accept(minted.Code.Secret()) // accepted before the change
		own := auth.WithSessionToken(ctx, signIn())
		if err := f.pw.Change(own, password.ChangeRequest{CurrentPassword: auth.NewSecret(pw), NewPassword: auth.NewSecret("a brand new passphrase 42")}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.a.GetSession(auth.WithSessionToken(ctx, stolen)); err == nil {
			t.Fatal("the stolen session survived the password change")
		}
		wantCode(t, "accept the minted invitation", f.browser(t).post("/auth/invite/accept", map[string]string{"code": minted.Code.Reveal()}),
			http.StatusBadRequest, "invitation_invalid")
		wantCode(t, "sign up with it accepted before", early.post("/auth/password/sign-up", map[string]string{"username": "friend", "password": pw}),
			http.StatusBadRequest, "invitation_invalid")
		if used, uses := f.invitation(t, minted.Invitation.ID); uses != 0 {
			t.Fatalf("the minted invitation made %d accounts (%v)", uses, used)
		}
		if l, err := f.inv.List(own); err != nil || len(l) != 1 || l[0].RevokedAt.IsZero() {
			t.Fatalf("List = %+v, %v; want the minted invitation, revoked", l, err)
		}

		// Sign-out everywhere and a ban revoke too; another member's stay.
		other := f.browser(t)
		f.member(t, other, "other")
		var kept struct{ Invitation invite.Invitation }
		other.must("/auth/invite/create", nil).decode(t, &kept)
		for _, ev := range []struct {
			name, member string
			cause        func(b *browser, id string)
		}{
			{"sign-out everywhere", "everywhere", func(b *browser, _ string) { b.must("/auth/sessions/revoke-others", nil) }},
			{"a ban", "banned", func(_ *browser, id string) { f.admin(t).must("/auth/admin/ban", map[string]string{"userId": id}) }},
		} {
			b := f.browser(t)
			id := f.member(t, b, ev.member)
			var c struct{ Invitation invite.Invitation }
			b.must("/auth/invite/create", map[string]any{"maxUses": 3}).decode(t, &c)
			ev.cause(b, id)
			if inv := f.find(t, c.Invitation.ID); inv.RevokedAt.IsZero() {
				t.Errorf("%s left the user's invitation open", ev.name)
			}
		}
		if inv := f.find(t, kept.Invitation.ID); !inv.RevokedAt.IsZero() {
			t.Error("another member's event revoked an invitation of someone else")
		}
	})
}

// TestCreateNeedsFreshSession (bug class: stale session does a sensitive
// change): an invitation lets people in for up to a year, so making one
// needs a recent sign-in, as making an API key does; an administrator
// impersonating a member may not make one in the member's name.
func TestCreateNeedsFreshSession(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		b := f.browser(t)
		id := f.member(t, b, "ada")
		f.clock.Advance(auth.DefaultFreshAge + auth.DefaultFreshAge/2)
		wantCode(t, "create from an old session", b.post("/auth/invite/create", nil), http.StatusForbidden, "fresh_session_required")
		mustList(t, b) // the session still works for what is not sensitive

		boss := f.admin(t)
		boss.must("/auth/admin/impersonate", map[string]any{"userId": id, "minutes": 5})
		if got := boss.userID(); got != id {
			t.Fatalf("the impersonation acts as %q, want %q", got, id)
		}
		wantCode(t, "create while impersonating", boss.post("/auth/invite/create", nil), http.StatusForbidden, "impersonation_forbidden")
		if n := f.count(t); n != 1 {
			t.Fatalf("%d invitations, want only the one the member signed up with", n)
		}
	})
}

func mustList(t *testing.T, b *browser) {
	t.Helper()
	if res := b.get("/auth/invite/list"); res.status != http.StatusOK {
		t.Fatalf("list = %d %s", res.status, res.body)
	}
}
