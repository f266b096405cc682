package test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/sqlb"
)

// TestFaultsAtEveryStatement runs every operation of the plugin, and
// every kind of sign-up that uses an invitation, with a failure at each
// statement and at the commit: each run answers 500 and changes nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, setup{db: pool, invite: []invite.Option{invite.WithRequired()}})
		n := 0
		var b *browser
		var member, boss *browser
		var body any
		var path string
		// fresh makes a new browser that accepted a new invitation.
		fresh := func(t *testing.T) {
			n++
			f.clock.Advance(time.Second)
			b = f.browser(t)
			b.accept(f.issue(t, invite.CreateRequest{}))
		}
		ops := []struct {
			name  string
			get   bool
			setup func(t *testing.T)
		}{
			{"create", false, func(t *testing.T) {
				b, path, body = member, "/auth/invite/create", map[string]any{"maxUses": 3, "email": "x@example.com"}
			}},
			{"list", true, func(t *testing.T) { b, path = member, "/auth/invite/list" }},
			{"revoke", false, func(t *testing.T) {
				var c struct{ Invitation invite.Invitation }
				member.must("/auth/invite/create", nil).decode(t, &c)
				b, path, body = member, "/auth/invite/revoke", map[string]string{"id": c.Invitation.ID}
			}},
			{"accept", false, func(t *testing.T) {
				b, path, body = f.browser(t), "/auth/invite/accept", map[string]string{"code": f.issue(t, invite.CreateRequest{}).Reveal()}
			}},
			{"password sign-up", false, func(t *testing.T) {
				fresh(t)
				path, body = "/auth/password/sign-up", map[string]string{"username": fmt.Sprintf("user%d", n), "password": pw}
			}},
			{"magic link sign-up", false, func(t *testing.T) {
				fresh(t)
				addr := fmt.Sprintf("m%d@example.com", n)
				b.must("/auth/magic-link/send", map[string]string{"email": addr})
				path, body = "/auth/magic-link/sign-in", map[string]string{"token": f.mail.Token(t, addr, "magic-link-sign-up")}
			}},
			{"phone sign-up", false, func(t *testing.T) {
				fresh(t)
				number := fmt.Sprintf("+4477009004%02d", n%100)
				b.must("/auth/phone/code/send", map[string]string{"phone": number})
				path, body = "/auth/phone/code/sign-in", map[string]string{"phone": number, "code": f.sms.code(t, number, "phone-sign-up-code")}
			}},
			{"OAuth sign-up", true, func(t *testing.T) {
				fresh(t)
				sub := fmt.Sprintf("sub-%d", n)
				f.idp.AddUser(oauthUser(sub))
				f.idp.LogInAs(sub)
				res := b.get("/auth/oauth/test/start")
				path = b.get(res.location).location
			}},
			{"a ban revokes the invitations", false, func(t *testing.T) {
				victim := f.browser(t)
				id := f.member(t, victim, fmt.Sprintf("v%d", n))
				n++
				victim.must("/auth/invite/create", nil)
				b, path, body = boss, "/auth/admin/ban", map[string]string{"userId": id}
			}},
		}
		member = f.browser(t)
		boss = f.admin(t)
		f.member(t, member, "ada")
		clean := e.SQL()
		for _, op := range ops {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					op.setup(t)
					before = state(t, clean)
				}, func() error {
					var res answer
					if op.get {
						res = b.get(path)
					} else {
						res = b.post(path, body)
					}
					if res.status == http.StatusOK || res.status == http.StatusFound && res.location == "/" {
						return nil
					}
					if res.status != http.StatusInternalServerError || res.code() != "internal" {
						t.Fatalf("%s with a fault = %d %s, want 500 internal", path, res.status, res.body)
					}
					return fmt.Errorf("%d", res.status)
				}, func(t *testing.T) {
					if after := state(t, clean); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}

		// The host's calls: Issue, and a Go sign-up with WithCode.
		t.Run("issue", func(t *testing.T) {
			var before string
			faults.Each(t, func(t *testing.T) { before = state(t, clean) }, func() error {
				_, err := f.inv.Issue(context.Background(), invite.CreateRequest{MaxUses: 2})
				return err
			}, func(t *testing.T) {
				if after := state(t, clean); after != before {
					t.Fatalf("a failed issue changed the database:\nbefore:\n%s\nafter:\n%s", before, after)
				}
			})
		})
	})
}

// state renders the invitations, their uses, the users and the sessions,
// so that a failed call can be shown to have changed nothing.
func state(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var id, other string
	var uses int64
	var revoked sql.Null[time.Time]
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(invite.InvitationID.Into(&id), invite.InvitationUses.Into(&uses), invite.InvitationRevokedAt.Into(&revoked)).
		From(invite.Invitations).OrderBy(invite.InvitationID.Asc()), func() string { return fmt.Sprint("invitation ", id, uses, revoked) })
	collect(sqlb.Select(invite.UseInvitationID.Into(&id), invite.UseUserID.Into(&other)).From(invite.Uses).
		OrderBy(invite.UseUserID.Asc()), func() string { return fmt.Sprint("use ", id, other) })
	collect(sqlb.Select(auth.UserID.Into(&id)).From(auth.Users).OrderBy(auth.UserID.Asc()), func() string { return "user " + id })
	collect(sqlb.Select(auth.SessionID.Into(&id)).From(auth.Sessions).OrderBy(auth.SessionID.Asc()), func() string { return "session " + id })
	return strings.Join(out, "\n")
}
