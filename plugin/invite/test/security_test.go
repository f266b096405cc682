package test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/sqlb"
)

func isCode(err error, want *auth.Error) bool { return errors.Is(err, want) }

// TestSingleUseRace: 20 concurrent sign-ups with one single-use code,
// over HTTP from 20 browsers that each accepted it, make exactly one
// account on every engine; the others are refused and make nothing.
func TestSingleUseRace(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		created, err := f.inv.Issue(context.Background(), invite.CreateRequest{})
		if err != nil {
			t.Fatal(err)
		}
		const n = 20
		browsers := make([]*browser, n)
		for i := range browsers {
			browsers[i] = f.browser(t)
			browsers[i].accept(created.Code.Secret())
		}
		var wg sync.WaitGroup
		answers := make([]answer, n)
		for i, b := range browsers {
			wg.Go(func() {
				answers[i] = b.post("/auth/password/sign-up", map[string]string{"username": fmt.Sprintf("racer%d", i), "password": pw})
			})
		}
		wg.Wait()
		won := 0
		for i, res := range answers {
			switch {
			case res.status == http.StatusOK:
				won++
			case res.status == http.StatusBadRequest && res.code() == "invitation_invalid":
			default:
				t.Errorf("sign-up %d = %d %s, want 200 or invitation_invalid", i, res.status, res.body)
			}
		}
		usedBy, uses := f.invitation(t, created.Invitation.ID)
		if won != 1 || uses != 1 || len(usedBy) != 1 || f.users(t) != 1 {
			t.Fatalf("%d sign-ups won, uses %d by %v, %d accounts; want exactly one", won, uses, usedBy, f.users(t))
		}
	})
}

// TestEmailBoundInvitation (bug class: an unverified identity matched to
// a person): an invitation bound to an address is used only by a sign-up
// that proves the address; an unverified provider address, another
// address and a password sign-up (whose address is a claim) are refused
// and make nothing.
func TestEmailBoundInvitation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		code := f.issue(t, invite.CreateRequest{Email: "Grace@Example.com"})
		refused := []struct {
			name string
			run  func(b *browser) answer
		}{
			{"a password sign-up with the address", func(b *browser) answer {
				return b.post("/auth/password/sign-up", map[string]string{"email": "grace@example.com", "password": pw})
			}},
			{"a magic link to another address", func(b *browser) answer { return b.signUpMagicLink("mallory@example.com") }},
			{"a provider that does not vouch for the address", func(b *browser) answer {
				return b.signUpOAuth("sub-unverified", "grace@example.com", false)
			}},
			{"a provider account with another address", func(b *browser) answer {
				return b.signUpOAuth("sub-other", "mallory@example.com", true)
			}},
			{"a phone sign-up", func(b *browser) answer { return b.signUpPhone("+447700900301") }},
		}
		for _, r := range refused {
			b := f.browser(t)
			var acc invite.Accepted
			b.must("/auth/invite/accept", map[string]string{"code": code.Reveal()}).decode(t, &acc)
			if acc.Email != "grace@example.com" {
				t.Fatalf("accept = %+v, want the bound address", acc)
			}
			wantCode(t, r.name, r.run(b), http.StatusForbidden, "invitation_email_mismatch")
			if n := f.users(t); n != 0 {
				t.Fatalf("%s made %d accounts", r.name, n)
			}
		}
		b := f.browser(t)
		b.accept(code)
		if res := b.signUpMagicLink("grace@example.com"); res.status != http.StatusOK {
			t.Fatalf("a magic link to the bound address = %d %s", res.status, res.body)
		}
		if f.users(t) != 1 || b.userID() == "" {
			t.Fatal("the bound address's sign-up made no account")
		}
	})
}

