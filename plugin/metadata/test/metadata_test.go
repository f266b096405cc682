package test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/plugin/metadata"
	"github.com/sesame-go/sesame/sqlb"
)

var epoch = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)

type fixture struct {
	a     *auth.Auth
	e     *authtest.Engine
	clock *authtest.Clock
	md    *metadata.Plugin
	login *authtest.Login
	h     http.Handler
}

// noRole is the host's schema of the tests: an editable document may
// not set "role".
func noRole(kind metadata.Kind, doc json.RawMessage) error {
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		return err
	}
	if _, ok := m["role"]; ok && kind == metadata.Editable {
		return errors.New(`"role" is not yours to set`)
	}
	return nil
}

func newFixture(t testing.TB, e *authtest.Engine, db *sql.DB, opts ...metadata.Option) *fixture {
	t.Helper()
	f := &fixture{e: e, clock: authtest.NewClock(epoch), login: authtest.NewLogin()}
	f.md = metadata.New(append([]metadata.Option{metadata.WithSchema(noRole), metadata.WithMaxSize(256)}, opts...)...)
	if db == nil {
		db = e.DB
	}
	var err error
	f.a, err = auth.New(auth.WithDB(db, e.Dialect), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(f.login, f.md),
		auth.WithClock(f.clock.Now), auth.WithoutRateLimits())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.a.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.h = authhttp.Handler(f.a)
	return f
}

// person signs name in on a new client and returns it with the user's ID.
func (f *fixture) person(t testing.TB, name string) (*authtest.Client, string) {
	t.Helper()
	c := authtest.NewClient(t, f.h)
	res := c.Post("/auth/authtest/sign-in", map[string]string{"name": name})
	var out struct{ User struct{ ID string } }
	res.Decode(t, &out)
	if res.Status != http.StatusOK || out.User.ID == "" {
		t.Fatalf("sign-in = %d %s", res.Status, res.Body)
	}
	return c, out.User.ID
}

func want(t testing.TB, what string, res *authtest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.ErrorCode() != code {
		t.Errorf("%s = %d %s, want %d %q", what, res.Status, res.Body, status, code)
	}
}

func raw(s string) *json.RawMessage { m := json.RawMessage(s); return &m }

// TestJourney: the server sets a user's public and private documents;
// the user reads public and editable ones over HTTP (never the private
// one), writes the editable one with the version they read, and a write
// based on an old read is refused. Every answer is checked for the
// private document's content.
func TestJourney(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		ctx := context.Background()
		c, id := f.person(t, "ada")
		var v metadata.View
		c.Get("/auth/metadata").Decode(t, &v)
		if string(v.Public) != "{}" || string(v.Editable) != "{}" || v.Version != 0 {
			t.Fatalf("GET /metadata of a new user = %+v", v)
		}
		m, err := f.md.Set(ctx, metadata.SetRequest{UserID: id, Public: raw(`{"plan": "pro"}`), Private: raw(`{"stripe":"cus_SECRET"}`)})
		if err != nil || m.Version != 1 || string(m.Public) != `{"plan":"pro"}` {
			t.Fatalf("Set = %+v, %v", m, err)
		}
		var answers []*authtest.Response
		res := c.Get("/auth/metadata")
		answers = append(answers, res)
		res.Decode(t, &v)
		if string(v.Public) != `{"plan":"pro"}` || v.Version != 1 {
			t.Fatalf("GET /metadata = %s", res.Body)
		}
		f.clock.Advance(time.Minute)
		res = c.Post("/auth/metadata/update", map[string]any{"editable": map[string]string{"theme": "dark"}, "version": 1})
		answers = append(answers, res)
		res.Decode(t, &v)
		if res.Status != http.StatusOK || string(v.Editable) != `{"theme":"dark"}` || v.Version != 2 || !v.UpdatedAt.Equal(f.clock.Now()) {
			t.Fatalf("update = %d %s", res.Status, res.Body)
		}
		stale := c.Post("/auth/metadata/update", map[string]any{"editable": map[string]string{"theme": "light"}, "version": 1})
		answers = append(answers, stale)
		want(t, "an update based on an old read", stale, http.StatusConflict, "metadata_version_conflict")
		for _, r := range answers {
			if strings.Contains(string(r.Body), "cus_SECRET") || strings.Contains(string(r.Body), "private") {
				t.Fatalf("an answer carries the private document: %s", r.Body)
			}
		}
		all, err := metadata.Read(ctx, f.a.DB(), id)
		if err != nil || string(all.Private) != `{"stripe":"cus_SECRET"}` || string(all.Editable) != `{"theme":"dark"}` || all.Version != 2 {
			t.Fatalf("Read = %+v, %v", all, err)
		}
		// The server's write without a version: the last one wins.
		if m, err := f.md.Set(ctx, metadata.SetRequest{UserID: id, Editable: raw(`{"theme":"blue"}`)}); err != nil || m.Version != 3 ||
			string(m.Private) != `{"stripe":"cus_SECRET"}` {
			t.Fatalf("Set of the editable document = %+v, %v", m, err)
		}
		old := int64(1)
		if _, err := f.md.Set(ctx, metadata.SetRequest{UserID: id, Public: raw(`{}`), IfVersion: &old}); !errors.Is(err, metadata.ErrVersionConflict) {
			t.Fatalf("Set with an old IfVersion = %v", err)
		}
		if _, err := f.md.Set(ctx, metadata.SetRequest{UserID: "01a211ee-ea80-7d13-ae5e-74448de91944", Public: raw(`{}`)}); !errors.Is(err, auth.ErrUserNotFound) {
			t.Fatalf("Set of an unknown user = %v", err)
		}
		// The Go calls of the user.
		if _, err := f.md.Get(ctx); !errors.Is(err, auth.ErrNoSession) {
			t.Fatalf("Get with no session = %v", err)
		}
		if _, err := f.a.DB().Exec(ctx, sqlb.Delete(auth.Users).Where(auth.UserID.Eq(id))); err != nil {
			t.Fatal(err)
		}
		if m, err := metadata.Read(ctx, f.a.DB(), id); err != nil || m.Version != 0 {
			t.Fatalf("Read of a deleted user = %+v, %v, want nothing", m, err)
		}
	})
}

