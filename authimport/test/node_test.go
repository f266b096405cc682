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
	Cookie     string `json:"cookie"`
	CookieUser string `json:"cookieUser"`
}

var npm struct {
	once sync.Once
	err  error
}

// nodeModules installs betterauth/'s locked packages (npm ci) once per
// test process, when they are not installed yet. better-sqlite3's install
// script builds its native module (node-gyp, from the sources in its
// package and the local Node.js headers: nothing is downloaded but npm's
// packages).
func nodeModules(t testing.TB) {
	t.Helper()
	npm.once.Do(func() {
		_, err1 := os.Stat("betterauth/node_modules/better-auth/package.json")
		_, err2 := os.Stat("betterauth/node_modules/better-sqlite3/build/Release/better_sqlite3.node")
		if err1 == nil && err2 == nil {
			return
		}
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
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
// database, with better-auth itself: its own migrations, and its API,
// through pg, mysql2 or better-sqlite3.
func makeBetterAuth(t testing.TB, e *authtest.Engine, people []person) made {
	t.Helper()
	nodeModules(t)
	ctx := context.Background()
	var dialect, dsn string
	switch e.Name {
	case "sqlite":
		var path string
		if err := e.DB.QueryRowContext(ctx, "SELECT file FROM pragma_database_list WHERE name = 'main'").Scan(&path); err != nil {
			t.Fatal(err)
		}
		dialect, dsn = "sqlite", path
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
	return m
}
