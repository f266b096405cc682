package test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/anonymous"
	"github.com/sesame-go/sesame/plugin/email"
	"github.com/sesame-go/sesame/plugin/password"
	"github.com/sesame-go/sesame/plugin/password/argon2id"
	"github.com/sesame-go/sesame/sqlb"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

const goodPassword = "correct horse battery staple"

// Carts is a host table referencing users, as a shop keeps a guest's
// cart: the link moves it, the deletion of a guest takes what is left.
var (
	Carts      = sqlb.NewTable("shop_cart")
	CartID     = sqlb.NewColumn[string](Carts, "id", sqlb.String(36))
	CartUserID = sqlb.NewColumn[string](Carts, "user_id", sqlb.String(36).Labeled("id"), sqlb.References(auth.UserID, sqlb.Cascade))
)

func init() { Carts.PrimaryKey(CartID) }

// shop is the host's part: its table, and a link that moves the cart.
type shop struct {
	mu    sync.Mutex
	links [][2]string
}

func (s *shop) Name() string          { return "shop" }
func (s *shop) Tables() []*sqlb.Table { return []*sqlb.Table{Carts} }
func (s *shop) Migrations() []auth.Migration {
	return []auth.Migration{auth.Changes("001", sqlb.CreateTable(Carts))}
}

func (s *shop) link(ctx context.Context, c *auth.Call, guestID, userID string) error {
	s.mu.Lock()
	s.links = append(s.links, [2]string{guestID, userID})
	s.mu.Unlock()
	_, err := c.DB().Exec(ctx, sqlb.Update(Carts).Set(CartUserID.Set(userID)).Where(CartUserID.Eq(guestID)))
	return err
}

func (s *shop) linked() [][2]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][2]string(nil), s.links...)
}

// gate stands for a second factor: when on, a password sign-in's session
// is pending until POST /gate/pass starts a complete one.
type gate struct {
	on bool
	op *auth.Op[auth.Empty, auth.Empty]
}

type passing struct{}

var errGated = auth.NewError("gated", http.StatusForbidden, "pass the gate first")

func newGate() *gate {
	g := &gate{}
	g.op = &auth.Op[auth.Empty, auth.Empty]{Name: "gate.pass", Method: http.MethodPost, Path: "/gate/pass",
		Session: auth.SessionUser, Writes: true,
		Handler: func(ctx context.Context, c *auth.Call, _ auth.Empty) (auth.Empty, error) {
			_, _, err := c.StartSession(context.WithValue(ctx, passing{}, true), c.Session().UserID, "password")
			return auth.Empty{}, err
		}}
	return g
}

func (g *gate) Name() string                 { return "gate" }
func (g *gate) Operations() []auth.Operation { return []auth.Operation{g.op} }
func (g *gate) ErrorCodes() []*auth.Error    { return []*auth.Error{errGated} }

func (g *gate) StartingSession(ctx context.Context, c *auth.Call, s *auth.Session) error {
	if g.on && s.Credential == "password" && ctx.Value(passing{}) == nil {
		return s.SetDataValue("gate.pending", true)
	}
	return nil
}

func (g *gate) CheckSession(ctx context.Context, c *auth.Call) error {
	if ok, _ := c.Session().DataValue("gate.pending", new(bool)); ok && c.Op().Name != "gate.pass" {
		return errGated
	}
	return nil
}

type fixture struct {
	t      testing.TB
	e      *authtest.Engine
	a      *auth.Auth
	guests *anonymous.Plugin
	pw     *password.Plugin
	shop   *shop
	gate   *gate
	clock  *authtest.Clock
	h      http.Handler
	first  *authtest.Client
}

// newFixture makes an instance with the password plugin (no
// verification), the anonymous plugin linking carts, the gate and the
// shop, served over HTTP behind the middleware, rate limits off.
func newFixture(t testing.TB, e *authtest.Engine, opts []anonymous.Option, more ...auth.Option) *fixture {
	t.Helper()
	return build(t, e, opts, append([]auth.Option{auth.WithoutRateLimits()}, more...))
}

