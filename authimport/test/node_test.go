package test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/sesame-go/sesame/authtest"
)

// person signs up at better-auth in makeBetterAuth.
type person struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
	Verified bool   `json:"verified"`
	GitHub   string `json:"github,omitempty"`
}

// made is what betterauth/make-db.mjs prints.
type made struct {
	Users []struct {
		ID    string `json:"id"`
		Email string `json:"email"`
	} `json:"users"`
	// Cookie is the value of the session cookie of the first person's
	// sign-in, as better-auth set it; CookieUser whom better-auth's
	// getSession found with it.
	Cookie     string  `json:"cookie"`
	CookieUser string  `json:"cookieUser"`
	Tables     *tables `json:"tables"`
}

// tables are better-auth's tables as its memory adapter keeps them.
type tables struct {
	User    []map[string]any `json:"user"`
	Account []map[string]any `json:"account"`
	Session []map[string]any `json:"session"`
}

var npm struct {
	once sync.Once
	err  error
}

// nodeModules installs betterauth/'s pinned packages (npm ci) once per
// test process, when they are not installed yet.
func nodeModules(t testing.TB) {
	t.Helper()
	npm.once.Do(func() {
		if _, err := os.Stat("betterauth/node_modules/better-auth/package.json"); err == nil {
			return
		}
		cmd := exec.Command("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
		cmd.Dir = "betterauth"
		if out, err := cmd.CombinedOutput(); err != nil {
			npm.err = fmt.Errorf("npm ci in betterauth/: %v\n%s", err, out)
		}
	})
	if npm.err != nil {
		t.Fatal(npm.err)
	}
}

// makeBetterAuth makes a better-auth database of people in the engine's
// database, with better-auth itself: on PostgreSQL and MySQL its own
// migrations and API through the pure-JavaScript drivers; on SQLite,
// which better-auth reaches only through native modules, its API on its
// memory adapter, whose tables the test writes into better-auth's SQLite
// schema (sqliteSchema).
func makeBetterAuth(t testing.TB, e *authtest.Engine, people []person) made {
	t.Helper()
	nodeModules(t)
	ctx := context.Background()
	dialect, dsn := "memory", ""
	switch e.Name {
	case "postgres":
		var name string
		if err := e.DB.QueryRowContext(ctx, "SELECT current_database()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(os.Getenv(authtest.EnvPostgres))
		if err != nil {
			t.Fatal(err)
		}
		u.Path = "/" + name
		dialect, dsn = "postgres", u.String()
	case "mysql":
		var name string
		if err := e.DB.QueryRowContext(ctx, "SELECT DATABASE()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		cfg, err := mysql.ParseDSN(os.Getenv(authtest.EnvMySQL))
		if err != nil {
			t.Fatal(err)
		}
		dialect, dsn = "mysql", (&url.URL{Scheme: "mysql", User: url.UserPassword(cfg.User, cfg.Passwd), Host: cfg.Addr, Path: "/" + name}).String()
	}
	list, err := json.Marshal(people)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "make-db.mjs")
	cmd.Dir = "betterauth"
	cmd.Env = append(os.Environ(), "DIALECT="+dialect, "DATABASE_URL="+dsn, "SECRET="+oldSecret.Reveal(), "PEOPLE="+string(list))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node make-db.mjs: %v\n%s", err, stderr.String())
	}
	var m made
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("node make-db.mjs printed %q: %v", out, err)
	}
	if m.Tables != nil {
		writeSQLite(t, e, m.Tables)
	}
	return m
}

// sqliteSchema is better-auth's schema on SQLite, as its migrations
// (getMigrations, better-auth 1.7.25) make it: dates as ISO 8601 text,
// booleans as integers.
var sqliteSchema = []string{
	`CREATE TABLE "user" ("id" text NOT NULL PRIMARY KEY, "name" text NOT NULL, "email" text NOT NULL UNIQUE,
		"emailVerified" integer NOT NULL, "image" text, "createdAt" date NOT NULL, "updatedAt" date NOT NULL)`,
	`CREATE TABLE "session" ("id" text NOT NULL PRIMARY KEY, "expiresAt" date NOT NULL, "token" text NOT NULL UNIQUE,
		"createdAt" date NOT NULL, "updatedAt" date NOT NULL, "ipAddress" text, "userAgent" text,
		"userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE)`,
	`CREATE TABLE "account" ("id" text NOT NULL PRIMARY KEY, "accountId" text NOT NULL, "providerId" text NOT NULL,
		"userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE, "accessToken" text, "refreshToken" text,
		"idToken" text, "accessTokenExpiresAt" date, "refreshTokenExpiresAt" date, "scope" text, "password" text,
		"createdAt" date NOT NULL, "updatedAt" date NOT NULL)`,
	`CREATE TABLE "verification" ("id" text NOT NULL PRIMARY KEY, "identifier" text NOT NULL, "value" text NOT NULL,
		"expiresAt" date NOT NULL, "createdAt" date NOT NULL, "updatedAt" date NOT NULL)`,
}

// writeSQLite writes better-auth's tables into its SQLite schema, as its
// Kysely adapter stores them.
func writeSQLite(t testing.TB, e *authtest.Engine, tb *tables) {
	t.Helper()
	ctx := context.Background()
	for _, ddl := range sqliteSchema {
		if _, err := e.DB.ExecContext(ctx, ddl); err != nil {
			t.Fatal(err)
		}
	}
	insert := func(table string, cols []string, rows []map[string]any) {
		t.Helper()
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
		q := fmt.Sprintf(`INSERT INTO "%s" ("%s") VALUES (%s)`, table, strings.Join(cols, `", "`), marks)
		for _, row := range rows {
			args := make([]any, len(cols))
			for i, c := range cols {
				args[i] = row[c]
				if b, ok := args[i].(bool); ok { // integers, as better-auth stores booleans on SQLite
					args[i] = map[bool]int{false: 0, true: 1}[b]
				}
			}
			if _, err := e.DB.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	insert("user", []string{"id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt"}, tb.User)
	insert("account", []string{"id", "accountId", "providerId", "userId", "password", "createdAt", "updatedAt"}, tb.Account)
	insert("session", []string{"id", "expiresAt", "token", "createdAt", "updatedAt", "ipAddress", "userAgent", "userId"}, tb.Session)
}
