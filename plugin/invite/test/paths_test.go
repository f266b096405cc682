package test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/password"
)

// signUpPath is one way an account gets made, run in browser b for the
// n-th person; ok tells a sign-up that made the account from a refusal.
type signUpPath struct {
	name string
	run  func(b *browser, n int) answer
	ok   func(res answer) bool
}

var okJSON = func(res answer) bool { return res.status == http.StatusOK }

// signUpPaths are every operation of the fixture's plugins that makes an
// account: each must refuse without an invitation when sign-up is
// invite-only. A plugin that comes to make accounts belongs here.
var signUpPaths = []signUpPath{
	{"password sign-up with an address", func(b *browser, n int) answer {
		return b.post("/auth/password/sign-up", map[string]string{"email": fmt.Sprintf("p%d@example.com", n), "password": pw, "name": "Ada"})
	}, okJSON},
	{"password sign-up with a username", func(b *browser, n int) answer {
		return b.post("/auth/password/sign-up", map[string]string{"username": fmt.Sprintf("ada%d", n), "password": pw, "name": "Ada"})
	}, okJSON},
	{"magic link", func(b *browser, n int) answer { return b.signUpMagicLink(fmt.Sprintf("m%d@example.com", n)) }, okJSON},
	{"phone code", func(b *browser, n int) answer { return b.signUpPhone(fmt.Sprintf("+4477009002%02d", n)) }, okJSON},
	{"OAuth callback", func(b *browser, n int) answer {
		return b.signUpOAuth(fmt.Sprintf("sub-%d", n), fmt.Sprintf("o%d@example.com", n), true)
	}, func(res answer) bool { return res.status == http.StatusFound && res.location == "/" }},
}

// TestInviteOnlyEveryPath proves, on every engine, that every sign-up
// path refuses without an invitation (and makes nothing), refuses a code
// that names no live invitation, and makes the account with an accepted
// one, counting the use and recording who used it; the used code leaves
// the browser, so its next sign-up needs a new one.
func TestInviteOnlyEveryPath(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		n := 0
		for _, p := range signUpPaths {
			t.Run(p.name, func(t *testing.T) {
				n++
				b := f.browser(t)
				before := f.users(t)
				wantCode(t, "without an invitation", p.run(b, n), http.StatusForbidden, "invitation_required")
				if got := f.users(t); got != before {
					t.Fatalf("a refused sign-up made %d accounts", got-before)
				}

				created, err := f.inv.Issue(context.Background(), invite.CreateRequest{MaxUses: 2})
				if err != nil {
					t.Fatal(err)
				}
				b.accept(created.Code.Secret())
				f.clock.Advance(time.Second) // so that the new account's ID is the newest
				n++
				if res := p.run(b, n); !p.ok(res) {
					t.Fatalf("with an accepted invitation = %d %q %s, want the account made", res.status, res.location, res.body)
				}
				if got := f.users(t); got != before+1 {
					t.Fatalf("the sign-up made %d accounts, want 1", got-before)
				}
				usedBy, uses := f.invitation(t, created.Invitation.ID)
				if uses != 1 || len(usedBy) != 1 || usedBy[0] != f.newest(t) {
					t.Fatalf("invitation uses %d by %v, want 1 by the new account %q", uses, usedBy, f.newest(t))
				}

				other := f.browser(t)
				n++
				wantCode(t, "a second browser that never accepted", p.run(other, n), http.StatusForbidden, "invitation_required")
				if got := f.users(t); got != before+1 {
					t.Fatalf("a refused sign-up made an account")
				}
			})
		}
	})
}

// TestInviteOnlyGoCalls proves that a host's Go call that signs someone
// up needs the code in its context (invite.WithCode), and that the
// exempt paths (the core's CreateUser and the admin plugin's, whose
// callers the host already trusts to make accounts) need none.
func TestInviteOnlyGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, required)
		ctx := context.Background()
		up := password.SignUpRequest{Email: "go@example.com", Password: auth.NewSecret(pw), Name: "Ada"}
		if _, err := f.pw.SignUp(ctx, up); !errors.Is(err, invite.ErrInvitationRequired) {
			t.Fatalf("SignUp without a code = %v, want invitation_required", err)
		}
		if _, err := f.pw.SignUp(invite.WithCode(ctx, auth.NewSecret("not-a-code")), up); !errors.Is(err, invite.ErrInvitationInvalid) {
			t.Fatalf("SignUp with a malformed code = %v, want invitation_invalid", err)
		}
		code := f.issue(t, invite.CreateRequest{})
		if _, err := f.pw.SignUp(invite.WithCode(ctx, code), up); err != nil {
			t.Fatalf("SignUp with a code = %v", err)
		}
		if _, err := f.pw.SignUp(invite.WithCode(ctx, code), password.SignUpRequest{Email: "go2@example.com", Password: auth.NewSecret(pw)}); !errors.Is(err, invite.ErrInvitationInvalid) {
			t.Fatalf("a second SignUp with a single-use code = %v, want invitation_invalid", err)
		}

		// Exempt: the core's server operation, and an administrator.
		if _, err := f.a.CreateUser(ctx, auth.NewUser{Name: "Ann"}); err != nil {
			t.Fatalf("auth.CreateUser without a code = %v, want it exempt", err)
		}
		b := f.admin(t)
		b.must("/auth/admin/create-user", admin.CreateUserRequest{Name: "Grace",
			Identifiers: []admin.Identifier{{Kind: email.Kind, Value: "grace@example.com"}}})
		if n := f.users(t); n != 4 {
			t.Fatalf("%d accounts, want go@, Ann, the administrator and grace@", n)
		}
	})
}

// TestOptionalInvitations: without WithRequired, sign-up is open, a code
// that names no live invitation is ignored rather than refused, and a
// live one is used and recorded.
func TestOptionalInvitations(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, setup{})
		ctx := context.Background()
		if _, err := f.pw.SignUp(ctx, password.SignUpRequest{Email: "a@example.com", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatalf("an open SignUp = %v", err)
		}
		stale := auth.NewSecret("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
		if _, err := f.pw.SignUp(invite.WithCode(ctx, stale), password.SignUpRequest{Email: "b@example.com", Password: auth.NewSecret(pw)}); err != nil {
			t.Fatalf("an open SignUp with a dead code = %v", err)
		}
		c, err := f.inv.Issue(ctx, invite.CreateRequest{})
		if err != nil {
			t.Fatal(err)
		}
		b := f.browser(t)
		b.accept(c.Code.Secret())
		b.must("/auth/magic-link/send", map[string]string{"email": "c@example.com"})
		b.must("/auth/magic-link/sign-in", map[string]string{"token": f.mail.Token(t, "c@example.com", "magic-link-sign-up")})
		usedBy, uses := f.invitation(t, c.Invitation.ID)
		if uses != 1 || !slices.Equal(usedBy, []string{b.userID()}) {
			t.Fatalf("uses %d by %v, want 1 by %s", uses, usedBy, b.userID())
		}
	})
}

// TestDefaultOperationNames: the invite plugin names the password
// plugin's sign-up by its text (the password plugin is a module of its
// own); this keeps the text and the constant in step.
func TestDefaultOperationNames(t *testing.T) {
	if password.OpSignUp != "password.signUp" {
		t.Fatalf("password.OpSignUp = %q: change the invite plugin's default to match", password.OpSignUp)
	}
}
