package coretest

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authhttp"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// The schema probe's table, a column its second migration adds, and the
// user field it adds to auth_user.
var (
	migNotes       = sqlb.NewTable("mprobe_note")
	migNoteID      = sqlb.NewColumn[string](migNotes, "id", sqlb.String(36))
	migNoteBody    = sqlb.NewColumn[string](migNotes, "body", sqlb.Text())
	migNotePrio    = sqlb.AddedColumn[int64](migNotes, "priority", sqlb.Int(), sqlb.Default(7))
	migNickname    = sqlb.AddedColumn[sql.Null[string]](auth.Users, "nickname", sqlb.String(64), sqlb.Nullable())
	migProbeWant   = []string{"user_field_nickname", "001_notes", "002_priority", "003_seed"}
	migNoneApplied = map[string][]string{"core": {}, "mprobe": {}}
)

func init() { migNotes.PrimaryKey(migNoteID) }

// schemaProbe is a test plugin with a table of its own, three migrations
// (the last one writes a row, so that running it twice would fail) and a
// user field.
type schemaProbe struct{}

var _ auth.Plugin = schemaProbe{}

func (schemaProbe) Name() string          { return "mprobe" }
func (schemaProbe) Tables() []*sqlb.Table { return []*sqlb.Table{migNotes} }
func (schemaProbe) UserFields() []auth.UserField {
	return []auth.UserField{auth.Field("nickname", migNickname)}
}
func (schemaProbe) Migrations() []auth.Migration {
	return []auth.Migration{
		auth.Changes("001_notes", sqlb.CreateTable(migNotes)),
		auth.Changes("002_priority", sqlb.AddColumn(migNotePrio)),
		{ID: "003_seed", Apply: func(ctx context.Context, db *sqlb.DB) error {
			_, err := db.Exec(ctx, sqlb.Insert(migNotes).Row(migNoteID.Set("seed"), migNoteBody.Set("hello")))
			return err
		}},
	}
}

// newMigrateAuth returns an instance on db with the test sign-in and the
// schema probe, not yet migrated.
func newMigrateAuth(tb testing.TB, db *sql.DB, d *sqlb.Dialect, opts ...auth.Option) (*auth.Auth, *authtest.Login) {
	tb.Helper()
	login := authtest.NewLogin()
	base := []auth.Option{auth.WithDB(db, d), auth.WithBaseURL(authtest.BaseURL), auth.WithPlugins(login, schemaProbe{})}
	a, err := auth.New(append(base, opts...)...)
	if err != nil {
		tb.Fatalf("auth.New: %v", err)
	}
	return a, login
}

// migrateReport runs Migrate and returns what it applied, by plugin.
func migrateReport(tb testing.TB, a *auth.Auth) map[string][]string {
	tb.Helper()
	var mu sync.Mutex
	got := map[string][]string{}
	err := a.Migrate(context.Background(), auth.MigrateProgress(func(plugin string, applied []string) {
		mu.Lock()
		defer mu.Unlock()
		got[plugin] = append(got[plugin], applied...)
	}))
	if err != nil {
		tb.Fatalf("Migrate = %v, want nil", err)
	}
	return got
}

func sameMigrations(a, b map[string][]string) bool {
	return maps.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}

// allApplied reports whether a first Migrate applied the core's
// migrations, whatever they are, from 001_core on, and the probe's in
// order, and nothing else.
func allApplied(got map[string][]string) bool {
	core := got["core"]
	return len(got) == 2 && len(core) > 0 && core[0] == "001_core" && slices.Equal(got["mprobe"], migProbeWant)
}

// allAppliedWant describes what allApplied accepts, for failure messages.
var allAppliedWant = fmt.Sprintf("map[core:[001_core ...] mprobe:%v]", migProbeWant)

// realRows counts a table's rows by its real name, bypassing the
// instance's naming; the error says when the table does not exist.
func realRows(e *authtest.Engine, name string) (int64, error) {
	var n int64
	err := e.DB.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+e.Dialect.Quote(name)).Scan(&n)
	return n, err
}

// TestMigrateIdempotent proves a second Migrate, by the same instance or
// another, applies nothing and breaks nothing.
func TestMigrateIdempotent(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a, _ := newMigrateAuth(t, e.DB, e.Dialect)
		first := migrateReport(t, a)
		if !allApplied(first) {
			t.Errorf("first Migrate applied %v, want %s", first, allAppliedWant)
		}
		if got := migrateReport(t, a); !sameMigrations(got, migNoneApplied) {
			t.Errorf("second Migrate applied %v, want %v", got, migNoneApplied)
		}
		other, _ := newMigrateAuth(t, e.Open(t), e.Dialect)
		if got := migrateReport(t, other); !sameMigrations(got, migNoneApplied) {
			t.Errorf("another instance's Migrate applied %v, want %v", got, migNoneApplied)
		}
		var prio int64
		var n int
		err := a.DB().All(context.Background(), sqlb.Select(migNotePrio.Into(&prio)).From(migNotes),
			func() error { n++; return nil })
		if err != nil || n != 1 || prio != 7 {
			t.Errorf("seeded notes = %d, priority %d, err %v; want 1 row of priority 7", n, prio, err)
		}
		if n, err := realRows(e, "auth_migration"); err != nil || n != int64(len(first["core"])+len(migProbeWant)) {
			t.Errorf("auth_migration rows = %d, %v; want %d", n, err, len(first["core"])+len(migProbeWant))
		}
	})
}

