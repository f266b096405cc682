package test

import (
	"context"
	"crypto/sha256"
	"net/http"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/sqlb"
)

// guestSetup is invite-only sign-up with guests, who may link a provider.
var guestSetup = setup{invite: []invite.Option{invite.WithRequired()},
	guests: []anonymous.Option{anonymous.WithGuestOperations(oauth.OpLink)}}

// guest makes a guest in a new browser and returns it with its user ID.
func (f *fixture) guest(t testing.TB) (*browser, string) {
	t.Helper()
	b := f.browser(t)
	var g anonymous.Guest
	b.must("/auth/anonymous/sign-in", struct{}{}).decode(t, &g)
	return b, g.User.ID
}

// TestGuestsNeedNoInvitation: in invite-only mode, making a guest is not
// signing up (anonymous.signIn is exempt by default), and uses no
// invitation the browser accepted.
func TestGuestsNeedNoInvitation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guestSetup)
		if _, id := f.guest(t); id == "" {
			t.Fatal("no guest")
		}
		code := f.issue(t, invite.CreateRequest{})
		b := f.browser(t)
		b.accept(code)
		b.must("/auth/anonymous/sign-in", struct{}{})
		if used, uses := f.usesOf(t, code); uses != 0 {
			t.Fatalf("making a guest used the invitation (%v)", used)
		}
	})
}

// TestGuestSignUpNeedsInvitation (bug class: a gate with a side door): a
// guest becomes an account only with an invitation in invite-only mode,
// whichever way: a sign-up from the guest's session, or a provider linked
// to the guest. Refused, the guest stays a guest; with an invitation, the
// guest's user is the account, recorded as its use.
func TestGuestSignUpNeedsInvitation(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, guestSetup)
		for _, way := range []struct {
			name string
			run  func(b *browser, n string) answer
		}{
			{"a sign-up", func(b *browser, n string) answer {
				return b.post("/auth/password/sign-up", map[string]string{"username": n, "password": pw})
			}},
			{"a magic link", func(b *browser, n string) answer { return b.signUpMagicLink(n + "@example.com") }},
			{"a provider linked", func(b *browser, n string) answer { return b.linkOAuth("sub-"+n, n+"@example.com") }},
		} {
			b, id := f.guest(t)
			wantCode(t, way.name+" without an invitation", way.run(b, "nope"+way.name[2:4]), http.StatusForbidden, "invitation_required")
			if !f.isGuest(t, id) {
				t.Fatalf("%s without an invitation made the guest an account", way.name)
			}
			code := f.issue(t, invite.CreateRequest{})
			b.accept(code)
			if res := way.run(b, "yes"+way.name[2:4]); res.status != http.StatusOK && res.status != http.StatusFound {
				t.Fatalf("%s with an invitation = %d %s", way.name, res.status, res.body)
			}
			if f.isGuest(t, id) {
				t.Fatalf("%s with an invitation left the guest a guest", way.name)
			}
			if used, uses := f.usesOf(t, code); uses != 1 || len(used) != 1 || used[0] != id {
				t.Fatalf("%s: the invitation was used by %v (%d), want the guest's user %s", way.name, used, uses, id)
			}
		}
	})
}

// linkOAuth links, from b's session, a person of the provider with a
// verified address, and returns the callback's answer.
func (b *browser) linkOAuth(subject, addr string) answer {
	b.t.Helper()
	u := oauthUser(subject)
	u.Email, u.EmailVerified = addr, true
	b.f.idp.AddUser(u)
	b.f.idp.LogInAs(subject)
	res := b.post("/auth/oauth/test/link", struct{}{})
	if res.status != http.StatusSeeOther {
		b.t.Fatalf("link = %d %s, want a redirect to the provider", res.status, res.body)
	}
	res = b.get(res.location)
	if res.status != http.StatusFound {
		b.t.Fatalf("authorize = %d %q %s, want a redirect to the callback", res.status, res.location, res.body)
	}
	return b.get(res.location)
}

// isGuest reports whether a user is still a guest.
func (f *fixture) isGuest(t testing.TB, id string) bool {
	t.Helper()
	var guest bool
	if err := f.e.SQL().One(context.Background(), sqlb.Select(anonymous.UserGuest.Into(&guest)).From(auth.Users).
		Where(auth.UserID.Eq(id))); err != nil {
		t.Fatal(err)
	}
	return guest
}

// usesOf returns the users who signed up with the invitation of a code,
// and its count.
func (f *fixture) usesOf(t testing.TB, code auth.Secret) ([]string, int64) {
	t.Helper()
	sum := sha256.Sum256([]byte(code.Reveal()))
	var id string
	if err := f.e.SQL().One(context.Background(), sqlb.Select(invite.InvitationID.Into(&id)).From(invite.Invitations).
		Where(invite.InvitationCodeHash.Eq(sum[:]))); err != nil {
		t.Fatal(err)
	}
	return f.invitation(t, id)
}