func build(t testing.TB, e *authtest.Engine, opts []anonymous.Option, more []auth.Option) *fixture {
	t.Helper()
	hasher, err := argon2id.New(argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, e: e, clock: authtest.NewClock(start), shop: &shop{}, gate: newGate(),
		pw: password.New(password.WithHasher(hasher), password.WithoutRecovery(), password.WithoutVerification())}
	f.guests = anonymous.New(append([]anonymous.Option{anonymous.WithOnLink(f.shop.link)}, opts...)...)
	all := append([]auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
		auth.WithPlugins(email.New(), f.pw, f.shop, f.gate, f.guests), auth.WithClock(f.clock.Now),
		auth.WithRateLimitStore(auth.NewMemoryRateStore())}, more...)
	if f.a, err = auth.New(all...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/app", authhttp.RequireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := authhttp.UserFrom(r)
		w.Write([]byte(u.ID))
	})))
	f.h = authhttp.Middleware(f.a)(mux)
	f.first = authtest.NewClient(t, f.h)
	return f
}

// client returns a new bearer client of the fixture's server.
func (f *fixture) client() *authtest.Client {
	c := authtest.ClientOf(f.t, f.first.BaseURL())
	c.Bearer = true
	return c
}

// guest makes a guest on a new client, and puts an item in their cart.
func (f *fixture) guest(t testing.TB) (*authtest.Client, string) {
	t.Helper()
	c := f.client()
	var g anonymous.Guest
	mustOK(t, "guest sign-in", c.Post("/auth/anonymous/sign-in", struct{}{})).Decode(t, &g)
	f.cart(t, g.User.ID)
	return c, g.User.ID
}

// cart puts an item in a user's cart.
func (f *fixture) cart(t testing.TB, userID string) {
	t.Helper()
	if _, err := f.a.DB().Exec(context.Background(), sqlb.Insert(Carts).Row(CartID.Set(f.a.NewID()), CartUserID.Set(userID))); err != nil {
		t.Fatal(err)
	}
}

// carts returns how many items a user's cart holds.
func (f *fixture) carts(t testing.TB, userID string) int64 {
	t.Helper()
	var n int64
	if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(Carts).Where(CartUserID.Eq(userID))); err != nil {
		t.Fatal(err)
	}
	return n
}

// account creates a person with a password.
func (f *fixture) account(t testing.TB, addr string) string {
	t.Helper()
	ctx := context.Background()
	u, err := f.a.CreateUser(ctx, auth.NewUser{Name: addr, Identities: []auth.NewIdentity{{Kind: email.Kind, Value: addr, Verified: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pw.SetPassword(ctx, u.ID, auth.NewSecret(goodPassword)); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// exists reports whether a user is there.
func (f *fixture) exists(t testing.TB, userID string) bool {
	t.Helper()
	var n int64
	if err := f.a.DB().One(context.Background(), sqlb.Select(sqlb.Into(sqlb.Count(), &n)).From(auth.Users).Where(auth.UserID.Eq(userID))); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// whoami returns the user of a client's session over HTTP, or "".
func whoami(t testing.TB, c *authtest.Client) *auth.User {
	t.Helper()
	res := c.Get("/auth/session")
	if res.Status != http.StatusOK {
		return nil
	}
	var out struct {
		User *auth.User `json:"user"`
	}
	res.Decode(t, &out)
	return out.User
}

func goCtx(c *authtest.Client) context.Context {
	return auth.WithSessionToken(context.Background(), auth.NewSecret(c.Token))
}

func mustOK(t testing.TB, what string, res *authtest.Response) *authtest.Response {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("%s = %d %s, want 200", what, res.Status, res.Body)
	}
	return res
}

func wantError(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %s", what, res.Status, strings.TrimSpace(string(res.Body)), status, code)
	}
}