// TestMigrateConcurrent proves four instances, each with its own pool,
// can migrate a fresh database at the same moment: all succeed and each
// migration runs exactly once.
func TestMigrateConcurrent(t *testing.T) {
	const instances = 4
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		as := make([]*auth.Auth, instances)
		for i := range as {
			pool := e.Open(t)
			if err := pool.Ping(); err != nil { // connect now, so that the race starts level
				t.Fatalf("instance %d: ping: %v", i, err)
			}
			as[i], _ = newMigrateAuth(t, pool, e.Dialect)
		}
		begin := make(chan struct{})
		var mu sync.Mutex
		runs := map[string]int{} // plugin/ID to how many instances applied it
		errs := make([]error, instances)
		var wg sync.WaitGroup
		for i, a := range as {
			wg.Go(func() {
				<-begin
				errs[i] = a.Migrate(context.Background(), auth.MigrateProgress(func(plugin string, applied []string) {
					mu.Lock()
					defer mu.Unlock()
					for _, id := range applied {
						runs[plugin+"/"+id]++
					}
				}))
			})
		}
		close(begin)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("instance %d: Migrate = %v, want nil", i, err)
			}
		}
		applied := map[string][]string{}
		for key, n := range runs {
			if n != 1 {
				t.Errorf("migration %s applied by %d instances, want 1", key, n)
			}
			plugin, id, _ := strings.Cut(key, "/")
			applied[plugin] = append(applied[plugin], id)
		}
		for _, ids := range applied {
			slices.Sort(ids)
		}
		if !slices.Contains(applied["core"], "001_core") || !slices.Equal(applied["mprobe"], slices.Sorted(slices.Values(migProbeWant))) {
			t.Errorf("migrations applied across instances = %v, want %s", applied, allAppliedWant)
		}
		if n, err := realRows(e, "auth_migration"); err != nil || n != int64(len(runs)) {
			t.Errorf("auth_migration rows = %d, %v; want %d", n, err, len(runs))
		}
		if got := migrateReport(t, as[0]); !sameMigrations(got, migNoneApplied) {
			t.Errorf("Migrate after the race applied %v, want %v", got, migNoneApplied)
		}
		if n, err := realRows(e, "mprobe_note"); err != nil || n != 1 {
			t.Errorf("mprobe_note rows = %d, %v; want the seed once", n, err)
		}
	})
}

// TestMigrateTableNames proves WithTablePrefix and RenameTable decide the
// real names of core and plugin tables, and that a plugin's user field
// is a column of the real user table and shows in the user's JSON.
func TestMigrateTableNames(t *testing.T) {
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		a, _ := newMigrateAuth(t, e.DB, e.Dialect, auth.WithTablePrefix("app_"),
			auth.RenameTable("auth_session", "logins"), auth.RenameTable("mprobe_note", "notes"))
		if got := migrateReport(t, a); !allApplied(got) {
			t.Errorf("Migrate applied %v, want %s", got, allAppliedWant)
		}
		for _, tt := range []struct {
			table *sqlb.Table
			want  string
		}{
			{auth.Users, "app_auth_user"},
			{auth.Identities, "app_auth_identity"},
			{auth.Sessions, "logins"},
			{auth.Tokens, "app_auth_token"},
			{auth.RateLimits, "app_auth_rate_limit"},
			{auth.Migrations, "app_auth_migration"},
			{migNotes, "notes"},
		} {
			if got := a.TableName(tt.table); got != tt.want {
				t.Errorf("TableName(%q) = %q, want %q", tt.table.Name(), got, tt.want)
			}
			if _, err := realRows(e, tt.want); err != nil {
				t.Errorf("table %s: %v, want it to exist", tt.want, err)
			}
		}
		for _, name := range []string{"auth_user", "auth_session", "app_auth_session", "mprobe_note", "app_mprobe_note"} {
			if _, err := realRows(e, name); err == nil {
				t.Errorf("table %s exists, want none of that name", name)
			}
		}

		c := authtest.NewClient(t, authhttp.Handler(a))
		var in struct {
			User map[string]any `json:"user"`
		}
		res := c.Post("/auth/authtest/sign-in", map[string]string{"name": "ada"})
		if res.Status != http.StatusOK {
			t.Fatalf("sign in = %d %s", res.Status, res.Body)
		}
		res.Decode(t, &in)
		if v, ok := in.User["nickname"]; !ok || v != nil {
			t.Errorf("user JSON after sign-in = %s, want \"nickname\":null", res.Body)
		}
		id, _ := in.User["id"].(string)
		_, err := a.DB().Exec(context.Background(), sqlb.Update(auth.Users).
			Set(migNickname.Set(sql.Null[string]{V: "Ace", Valid: true})).Where(auth.UserID.Eq(id)))
		if err != nil {
			t.Fatalf("set the nickname: %v", err)
		}
		res = c.Get("/auth/session")
		res.Decode(t, &in)
		if in.User["nickname"] != "Ace" {
			t.Errorf("GET /auth/session user = %s, want \"nickname\":\"Ace\"", res.Body)
		}
		var nick string
		err = e.DB.QueryRowContext(context.Background(), "SELECT "+e.Dialect.Quote("nickname")+" FROM "+
			e.Dialect.Quote("app_auth_user")).Scan(&nick)
		if err != nil || nick != "Ace" {
			t.Errorf("app_auth_user.nickname = %q, %v; want %q", nick, err, "Ace")
		}
		if n, err := realRows(e, "logins"); err != nil || n != 1 {
			t.Errorf("logins rows = %d, %v; want the one session", n, err)
		}
	})
}
