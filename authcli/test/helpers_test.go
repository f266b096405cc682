package test

import (
	"context"
	"database/sql"
	"net/netip"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
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
	"github.com/sesame-go/sesame/plugin/pow"
	"github.com/sesame-go/sesame/plugin/referral"
	"github.com/sesame-go/sesame/plugin/sessiondata"
	"github.com/sesame-go/sesame/plugin/stale"
	"github.com/sesame-go/sesame/plugin/terms"
	"github.com/sesame-go/sesame/plugin/twofactor"
	"github.com/sesame-go/sesame/plugin/username"
	"github.com/sesame-go/sesame/sqlb"
)

// epoch is the instances' clock.
var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// everyPlugin returns every plugin of the core module, with password and
// passkey: the instance whose surfaces the golden files hold.
func everyPlugin(tb testing.TB, mail email.Sender) []auth.Plugin {
	tb.Helper()
	sms := phone.SenderFunc(func(context.Context, phone.Message) error { return nil })
	acc := access.New(organization.Resources(), access.WithRoles(organization.DefaultRoles()...))
	return []auth.Plugin{
		email.New(email.WithSender(mail)), password.New(password.WithHasher(cheapHasher(tb))), username.New(),
		magiclink.New(), twofactor.New(), admin.New(), apikey.New(apikey.WithHeader("X-API-Key")), invite.New(), lastlogin.New(),
		metadata.New(), pow.New(), stale.New(), terms.New("2026-11"), audit.New(), anonymous.New(), sessiondata.New(),
		referral.New(), acc, organization.New(acc),
		jwt.New(jwt.WithSecretKeys([]byte("0123456789abcdef0123456789abcdef"))), emailchallenge.New(),
		phone.New(phone.WithSender(sms)), passkey.New(),
		oauth.New([]*oauth.Provider{oauth.GitHub("surfaces-test-client", auth.NewSecret("surfaces-test-secret"))}),
		geo.New(nowhere{}), handoff.New(), // handoff last: it shapes new sessions after the others
	}
}

// everything returns an instance with every plugin for SQLite's dialect
// on a pool that cannot connect: describing the routes needs no database.
func everything(tb testing.TB) *auth.Auth {
	tb.Helper()
	db := sql.OpenDB(noDatabase{})
	tb.Cleanup(func() { db.Close() })
	a, err := auth.New(auth.WithDB(db, sqlb.SQLite), auth.WithBaseURL("https://sesame.test/auth"),
		auth.WithPlugins(everyPlugin(tb, &authtest.Mailbox{})...), auth.WithClock(func() time.Time { return epoch }))
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	return a
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

// nowhere is a GeoIP that knows no address.
type nowhere struct{}

func (nowhere) Locate(context.Context, netip.Addr) (geo.Location, error) { return geo.Location{}, nil }
