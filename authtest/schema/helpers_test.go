package schema

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authimport"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/access"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/apikey"
	"github.com/sesame-go/sesame/plugin/audit"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/emailchallenge"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/plugin/handoff"
	"github.com/sesame-go/sesame/plugin/invite"
	"github.com/sesame-go/sesame/plugin/jwt"
	"github.com/sesame-go/sesame/plugin/lastlogin"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/metadata"
	"github.com/sesame-go/sesame/plugin/oauth"
	"github.com/sesame-go/sesame/plugin/organization"
	"github.com/sesame-go/sesame/plugin/passkey"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/plugin/phone"
	"github.com/sesame-go/sesame/plugin/referral"
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/plugin/terms"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

// epoch is the instances' clock, so that plans are the same every run.
var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// fixture is an instance with every plugin that has tables or user
// columns, on one engine's database.
type fixture struct {
	a    *auth.Auth
	pw   *password.Plugin
	mail *authtest.Mailbox
}

// everyPlugin returns the plugins whose schema the tests cover, with the
// password plugin's hasher kept cheap.
func everyPlugin(tb testing.TB, mail *authtest.Mailbox) (*password.Plugin, []auth.Plugin) {
	tb.Helper()
	pw := password.New(password.WithHasher(cheapHasher(tb)))
	vocabulary := organization.Resources()
	vocabulary["project"] = []string{"read"}
	acc := access.New(vocabulary, access.WithRoles(append(organization.DefaultRoles(),
		access.Role{Name: "viewer", Statements: access.Statements{"project": {"read"}}})...))
	sms := phone.SenderFunc(func(context.Context, phone.Message) error { return nil })
	return pw, []auth.Plugin{
		email.New(email.WithSender(mail)), pw, username.New(), magiclink.New(), twofactor.New(), admin.New(),
		jwt.New(jwt.WithSecretKeys([]byte("0123456789abcdef0123456789abcdef"))), emailchallenge.New(),
		phone.New(phone.WithSender(sms)), passkey.New(),
		oauth.New([]*oauth.Provider{oauth.GitHub("schema-test-client", auth.NewSecret("schema-test-secret"))}),
		geo.New(nowhere{}), apikey.New(), invite.New(), lastlogin.New(), terms.New("2026-11-01"), metadata.New(),
		stale.New(), authimport.New(), audit.New(), anonymous.New(), sessiondata.New(), referral.New(),
		acc, organization.New(acc),
		handoff.New(), // handoff last: it shapes new sessions after the others
	}
}

// cheapHasher is argon2id with the least work, for speed.
func cheapHasher(tb testing.TB) *argon2id.Hasher {
	tb.Helper()
	h, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// newFixture returns an instance with every plugin on db (the engine's
// pool unless db is given), not migrated.
func newFixture(tb testing.TB, e *authtest.Engine, db *sql.DB, opts ...auth.Option) *fixture {
	tb.Helper()
	if db == nil {
		db = e.DB
	}
	return newFixtureOn(tb, db, e.Dialect, opts...)
}

// newFixtureOn returns an instance with every plugin on db of dialect d.
func newFixtureOn(tb testing.TB, db *sql.DB, d *sqlb.Dialect, opts ...auth.Option) *fixture {
	tb.Helper()
	f := &fixture{mail: &authtest.Mailbox{}}
	var plugins []auth.Plugin
	f.pw, plugins = everyPlugin(tb, f.mail)
	base := []auth.Option{auth.WithDB(db, d), auth.WithBaseURL("https://sesame.test/auth"), auth.WithPlugins(plugins...),
		auth.WithClock(func() time.Time { return epoch }), auth.WithoutRateLimits()}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	f.a = a
	return f
}

// offline returns an instance with every plugin for dialect d on a pool
// that cannot connect: what it does, it does without a database.
func offline(tb testing.TB, d *sqlb.Dialect) *fixture {
	tb.Helper()
	db := sql.OpenDB(noDatabase{})
	tb.Cleanup(func() { db.Close() })
	return newFixtureOn(tb, db, d)
}

// planFor returns the plan of an empty database of dialect d for an
// instance with every plugin; it needs no database.
func planFor(tb testing.TB, d *sqlb.Dialect) *auth.MigrationPlan {
	tb.Helper()
	plan, err := offline(tb, d).a.PlanMigrations(tb.Context(), auth.PlanEmpty(d))
	if err != nil {
		tb.Fatalf("PlanMigrations(PlanEmpty(%v)): %v", d, err)
	}
	return plan
}

// nowhere is a GeoIP that knows no address.
type nowhere struct{}

func (nowhere) Locate(context.Context, netip.Addr) (geo.Location, error) { return geo.Location{}, nil }

// noDatabase is a connector that never connects: a plan made on it
// proves that it needed no database.
type noDatabase struct{}

func (noDatabase) Connect(context.Context) (driver.Conn, error) {
	return nil, errors.New("schema test: no database to connect to")
}
func (noDatabase) Driver() driver.Driver { return nil }
