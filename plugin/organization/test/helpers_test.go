package test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/organization"
)

var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// vocabulary is the test host's: the plugin's resources and one of the
// host's own, which organization roles grant too.
func vocabulary() access.Resources {
	r := access.Resources{"project": {"read", "write"}}
	maps.Copy(r, organization.Resources())
	return r
}

// roles are the default roles, each extended with the host's resource,
// and a "viewer" that may only read.
func roles() []access.Role {
	out := organization.DefaultRoles()
	for i := range out {
		out[i].Statements["project"] = []string{"read"}
	}
	return append(out, access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}})
}

type fixture struct {
	e      *authtest.Engine
	a      *auth.Auth
	acc    *access.Plugin
	org    *organization.Plugin
	login  *authtest.Login
	mail   *authtest.Mailbox
	clock  *authtest.Clock
	events *authtest.EventLog
	h      http.Handler
	n      atomic.Int64
	dns    *fakeDNS
	delete *auth.Op[deleteRequest, auth.Empty]
}

// deleteRequest names the user the host deletes.
type deleteRequest struct {
	UserID string `json:"userId"`
}

// deleter is the host's own deletion of a user (an account closed on
// request, an administrator's removal): a server operation that calls
// [auth.Call.DeleteUser], as the stale and anonymous plugins do.
type deleter struct {
	op *auth.Op[deleteRequest, auth.Empty]
}

func (deleter) Name() string                   { return "host-deleter" }
func (d deleter) Operations() []auth.Operation { return []auth.Operation{d.op} }

// fakeDNS is the injected DNS lookup of domain proofs: the TXT records
// the test published.
type fakeDNS struct {
	mu      sync.Mutex
	records map[string][]string
}

func (d *fakeDNS) publish(name, value string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.records[name] = append(d.records[name], value)
}

func (d *fakeDNS) lookup(_ context.Context, name string) ([]string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r, ok := d.records[name]; ok {
		return r, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

func newFixture(t testing.TB, e *authtest.Engine, db *sql.DB, opts ...organization.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, login: authtest.NewLogin(), mail: &authtest.Mailbox{}, clock: authtest.NewClock(epoch), events: &authtest.EventLog{}}
	f.acc = access.New(vocabulary(), access.WithRoles(roles()...))
	f.dns = &fakeDNS{records: map[string][]string{}}
	f.org = organization.New(f.acc, append([]organization.Option{organization.WithResolver(f.dns.lookup)}, opts...)...)
	f.delete = &auth.Op[deleteRequest, auth.Empty]{Name: "host.deleteUser", Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, in deleteRequest) (auth.Empty, error) {
			return auth.Empty{}, c.DeleteUser(ctx, in.UserID)
		}}
	if db == nil {
		db = e.DB
	}
	var err error
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(f.clock.Now),
		auth.WithPlugins(f.login, email.New(email.WithSender(f.mail)), f.acc, f.org, deleter{f.delete}),
		auth.WithoutRateLimits(), auth.WithEventSink(f.events.Sink))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The host: the routes under /auth/, and a page of its own that shows
	// the session's active organization.
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.HandleFunc("GET /api/active", func(w http.ResponseWriter, r *http.Request) {
		id, ok, err := f.org.ActiveOrganization(r.Context())
		switch {
		case err != nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
		case !ok:
			io.WriteString(w, "none")
		default:
			io.WriteString(w, id)
		}
	})
	f.h = authhttp.Middleware(f.a)(mux)
	return f
}

// person is a signed-in user.
type person struct {
	ID, Name, Email string
	token           auth.Secret
}

// ctx is a new request of the person's session.
func (p *person) ctx() context.Context {
	return auth.WithSessionToken(context.Background(), p.token)
}

// person makes a user with an email address, verified or not, and signs
// them in.
func (f *fixture) person(t testing.TB, label string, verified bool) *person {
	t.Helper()
	n := f.n.Add(1)
	return f.personAt(t, fmt.Sprintf("%s-%d", label, n), fmt.Sprintf("%s-%d@example.com", label, n), verified)
}

// personAt makes a user of a name with an email address, verified or
// not, and signs them in.
func (f *fixture) personAt(t testing.TB, name, addr string, verified bool) *person {
	t.Helper()
	p := &person{Name: name, Email: addr}
	u, err := f.a.CreateUser(context.Background(), auth.NewUser{Name: p.Name, Identities: []auth.NewIdentity{
		{Kind: "authtest", Value: p.Name, Verified: true}, {Kind: email.Kind, Value: p.Email, Verified: verified}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := f.login.SignIn(context.Background(), p.Name)
	if err != nil {
		t.Fatal(err)
	}
	p.ID, p.token = u.ID, res.Token
	return p
}

// create makes an organization owned by p.
func (f *fixture) create(t testing.TB, p *person, slug string) organization.Organization {
	t.Helper()
	o, err := f.org.Create(p.ctx(), organization.Fields{Slug: slug, Name: "Org " + slug})
	if err != nil {
		t.Fatalf("Create(%s) = %v", slug, err)
	}
	return o
}

// add makes p a member of the organization with a role, by invitation.
func (f *fixture) add(t testing.TB, owner *person, orgID string, p *person, role string) {
	t.Helper()
	inv, err := f.org.Invite(owner.ctx(), organization.InviteRequest{OrganizationID: orgID, Email: p.Email, Role: role})
	if err != nil {
		t.Fatalf("Invite(%s, %s) = %v", p.Email, role, err)
	}
	if _, err := f.org.AcceptInvitation(p.ctx(), inv.Token); err != nil {
		t.Fatalf("AcceptInvitation by %s = %v", p.Name, err)
	}
}

// roles returns the roles of a user in an organization.
func (f *fixture) roles(t testing.TB, orgID, userID string) []string {
	t.Helper()
	r, err := f.acc.RolesOf(context.Background(), userID, orgID)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// wantCode fails unless err is the *auth.Error of want (nil for success).
func wantCode(t testing.TB, what string, err error, want *auth.Error) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("%s = %v, want success", what, err)
		}
		return
	}
	if !errors.Is(err, want) {
		t.Fatalf("%s = %v, want %s", what, err, want.Code)
	}
}
