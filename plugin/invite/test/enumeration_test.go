package test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/password"
)

// TestOptionalEmailBoundInviteEnumerates (bug class: enumeration): with
// invitations optional (the default), a signed-in user makes an
// invitation bound to an address of his own, accepts it, and posts
// password sign-ups of addresses to test. A password sign-up proves no
// address, so it ignores the bound invitation: a taken address and a new
// one answer alike, status, body and cookies, the new one gets its
// account as an open sign-up would, and the invitation is never used.
func TestOptionalEmailBoundInviteEnumerates(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ctx := context.Background()
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Identities: []auth.NewIdentity{{Kind: "email", Value: "victim@example.com", Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Username: "mallory", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatal(err)
		}
		in, err := f.pw.SignIn(ctx, password.SignInRequest{Username: "mallory", Password: auth.NewSecret(pw)})
		if err != nil {
			t.Fatal(err)
		}
		mine, err := f.inv.Create(auth.WithSessionToken(ctx, in.Token), invite.CreateRequest{Email: "mallory@example.org", MaxUses: 1})
		if err != nil {
			t.Fatal(err)
		}
		users := f.users(t)
		var answers []answer
		for _, addr := range []string{"victim@example.com", "nobody@example.com", "nobody2@example.com"} {
			b := f.browser(t)
			b.accept(mine.Code.Secret())
			answers = append(answers, b.post("/auth/password/sign-up", map[string]string{"email": addr, "password": pw}))
		}
		for _, a := range answers[1:] {
			if a.status != answers[0].status || !bytes.Equal(a.body, answers[0].body) ||
				cookies(a) != cookies(answers[0]) {
				t.Fatalf("taken = %d %s %q, new = %d %s %q; want the same answer", answers[0].status, answers[0].body,
					cookies(answers[0]), a.status, a.body, cookies(a))
			}
		}
		if answers[0].status != http.StatusOK {
			t.Fatalf("sign-up = %d %s, want the open sign-up's answer", answers[0].status, answers[0].body)
		}
		if n := f.users(t); n != users+2 {
			t.Fatalf("%d accounts made, want the 2 new addresses'", n-users)
		}
		if used, uses := f.invitation(t, mine.Invitation.ID); uses != 0 {
			t.Fatalf("an unproven address used the bound invitation %d times (%v)", uses, used)
		}
		// The invitation still serves a sign-up that proves its address.
		b := f.browser(t)
		b.accept(mine.Code.Secret())
		if res := b.signUpMagicLink("mallory@example.org"); res.status != http.StatusOK {
			t.Fatalf("magic link sign-up of the bound address = %d %s", res.status, res.body)
		}
		if used, uses := f.invitation(t, mine.Invitation.ID); uses != 1 || len(used) != 1 || used[0] != b.userID() {
			t.Fatalf("the bound address's sign-up: uses %d %v, want it alone", uses, used)
		}
	})
}

// TestSignUpCookieAlike (bug class: enumeration): in invite-only mode a
// password sign-up with an accepted invitation answers a taken address as
// a new one, down to the cookie header: the browser's accepted code is
// cleared either way, not only when an account is made.
func TestSignUpCookieAlike(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		if _, err := f.a.CreateUser(context.Background(), auth.NewUser{Identities: []auth.NewIdentity{{Kind: "email", Value: "taken@example.com", Verified: true}}}); err != nil {
			t.Fatal(err)
		}
		code := f.issue(t, invite.CreateRequest{MaxUses: 5})
		var answers []answer
		for _, addr := range []string{"taken@example.com", "new@example.com"} {
			b := f.browser(t)
			b.accept(code)
			answers = append(answers, b.post("/auth/password/sign-up", map[string]string{"email": addr, "password": pw}))
		}
		taken, fresh := answers[0], answers[1]
		if taken.status != http.StatusOK || taken.status != fresh.status || !bytes.Equal(taken.body, fresh.body) ||
			cookies(taken) != cookies(fresh) || !strings.Contains(cookies(taken), "sesame_invite=;") {
			t.Fatalf("taken = %d %s %q, new = %d %s %q; want the same answer, clearing the code", taken.status, taken.body,
				cookies(taken), fresh.status, fresh.body, cookies(fresh))
		}
	})
}

// cookies is an answer's Set-Cookie headers, in order.
func cookies(a answer) string { return strings.Join(a.header.Values("Set-Cookie"), "\n") }
