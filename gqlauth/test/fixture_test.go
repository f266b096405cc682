package test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/gqlauth"
	"github.com/sesame-go/sesame/gqlauth/test/project/app"
	"github.com/sesame-go/sesame/gqlauth/test/project/graph"
	"github.com/sesame-go/sesame/plugin/email"
)

var epoch = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// Limits of the test server: what gqlgen's complexity extension and
// gqlauth's depth limit allow.
const (
	complexityLimit = 40
	depthLimit      = 5
)

// fixture is the test project served as a host serves it, over real
// HTTP: the routes under /auth/ and the GraphQL server at /graphql, both
// behind authhttp.Middleware.
type fixture struct {
	t     testing.TB
	a     *auth.Auth
	mail  *authtest.Mailbox
	clock *authtest.Clock
	srv   *httptest.Server
	// origin is the instance's origin, the one the origin check trusts.
	origin string
}

type setup struct {
	db   *sql.DB // a pool other than the engine's (a faulty one)
	opts []auth.Option
}

func newFixture(t testing.TB, e *authtest.Engine, s setup) *fixture {
	t.Helper()
	f := &fixture{t: t, mail: &authtest.Mailbox{}, clock: authtest.NewClock(epoch)}
	f.srv = httptest.NewUnstartedServer(nil)
	f.origin = "http://" + f.srv.Listener.Addr().String()
	db := e.DB
	if s.db != nil {
		db = s.db
	}
	opts := append([]auth.Option{auth.WithDB(db, e.Dialect), auth.WithBaseURL(f.origin + "/auth"),
		auth.WithPlugins(app.Plugins(f.mail, cheapHasher(t))...), auth.WithClock(f.clock.Now),
		auth.WithRateLimitStore(auth.NewMemoryRateStore())}, s.opts...)
	var err error
	if f.a, err = auth.New(opts...); err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	gql := handler.New(graph.NewExecutableSchema(graph.Config{
		Resolvers:  &graph.Resolver{},
		Directives: graph.DirectiveRoot{Authenticated: gqlauth.Authenticated},
	}))
	gql.AddTransport(transport.GET{})
	gql.AddTransport(transport.POST{})
	gql.Use(extension.FixedComplexityLimit(complexityLimit))
	gql.Use(gqlauth.DepthLimit(depthLimit))
	mux := http.NewServeMux()
	mux.Handle("/auth/", authhttp.Handler(f.a))
	mux.Handle("/graphql", authhttp.Middleware(f.a)(gqlauth.Handler(f.a, gql)))
	f.srv.Config.Handler = mux
	f.srv.Start()
	t.Cleanup(f.srv.Close)
	return f
}

// client is a GraphQL client: a browser (cookies kept, its Origin sent)
// or, in bearer mode, an app that keeps the token itself.
type client struct {
	f      *fixture
	http   *http.Client
	origin string // sent as Origin when set
	bearer bool   // asks for the bearer transport
	token  string // sent as Authorization: Bearer
}

// browser returns a client that keeps cookies and sends the instance's
// Origin, as a page of the site does.
func (f *fixture) browser() *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		f.t.Fatal(err)
	}
	return &client{f: f, http: &http.Client{Jar: jar}, origin: f.origin}
}

// app returns a client in bearer mode, which sends no Origin.
func (f *fixture) app() *client {
	return &client{f: f, http: &http.Client{}, bearer: true}
}

// result is a GraphQL answer and its HTTP response.
type result struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []gqlError                 `json:"errors"`
	status int
	header http.Header
}

type gqlError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

// code returns the extensions code of the answer's only error, or "".
func (r *result) code(t testing.TB) string {
	t.Helper()
	switch len(r.Errors) {
	case 0:
		return ""
	case 1:
		c, _ := r.Errors[0].Extensions["code"].(string)
		return c
	}
	t.Fatalf("the answer has %d errors, want at most one: %+v", len(r.Errors), r.Errors)
	return ""
}

// field decodes the data's field name into v, failing on errors.
func (r *result) field(t testing.TB, name string, v any) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("%s: errors %+v", name, r.Errors)
	}
	if err := json.Unmarshal(r.Data[name], v); err != nil {
		t.Fatalf("%s: %v in %s", name, err, r.Data[name])
	}
}

// do posts query with variables.
func (c *client) do(query string, vars map[string]any) *result {
	c.f.t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		c.f.t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, c.f.srv.URL+"/graphql", bytes.NewReader(body))
	if err != nil {
		c.f.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

// get sends query as a GET request.
func (c *client) get(query string) *result {
	c.f.t.Helper()
	req, err := http.NewRequest(http.MethodGet, c.f.srv.URL+"/graphql?query="+url.QueryEscape(query), nil)
	if err != nil {
		c.f.t.Fatal(err)
	}
	return c.send(req)
}

func (c *client) send(req *http.Request) *result {
	c.f.t.Helper()
	if c.origin != "" {
		req.Header.Set("Origin", c.origin)
	}
	if c.bearer {
		req.Header.Set(authhttp.HeaderTokenMode, "bearer")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.f.t.Fatal(err)
	}
	defer resp.Body.Close()
	r := &result{status: resp.StatusCode, header: resp.Header}
	if err := json.NewDecoder(resp.Body).Decode(r); err != nil {
		c.f.t.Fatalf("%s %s: the answer (%d) is not GraphQL JSON: %v", req.Method, req.URL.Path, resp.StatusCode, err)
	}
	return r
}

// signUp signs a person up and verifies the address with the token of the
// message the capturing sender kept, all over GraphQL.
func (f *fixture) signUp(c *client, addr, password string) {
	f.t.Helper()
	r := c.do(`mutation($in: PasswordSignUpRequest!) { passwordSignUp(input: $in) { status } }`,
		map[string]any{"in": map[string]any{"email": addr, "password": password}})
	if len(r.Errors) > 0 {
		f.t.Fatalf("passwordSignUp: %+v", r.Errors)
	}
	token := f.mail.Token(f.t, addr, email.PurposeVerify)
	r = c.do(`mutation($t: String) { emailVerify(input: {token: $t}) { email } }`, map[string]any{"t": token})
	var v struct{ Email string }
	r.field(f.t, "emailVerify", &v)
	if v.Email != addr {
		f.t.Fatalf("emailVerify = %q, want %q", v.Email, addr)
	}
}

const signIn = `mutation($e: String, $p: String) { passwordSignIn(input: {email: $e, password: $p}) { user { id } session { id } } }`

// signedIn is passwordSignIn's answer.
type signedIn struct {
	User    struct{ ID string }
	Session struct{ ID string }
}