// TestGoCalls: the user's Get and Update as Go calls with their token.
func TestGoCalls(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		in, err := f.login.SignIn(context.Background(), "ada")
		if err != nil {
			t.Fatal(err)
		}
		ctx := auth.WithSessionToken(context.Background(), in.Token)
		v, err := f.md.Update(ctx, metadata.UpdateRequest{Editable: json.RawMessage(`{"a": 1}`)})
		if err != nil || v.Version != 1 || string(v.Editable) != `{"a":1}` {
			t.Fatalf("Update = %+v, %v", v, err)
		}
		if v, err := f.md.Get(auth.WithSessionToken(context.Background(), in.Token)); err != nil || v.Version != 1 {
			t.Fatalf("Get = %+v, %v", v, err)
		}
	})
}

// TestLimits: a document must be a JSON object within the size limit that
// the host's schema accepts; each refusal says why and writes nothing.
func TestLimits(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, id := f.person(t, "ada")
		for _, tt := range []struct {
			name, body string
			status     int
			code       string
		}{
			{"an array", `{"editable":[1,2],"version":0}`, http.StatusBadRequest, "invalid_metadata"},
			{"a string", `{"editable":"x","version":0}`, http.StatusBadRequest, "invalid_metadata"},
			{"null", `{"editable":null,"version":0}`, http.StatusBadRequest, "invalid_metadata"},
			{"missing", `{"version":0}`, http.StatusBadRequest, "invalid_input"},
			{"a role", `{"editable":{"role":"admin"},"version":0}`, http.StatusBadRequest, "invalid_metadata"},
			{"too large", `{"editable":{"a":"` + strings.Repeat("x", 300) + `"},"version":0}`, http.StatusRequestEntityTooLarge, "metadata_too_large"},
			{"a negative version", `{"editable":{},"version":-1}`, http.StatusBadRequest, "invalid_input"},
		} {
			want(t, tt.name, c.Post("/auth/metadata/update", tt.body), tt.status, tt.code)
		}
		if res := c.Post("/auth/metadata/update", `{"editable":{"role":"admin"},"version":0}`); !strings.Contains(string(res.Body), "not yours to set") {
			t.Errorf("the schema's refusal = %s, want its reason", res.Body)
		}
		// Whitespace does not count: the limit is on the compact document.
		if res := c.Post("/auth/metadata/update", `{"editable":{"a":   "`+strings.Repeat("x", 200)+`"   },"version":0}`); res.Status != http.StatusOK {
			t.Errorf("a document under the limit once compact = %d %s", res.Status, res.Body)
		}
		if _, err := f.md.Set(context.Background(), metadata.SetRequest{UserID: id, Private: raw(`[]`)}); !errors.Is(err, metadata.ErrInvalid) {
			t.Errorf("Set of a private array = %v", err)
		}
	})
}

// TestConcurrentWrites: 20 concurrent updates based on the same read: one
// wins, the others answer metadata_version_conflict; the version counts
// one write.
func TestConcurrentWrites(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		c, id := f.person(t, "ada")
		for _, version := range []int64{0, 1} {
			var wg sync.WaitGroup
			won := make(chan int, 20)
			for i := range 20 {
				wg.Go(func() {
					res := c.Post("/auth/metadata/update", map[string]any{"editable": map[string]int{"n": i}, "version": version})
					switch {
					case res.Status == http.StatusOK:
						won <- i
					case res.Status != http.StatusConflict:
						t.Errorf("update %d = %d %s", i, res.Status, res.Body)
					}
				})
			}
			wg.Wait()
			close(won)
			if len(won) != 1 {
				t.Fatalf("%d updates from version %d won, want 1", len(won), version)
			}
			m, err := metadata.Read(context.Background(), f.a.DB(), id)
			if err != nil || m.Version != version+1 || string(m.Editable) != fmt.Sprintf(`{"n":%d}`, <-won) {
				t.Fatalf("after the race from %d: %+v, %v", version, m, err)
			}
		}
	})
}

