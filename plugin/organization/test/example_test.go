package test_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/sqlb"
	_ "modernc.org/sqlite"
)

// An organization on SQLite through typed Go calls: Ada creates it, invites
// Grace by email, Grace accepts with the mailed link's token, and an
// admin may not take the ownership away.
func Example() {
	dir, _ := os.MkdirTemp("", "sesame-example")
	defer os.RemoveAll(dir)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "app.db")+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	vocabulary := organization.Resources()
	vocabulary["project"] = []string{"read", "write"} // the host's own resource
	acc := access.New(vocabulary, access.WithRoles(organization.DefaultRoles()...))
	org := organization.New(acc)
	mail := &authtest.Mailbox{}
	login := authtest.NewLogin()
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("http://localhost:8080/auth"),
		auth.WithPlugins(login, email.New(email.WithSender(mail)), acc, org))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := a.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	signIn := func(name, addr string) (context.Context, string) {
		u, err := a.CreateUser(ctx, auth.NewUser{Name: name, Identities: []auth.NewIdentity{
			{Kind: "authtest", Value: name, Verified: true}, {Kind: email.Kind, Value: addr, Verified: true}}})
		if err != nil {
			log.Fatal(err)
		}
		res, err := login.SignIn(ctx, name)
		if err != nil {
			log.Fatal(err)
		}
		return auth.WithSessionToken(ctx, res.Token), u.ID
	}
	ada, adaID := signIn("Ada", "ada@example.com")
	grace, _ := signIn("Grace", "grace@example.com")

	o, err := org.Create(ada, organization.Fields{Slug: "Analytical-Engines", Name: "Analytical Engines"})
	fmt.Println(o.Slug, o.Roles, err)
	_, err = org.Invite(ada, organization.InviteRequest{OrganizationID: o.ID, Email: "grace@example.com", Role: "admin"})
	fmt.Println("invited:", err)

	msg := mail.Messages("grace@example.com")[0]
	link, _ := url.Parse(strings.Fields(msg.Text[strings.Index(msg.Text, "http"):])[0])
	joined, err := org.AcceptInvitation(grace, auth.NewSecret(link.Query().Get("token")))
	fmt.Println(link.Path, joined.Slug, joined.Roles, err)

	err = org.RemoveMember(grace, organization.MemberRequest{OrganizationID: o.ID, UserID: adaID})
	fmt.Println("admin removes the owner:", errors.Is(err, access.ErrPermissionDenied))
	members, _ := org.Members(ada, o.ID)
	fmt.Println(len(members), "members")
	// Output:
	// analytical-engines [owner] <nil>
	// invited: <nil>
	// /organization/accept-invitation analytical-engines [admin] <nil>
	// admin removes the owner: true
	// 2 members
}
