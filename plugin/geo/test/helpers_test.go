package test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/admin"
	"github.com/sesame-go/sesame/plugin/geo"
	"github.com/sesame-go/sesame/plugin/geo/maxmind"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// The addresses of the test database.
const (
	amsterdam = "198.51.100.7" // NL, 52.37 4.89, within 20 km
	haarlem   = "198.51.101.7" // NL, 52.38 4.64, within 20 km: 17 km from amsterdam
	sydney    = "203.0.113.7"  // AU, -33.87 151.21, within 50 km
	usOnly    = "192.0.2.7"    // US, no coordinates: a country database's answer
	berlin6   = "2001:db8::7"  // DE, 52.52 13.40, within 100 km
	nowhere   = "100.64.0.7"   // not in the database
)

// buildDB writes a City database of the addresses above with mmdbwriter,
// as MaxMind's own databases are shaped.
func buildDB(tb testing.TB) []byte {
	tb.Helper()
	tree, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "GeoIP2-City", IncludeReservedNetworks: true, RecordSize: 28})
	if err != nil {
		tb.Fatal(err)
	}
	city := func(iso string, lat, lon float64, radius uint16) mmdbtype.Map {
		return mmdbtype.Map{
			"country":            mmdbtype.Map{"iso_code": mmdbtype.String(iso)},
			"registered_country": mmdbtype.Map{"iso_code": mmdbtype.String(iso)},
			"location": mmdbtype.Map{"latitude": mmdbtype.Float64(lat), "longitude": mmdbtype.Float64(lon),
				"accuracy_radius": mmdbtype.Uint16(radius)},
		}
	}
	for cidr, rec := range map[string]mmdbtype.Map{
		"198.51.100.0/24": city("NL", 52.37, 4.89, 20),
		"198.51.101.0/24": city("NL", 52.38, 4.64, 20),
		"203.0.113.0/24":  city("AU", -33.87, 151.21, 50),
		"192.0.2.0/24":    {"registered_country": mmdbtype.Map{"iso_code": mmdbtype.String("US")}},
		"2001:db8::/32":   city("DE", 52.52, 13.40, 100),
	} {
		_, network, err := net.ParseCIDR(cidr)
		if err != nil {
			tb.Fatal(err)
		}
		if err := tree.Insert(network, rec); err != nil {
			tb.Fatalf("insert %s: %v", cidr, err)
		}
	}
	var buf bytes.Buffer
	if _, err := tree.WriteTo(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// openDB returns the test database through the adapter.
func openDB(tb testing.TB) *maxmind.DB {
	tb.Helper()
	db, err := maxmind.FromBytes(buildDB(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// fixture is an instance with the test sign-in, the admin plugin and the
// geo plugin, served over HTTP behind a proxy it trusts (the test's own
// loopback), so that each request names its client address in
// X-Forwarded-For.
type fixture struct {
	a      *auth.Auth
	login  *authtest.Login
	adm    *admin.Plugin
	clock  *authtest.Clock
	events *authtest.EventLog
	h      http.Handler
	first  *authtest.Client
}

func newFixture(tb testing.TB, e *authtest.Engine, g geo.GeoIP, opts ...geo.Option) *fixture {
	tb.Helper()
	f := &fixture{login: authtest.NewLogin(), adm: admin.New(), clock: authtest.NewClock(start), events: &authtest.EventLog{}}
	var err error
	f.a, err = newAuth(e, f.login, f.adm, geo.New(g, opts...), auth.WithClock(f.clock.Now), auth.WithEventSink(f.events.Sink))
	if err != nil {
		tb.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	f.h = serve(f.a)
	f.first = authtest.NewClient(tb, f.h)
	return f
}

// serve serves a's routes under /auth/.
func serve(a *auth.Auth) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(a))
	return mux
}

// newAuth makes an instance of plugins and, after them, options, behind
// the test's loopback as a trusted proxy; without rate limits.
func newAuth(e *authtest.Engine, plugins ...any) (*auth.Auth, error) {
	opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithoutRateLimits(),
		auth.WithTrustedProxies(netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128"))}
	var ps []auth.Plugin
	for _, p := range plugins {
		switch x := p.(type) {
		case auth.Option:
			opts = append(opts, x)
		case auth.Plugin:
			ps = append(ps, x)
		}
	}
	return auth.New(append(opts, auth.WithPlugins(ps...))...)
}

// from is a bearer client of the fixture whose requests come from addr.
type from struct {
	c    *authtest.Client
	addr string
}

func (f *fixture) client(tb testing.TB) *authtest.Client {
	c := authtest.ClientOf(tb, f.first.BaseURL())
	c.Bearer = true
	return c
}

func (f *fixture) at(tb testing.TB, addr string) *from { return &from{c: f.client(tb), addr: addr} }

func (x *from) header() http.Header { return http.Header{"X-Forwarded-For": {x.addr}} }

func (x *from) post(path string, body any) *authtest.Response {
	return x.c.Do(http.MethodPost, path, body, x.header())
}

func (x *from) get(path string) *authtest.Response {
	return x.c.Do(http.MethodGet, path, nil, x.header())
}

func (x *from) signIn(name string) *authtest.Response {
	return x.post("/auth/authtest/sign-in", map[string]string{"name": name})
}

func wantStatus(tb testing.TB, what string, res *authtest.Response, status int, code string) {
	tb.Helper()
	if res.Status != status || (code != "" && res.ErrorCode() != code) {
		tb.Fatalf("%s = %d %s, want %d %s", what, res.Status, res.Body, status, code)
	}
}

// brokenGeoIP is a GeoIP whose database fails.
type brokenGeoIP struct{}

func (brokenGeoIP) Locate(context.Context, netip.Addr) (geo.Location, error) {
	return geo.Location{}, errBroken
}

var errBroken = &net.OpError{Op: "read", Err: net.ErrClosed}