// TestFaultsAtEveryStatement: the user's update, the server's set and the
// read answer an error at every statement and change nothing.
func TestFaultsAtEveryStatement(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		pool, faults := e.Faulty(t)
		f := newFixture(t, e, pool)
		clean := e.SQL()
		state := func() string {
			var out []string
			var id, ed string
			var v int64
			if err := clean.All(context.Background(), sqlb.Select(metadata.DocumentUserID.Into(&id), metadata.DocumentEditable.Into(&ed),
				metadata.DocumentVersion.Into(&v)).From(metadata.Documents).OrderBy(metadata.DocumentUserID.Asc()),
				func() error { out = append(out, fmt.Sprint(id, ed, v)); return nil }); err != nil {
				t.Fatal(err)
			}
			return strings.Join(out, "\n")
		}
		n := 0
		var c *authtest.Client
		var id string
		for _, op := range []struct {
			name  string
			first bool
			run   func() error
		}{
			{"the first update", true, func() error {
				return status(c.Post("/auth/metadata/update", map[string]any{"editable": map[string]int{"a": 1}, "version": 0}))
			}},
			{"a later update", false, func() error {
				return status(c.Post("/auth/metadata/update", map[string]any{"editable": map[string]int{"a": 2}, "version": 1}))
			}},
			{"get", false, func() error { return status(c.Get("/auth/metadata")) }},
			{"set", false, func() error {
				_, err := f.md.Set(context.Background(), metadata.SetRequest{UserID: id, Private: raw(`{"b":2}`)})
				return err
			}},
		} {
			t.Run(op.name, func(t *testing.T) {
				var before string
				faults.Each(t, func(t *testing.T) {
					n++
					c, id = f.person(t, fmt.Sprintf("user%d", n))
					if !op.first {
						if res := c.Post("/auth/metadata/update", map[string]any{"editable": map[string]int{"a": 0}, "version": 0}); res.Status != http.StatusOK {
							t.Fatalf("setup update = %d %s", res.Status, res.Body)
						}
					}
					before = state()
				}, op.run, func(t *testing.T) {
					if after := state(); after != before {
						t.Fatalf("a failed %s changed the database:\nbefore:\n%s\nafter:\n%s", op.name, before, after)
					}
				})
			})
		}
	})
}

// status turns an answer into nil for 200, an error for a 500, and fails
// loudly for anything else.
func status(res *authtest.Response) error {
	switch {
	case res.Status == http.StatusOK:
		return nil
	case res.Status == http.StatusInternalServerError && res.ErrorCode() == "internal":
		return errors.New("internal")
	}
	panic(fmt.Sprintf("answer %d %s, want 200 or 500 internal", res.Status, res.Body))
}

// TestHostileInputs: the operations with hostile inputs never fail with
// a server error.
func TestHostileInputs(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		f := newFixture(t, e, nil)
		in, err := f.login.SignIn(context.Background(), "ada")
		if err != nil {
			t.Fatal(err)
		}
		ctx := auth.WithSessionToken(context.Background(), in.Token)
		h := authtest.NewHostile(1, `{}`, `{"a":1}`, in.User.ID, `[`, `{"a":"\u0000"}`)
		for _, op := range f.md.Operations() {
			for range 60 {
				var input any
				_, _, err := op.Invoke(ctx, func(v any) error { h.Fill(v); input = v; return nil })
				var ae *auth.Error
				if errors.As(err, &ae) && ae.Status >= 500 {
					t.Errorf("%s(%+v) = %v, want no server error", op.Info().Name, input, err)
				}
			}
		}
		c := authtest.NewClient(t, f.h)
		c.Bearer, c.Token = true, in.Token.Reveal()
		for _, body := range []string{`{"editable":{"a":"\u0000"},"version":0}`, "{\"editable\":{\"a\":\"\xff\"},\"version\":0}",
			`{"editable":{},"version":0,"private":{}}`, `{"editable":{"a":1},"version":0,"public":{"plan":"free"}}`} {
			if res := c.Post("/auth/metadata/update", body); res.Status == http.StatusOK && strings.Contains(body, "\xff") || res.Status >= 500 {
				t.Errorf("update %q = %d %s", body, res.Status, res.Body)
			}
		}
		m, err := metadata.Read(context.Background(), f.a.DB(), in.User.ID)
		if err != nil || string(m.Public) != "{}" || string(m.Private) != "{}" {
			t.Fatalf("hostile updates wrote the server's documents: %+v, %v", m, err)
		}
	})
}
