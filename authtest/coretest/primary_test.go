package coretest

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
)

// TestPrimaryFollowsIdentities: the email plugin keeps the primary
// address in step with the identities however they are given: an account
// without one takes the first address that is verified or that came with
// the account, and an unverified address added later waits for its
// verification.
func TestPrimaryFollowsIdentities(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		who := newWhoPlugin()
		f := newEmailFixture(t, e, auth.WithPlugins(who))
		ctx := context.Background()
		ids := func(list ...auth.NewIdentity) []auth.NewIdentity { return list }
		tests := []struct {
			name         string
			in           []auth.NewIdentity
			want         string
			wantVerified bool
		}{
			{"a verified address", ids(auth.NewIdentity{Kind: email.Kind, Value: "Ada@Example.com", Verified: true}), "ada@example.com", true},
			{"an unverified address", ids(auth.NewIdentity{Kind: email.Kind, Value: "bob@example.com"}), "bob@example.com", false},
			{"the first of two", ids(auth.NewIdentity{Kind: email.Kind, Value: "cy@example.com"},
				auth.NewIdentity{Kind: email.Kind, Value: "cy@work.example", Verified: true}), "cy@example.com", false},
			{"after another kind", ids(auth.NewIdentity{Kind: "authtest", Value: "dee", Verified: true},
				auth.NewIdentity{Kind: email.Kind, Value: "dee@example.com", Verified: true}), "dee@example.com", true},
			{"no address", ids(auth.NewIdentity{Kind: "authtest", Value: "eve", Verified: true}), "", false},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				u, err := f.a.CreateUser(ctx, auth.NewUser{Identities: tt.in})
				if err != nil {
					t.Fatal(err)
				}
				primary, _ := u.Fields["primaryEmail"].(string)
				verified := u.Fields["emailVerifiedAt"] != nil
				if primary != tt.want || verified != tt.wantVerified {
					t.Errorf("CreateUser(%+v): primary %q (verified %v), want %q (verified %v)", tt.in, primary, verified, tt.want, tt.wantVerified)
				}
			})
		}

		// An account without an address, signed in: an address it adds
		// becomes primary once verified, not before.
		c := authtest.NewClient(t, f.h)
		f.signIn(t, c, "fay")
		f.ok(t, c, "/auth/email/add", map[string]string{"email": "fay@example.com"})
		if got := f.user(t, c)["primaryEmail"]; got != nil {
			t.Errorf("primary after adding an unverified address = %v, want none", got)
		}
		f.ok(t, c, "/auth/email/verify", map[string]string{"token": f.mail.Token(t, "fay@example.com", email.PurposeVerify)})
		u := f.user(t, c)
		if u["primaryEmail"] != "fay@example.com" || u["emailVerifiedAt"] == nil {
			t.Errorf("after verifying its first address: primary %v verified %v, want fay@example.com verified", u["primaryEmail"], u["emailVerifiedAt"])
		}
		// A second verified address leaves the primary one alone.
		if _, err := who.give.Run(ctx, whoRequest{Kind: email.Kind, Value: "fay@work.example", UserID: u["id"].(string)}); err != nil {
			t.Fatal(err)
		}
		if got := f.user(t, c)["primaryEmail"]; got != "fay@example.com" {
			t.Errorf("primary after a second verified address = %v, want fay@example.com", got)
		}
	})
}