// TestAnswersAlike (bug class: enumeration): without an invitation a
// password sign-up of a taken address answers as one of a new address;
// and a code that is unknown, malformed, used up, revoked or expired
// answers the same refusal.
func TestAnswersAlike(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		ctx := context.Background()
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: "email", Value: "taken@example.com", Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		b := f.browser(t)
		taken := b.post("/auth/password/sign-up", map[string]string{"email": "taken@example.com", "password": pw})
		fresh := b.post("/auth/password/sign-up", map[string]string{"email": "new@example.com", "password": pw})
		if taken.status != fresh.status || !bytes.Equal(taken.body, fresh.body) || fresh.code() != "invitation_required" {
			t.Fatalf("taken = %d %s, new = %d %s; want the same invitation_required", taken.status, taken.body, fresh.status, fresh.body)
		}

		used := f.issue(t, invite.CreateRequest{})
		if _, err := f.pw.SignUp(invite.WithCode(ctx, used), password.SignUpRequest{Username: "first", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatal(err)
		}
		expired := f.issue(t, invite.CreateRequest{ExpiresAt: f.clock.Now().Add(time.Minute)})
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Username: "first", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		mine, err := f.inv.Create(auth.WithSessionToken(ctx, in.Token), invite.CreateRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.inv.Revoke(auth.WithSessionToken(ctx, in.Token), mine.Invitation.ID); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(2 * time.Minute)
		var first []byte
		for _, code := range []string{used.Reveal(), expired.Reveal(), mine.Code.Reveal(),
			"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "short", used.Reveal() + "x"} {
			res := f.browser(t).post("/auth/invite/accept", map[string]string{"code": code})
			wantCode(t, "accept", res, http.StatusBadRequest, "invitation_invalid")
			if first == nil {
				first = res.body
			} else if !bytes.Equal(res.body, first) {
				t.Errorf("accept answered %s, want the same as %s", res.body, first)
			}
		}
	})
}

// TestCodesAreSecrets: the table keeps the SHA-256 of a code, never the
// code; a code prints [redacted] everywhere but in the answer's JSON.
func TestCodesAreSecrets(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		created, err := f.inv.Issue(context.Background(), invite.CreateRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var hash []byte
		if err := f.e.SQL().One(context.Background(), sqlb.Select(invite.InvitationCodeHash.Into(&hash)).From(invite.Invitations)); err != nil {
			t.Fatal(err)
		}
		if len(hash) != 32 || bytes.Contains(hash, []byte(created.Code.Reveal())) {
			t.Fatalf("stored %x, want a 32-byte hash", hash)
		}
		if s := fmt.Sprintf("%v %+v %#v", created, created, created.Code); bytes.Contains([]byte(s), []byte(created.Code.Reveal())) {
			t.Fatalf("the code printed: %s", s)
		}
	})
}

// TestOwnInvitationsOnly: a member lists and revokes only their own
// invitations; another's ID answers invitation_not_found and changes
// nothing. An authorizer decides who may invite; a ban revokes the
// banned user's open invitations (bug class: lifecycle gaps).
func TestOwnInvitationsOnly(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{invite: []invite.Option{invite.WithRequired(),
			invite.WithAuthorizer(func(_ context.Context, _ *auth.Call, u *auth.User, in invite.CreateRequest) (bool, error) {
				return u.Name != "nobody" && in.MaxUses <= 5, nil
			})}})
		ada, bob := f.browser(t), f.browser(t)
		f.member(t, ada, "ada")
		f.member(t, bob, "bob")
		var created struct {
			Invitation invite.Invitation
			Code       string
		}
		ada.must("/auth/invite/create", map[string]any{"maxUses": 5}).decode(t, &created)
		wantCode(t, "an invitation the authorizer refuses", ada.post("/auth/invite/create", map[string]any{"maxUses": 6}),
			http.StatusForbidden, "invitation_not_allowed")
		wantCode(t, "bob revokes ada's invitation", bob.post("/auth/invite/revoke", map[string]string{"id": created.Invitation.ID}),
			http.StatusNotFound, "invitation_not_found")
		var l invite.List
		bob.get("/auth/invite/list").decode(t, &l)
		if len(l.Invitations) != 0 {
			t.Fatalf("bob lists %+v, want none", l)
		}
		ada.get("/auth/invite/list").decode(t, &l)
		if len(l.Invitations) != 1 || !l.Invitations[0].RevokedAt.IsZero() {
			t.Fatalf("ada lists %+v, want her live invitation", l)
		}

		// An administrator bans ada: her invitation dies with the ban.
		ctx := context.Background()
		admin := f.admin(t)
		admin.must("/auth/admin/ban", map[string]string{"userId": created.Invitation.CreatedBy})
		var revoked sql.Null[time.Time]
		if err := f.e.SQL().One(ctx, sqlb.Select(invite.InvitationRevokedAt.Into(&revoked)).From(invite.Invitations).
			Where(invite.InvitationID.Eq(created.Invitation.ID))); err != nil {
			t.Fatal(err)
		}
		if !revoked.Valid {
			t.Fatal("a banned user's invitation is still live")
		}
		wantCode(t, "accepting a banned user's invitation", f.browser(t).post("/auth/invite/accept",
			map[string]string{"code": created.Code}), http.StatusBadRequest, "invitation_invalid")
	})
}
