package test

import (
	"context"
	"crypto"
	"crypto/x509"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/jwt"
	"github.com/sesame-go/sesame/sqlb"
)

var (
	start   = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	sealKey = []byte("an-example-sealing-key-of-32-byt")
	billing = "https://billing.acme.example"
)

// instance is one process of the host: its own plugin value and handler
// on a database it may share with others.
type instance struct {
	a   *auth.Auth
	p   *jwt.Plugin
	h   http.Handler
	srv *httptest.Server // serves p.JWKSHandler()
}

// newInstance makes a migrated instance on db with the authtest sign-in,
// the jwt plugin (with a "billing" template besides opts), and clock.
func newInstance(t testing.TB, db *sql.DB, d *sqlb.Dialect, clock *authtest.Clock, opts ...jwt.Option) *instance {
	t.Helper()
	return newInstanceSealed(t, db, d, clock, [][]byte{sealKey}, opts...)
}

// newInstanceSealed is newInstance with other sealing keys.
func newInstanceSealed(t testing.TB, db *sql.DB, d *sqlb.Dialect, clock *authtest.Clock, keys [][]byte, opts ...jwt.Option) *instance {
	t.Helper()
	base := []jwt.Option{jwt.WithSecretKeys(keys...), jwt.WithTemplate(jwt.Template{Name: "billing", Audience: []string{billing},
		Claims: func(ctx context.Context, c *auth.Call) (map[string]any, error) {
			return map[string]any{"plan": "pro", "name": c.User().Name}, nil
		}})}
	p := jwt.New(append(base, opts...)...)
	a, err := auth.New(auth.WithDB(db, d), auth.WithBaseURL(authtest.BaseURL), auth.WithClock(clock.Now),
		auth.WithPlugins(authtest.NewLogin(), p), auth.WithoutRateLimits())
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.JWKSHandler())
	t.Cleanup(srv.Close)
	return &instance{a: a, p: p, h: authhttp.Handler(a), srv: srv}
}

// signIn signs name in on a new bearer client of the instance.
func (in *instance) signIn(t testing.TB, name string) *authtest.Client {
	t.Helper()
	c := authtest.NewClient(t, in.h)
	c.Bearer = true
	authtest.SignIn(t, c, "/auth", name)
	return c
}

// mint mints a token of template on c, failing the test on an error.
func mint(t testing.TB, c *authtest.Client, template string) string {
	t.Helper()
	res := c.Post("/auth/jwt/token", map[string]string{"template": template})
	if res.Status != http.StatusOK {
		t.Fatalf("mint %q = %d %s", template, res.Status, res.Body)
	}
	var out struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	res.Decode(t, &out)
	return out.Token
}

// header returns a token's decoded header.
func header(t testing.TB, token string) map[string]string {
	t.Helper()
	h, _, _ := strings.Cut(token, ".")
	raw, err := base64.RawURLEncoding.DecodeString(h)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// jwks fetches an instance's key set, as a cache would.
func jwks(t testing.TB, in *instance) []byte {
	t.Helper()
	res, err := http.Get(in.srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	if _, err := io.Copy(&b, res.Body); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, max-age=300" ||
		res.Header.Get("Content-Type") != "application/jwk-set+json" {
		t.Fatalf("GET jwks = %d %v %s", res.StatusCode, res.Header, b.String())
	}
	return []byte(b.String())
}

// kids lists the kids of a key set, in order.
func kids(t testing.TB, set []byte) []string {
	t.Helper()
	var s jwt.KeySet
	if err := json.Unmarshal(set, &s); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range s.Keys {
		out = append(out, k.Kid)
	}
	return out
}

// privateKeys opens the stored private keys as the package documents
// their storage, by kid.
func privateKeys(t testing.TB, db *sqlb.DB) map[string]crypto.Signer {
	t.Helper()
	sealer, err := auth.NewSealer(sealKey)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]crypto.Signer{}
	var kid, sealed string
	err = db.All(context.Background(), sqlb.Select(jwt.KeyID.Into(&kid), jwt.KeyPrivate.Into(&sealed)).From(jwt.SigningKeys), func() error {
		plain, err := sealer.Open(sealed, "jwt-key:"+kid)
		if err != nil {
			return err
		}
		der, err := base64.StdEncoding.DecodeString(plain)
		if err != nil {
			return err
		}
		k, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			return err
		}
		out[kid] = k.(crypto.Signer)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// cutDot splits a token at its first dot.
func cutDot(token string) (string, string, bool) { return strings.Cut(token, ".") }

// sqlbDeleteKeys deletes every key, so that the next subtest starts with
// none.
func sqlbDeleteKeys() *sqlb.DeleteStmt { return sqlb.Delete(jwt.SigningKeys).All() }

func newHandler(a *auth.Auth) http.Handler { return authhttp.Handler(a) }

type nullTime = sql.Null[time.Time]
