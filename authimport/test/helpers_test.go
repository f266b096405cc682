package test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

// oldSecret is the better-auth secret of the databases the tests make.
var oldSecret = auth.NewSecret("the-old-better-auth-secret-0123456789abcdef")

// fixture is an instance with the email, password, oauth (a github
// provider) and import plugins, and a recorder of imported password
// hashes, served as a host mounts it: the routes under /auth/ and a page
// of its own at /me, behind the Middleware with better-auth's cookie
// bridge.
type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	imp   *authimport.Plugin
	pw    *password.Plugin
	h     http.Handler
}

type setup struct {
	db         *sql.DB // a pool of e's database other than e.DB (a faulty one)
	noImporter bool    // no plugin imports password hashes
	now        time.Time
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	if s.now.IsZero() {
		s.now = time.Now()
	}
	f := &fixture{e: e, clock: authtest.NewClock(s.now), imp: authimport.New()}
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f.pw = password.New(password.WithHasher(hasher))
	plugins := []auth.Plugin{email.New(email.WithSender(&authtest.Mailbox{}))}
	if !s.noImporter {
		plugins = append(plugins, &recorder{})
	}
	plugins = append(plugins, f.pw, oauth.New([]*oauth.Provider{oauth.GitHub("client", auth.NewSecret("client-secret"))}), f.imp)
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	if f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(plugins...),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits()); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/me", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		fmt.Fprint(w, u.ID)
	})))
	f.h = authhttp.Middleware(f.a, authhttp.BridgeCookie(authhttp.BetterAuthCookie(oldSecret)))(mux)
	return f
}

// run imports src and fails the test on an error.
func (f *fixture) run(t testing.TB, src authimport.Source, opts ...authimport.Option) *authimport.Report {
	t.Helper()
	r, err := f.imp.Import(context.Background(), src, opts...)
	if err != nil {
		t.Fatalf("Import(%s) = %v", src.Name(), err)
	}
	return r
}

// imported returns the Sesame user a record of a source became, or "".
func (f *fixture) imported(t testing.TB, source, id string) string {
	t.Helper()
	var uid string
	err := f.a.DB().One(context.Background(), sqlb.Select(authimport.ImportedUserID.Into(&uid)).From(authimport.Imported).
		Where(sqlb.And(authimport.ImportedSource.Eq(source), authimport.ImportedKind.Eq("user"), authimport.ImportedSourceID.Eq(id))))
	if err == sql.ErrNoRows {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return uid
}

// identities lists a user's identities as "kind value verified".
func (f *fixture) identities(t testing.TB, uid string) []string {
	t.Helper()
	var kind, value string
	var verified sql.Null[time.Time]
	var out []string
	err := f.a.DB().All(context.Background(), sqlb.Select(auth.IdentityKindName.Into(&kind), auth.IdentityValue.Into(&value),
		auth.IdentityVerifiedAt.Into(&verified)).From(auth.Identities).Where(auth.IdentityUserID.Eq(uid)).
		OrderBy(auth.IdentityKindName.Asc()), func() error {
		out = append(out, fmt.Sprintf("%s %s %v", kind, value, verified.Valid))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// recorder is a plugin implementing auth.PasswordImporter that keeps
// what it is given in a table of its own: the password plugin's part,
// which another branch adds, stood in for by a real plugin that records.
type recorder struct{}

var (
	recorded       = sqlb.NewTable("test_imported_password")
	recordedUserID = sqlb.NewColumn[string](recorded, "user_id", sqlb.String(36))
	recordedScheme = sqlb.NewColumn[string](recorded, "scheme", sqlb.String(64))
	recordedHash   = sqlb.NewColumn[string](recorded, "hash", sqlb.Text())
)

func init() { recorded.PrimaryKey(recordedUserID) }

func (*recorder) Name() string              { return "recorder" }
func (*recorder) Tables() []*sqlb.Table     { return []*sqlb.Table{recorded} }
func (*recorder) PasswordSchemes() []string { return []string{authimport.BetterAuthScheme, "bcrypt"} }
func (*recorder) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001", sqlb.CreateTable(recorded))}
}

// ImportPasswordHash refuses a hash that starts with "malformed", as the
// password plugin refuses one it cannot read.
func (*recorder) ImportPasswordHash(ctx context.Context, c *auth.Call, userID, scheme, hash string) error {
	if strings.HasPrefix(hash, "malformed") {
		return auth.ErrInvalidInput.With("the hash is malformed")
	}
	_, err := c.DB().Exec(ctx, sqlb.Insert(recorded).Row(recordedUserID.Set(userID), recordedScheme.Set(scheme), recordedHash.Set(hash)))
	return err
}

var _ auth.PasswordImporter = (*recorder)(nil)

// hashOf returns the hash the recorder was given for a user, as "scheme
// hash", or "".
func (f *fixture) hashOf(t testing.TB, uid string) string {
	t.Helper()
	var scheme, hash string
	err := f.a.DB().One(context.Background(), sqlb.Select(recordedScheme.Into(&scheme), recordedHash.Into(&hash)).
		From(recorded).Where(recordedUserID.Eq(uid)))
	if err == sql.ErrNoRows {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return scheme + " " + hash
}

// state describes what an import writes, for comparing before and after
// a failed one.
func state(t testing.TB, db *sqlb.DB) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var a, b, c string
	var when time.Time
	collect := func(q *sqlb.SelectStmt, row func() string) {
		t.Helper()
		if err := db.All(ctx, q, func() error { out = append(out, row()); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	collect(sqlb.Select(auth.UserID.Into(&a), auth.UserName.Into(&b), auth.UserCreatedAt.Into(&when)).From(auth.Users),
		func() string { return fmt.Sprint("user ", a, " ", b, " ", when) })
	collect(sqlb.Select(auth.IdentityKindName.Into(&a), auth.IdentityValue.Into(&b), auth.IdentityUserID.Into(&c)).From(auth.Identities),
		func() string { return fmt.Sprint("identity ", a, " ", b, " ", c) })
	collect(sqlb.Select(auth.SessionUserID.Into(&a), auth.SessionCredential.Into(&b), auth.SessionExpiresAt.Into(&when)).From(auth.Sessions),
		func() string { return fmt.Sprint("session ", a, " ", b, " ", when) })
	collect(sqlb.Select(authimport.ImportedKind.Into(&a), authimport.ImportedSourceID.Into(&b), authimport.ImportedUserID.Into(&c)).From(authimport.Imported),
		func() string { return fmt.Sprint("imported ", a, " ", b, " ", c) })
	collect(sqlb.Select(recordedUserID.Into(&a), recordedScheme.Into(&b)).From(recorded),
		func() string { return fmt.Sprint("password ", a, " ", b) })
	sort.Strings(out)
	return strings.Join(out, "\n")
}
