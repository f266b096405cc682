package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sesame-go/sesame/bench/server"
)

// target is one server under test: its process, its database and the
// paths of the benchmark's three requests on it.
type target struct {
	name string // the table's label
	kind string // "floor", "sesame" or "better-auth"
	// strategy is the Sesame server's session strategy (server.Strategy),
	// or for better-auth "cookie-cache"; "" for the default.
	strategy string
	db       string // the database it alone uses
	dsn      string // of db
	// sessions is the table of its sessions, a row per sign-in, which
	// counts the sign-ins it served.
	sessions string
	port     int
	session  string // GET: the session and its user
	// cachedSession is GET of the session by the server's cache: the
	// floor's cached path; the session route on the others.
	cachedSession string
	app           string // GET: the application's route behind the middleware
	signIn        string // POST {"email", "password"}
	cmd           *exec.Cmd
	cookies       []string // one Cookie header per seeded person, from real sign-ins
	// cookie is the name of its session cookie: cache rows send it alone
	// to collect the cache's cookies anew.
	cookie string
}

// base is the target's origin.
func (t *target) base() string { return "http://127.0.0.1:" + strconv.Itoa(t.port) }

// pid is the server process's ID, for /proc.
func (t *target) pid() int { return t.cmd.Process.Pid }

// allTargets returns every server a scenario may run on, in the order
// every round runs them: the floor first, whose numbers the others are
// divided by.
func allTargets(c config) []*target {
	floor := &target{name: "floor", kind: "floor", db: c.prefix + "_floor", sessions: "floor_session",
		session: "/auth/session", cachedSession: "/auth/cached-session", app: "/api/me", signIn: "/auth/password/sign-in",
		cookie: "floor_session"}
	sesame := func(strategy string) *target {
		name, db := "sesame", c.prefix+"_sesame"
		if strategy != "database" {
			name += "-" + strategy
			db += "_" + strings.ReplaceAll(strategy, "-", "_")
		}
		return &target{name: name, kind: "sesame", strategy: strategy, db: db, sessions: "auth_session",
			session: "/auth/session", cachedSession: "/auth/session", app: "/api/me", signIn: "/auth/password/sign-in",
			cookie: "sesame_session"}
	}
	betterAuth := func(name, db, strategy string) *target {
		return &target{name: name, kind: "better-auth", strategy: strategy, db: db, sessions: `"session"`,
			session: "/api/auth/get-session", cachedSession: "/api/auth/get-session", app: "/api/me",
			signIn: "/api/auth/sign-in/email", cookie: "better-auth.session_token"}
	}
	out := []*target{floor, sesame("database"), betterAuth("better-auth", c.prefix+"_betterauth", "")}
	for _, st := range server.Strategies[1:] {
		out = append(out, sesame(st))
	}
	out = append(out, betterAuth("better-auth-cookie-cache", c.prefix+"_betterauth_cc", "cookie-cache"))
	for i, t := range out {
		t.port = 18081 + i
	}
	return out
}

// newTargets returns the servers the scenarios run on, in allTargets'
// order.
func newTargets(c config, scens []scenario) []*target {
	want := map[string]bool{}
	for _, s := range scens {
		for _, name := range s.servers {
			want[name] = true
		}
	}
	var out []*target
	for _, t := range allTargets(c) {
		if want[t.name] {
			out = append(out, t)
		}
	}
	return out
}

// of returns the targets of a scenario, the floor first.
func of(s scenario, targets []*target) []*target {
	var out []*target
	for _, name := range s.servers {
		for _, t := range targets {
			if t.name == name {
				out = append(out, t)
			}
		}
	}
	return out
}

// start runs the target's server as a process of its own and waits until
// it answers.
func (t *target) start(ctx context.Context, c config, dsn string) error {
	switch t.kind {
	case "better-auth":
		dir, err := filepath.Abs(c.betterAuth)
		if err != nil {
			return err
		}
		if _, err := os.Stat(filepath.Join(dir, "node_modules", "better-auth")); err != nil {
			return fmt.Errorf("better-auth is not installed in %s (-betterauth; npm ci there): %w", dir, err)
		}
		t.cmd = exec.Command("node", "server.js")
		t.cmd.Dir = dir
		t.cmd.Env = append(os.Environ(), "NODE_ENV=production", "DATABASE_URL="+dsn,
			"PORT="+strconv.Itoa(t.port), "POOL_SIZE="+strconv.Itoa(c.pool))
		if t.strategy == "cookie-cache" {
			t.cmd.Env = append(t.cmd.Env, "COOKIE_CACHE=1")
		}
	default:
		self, err := os.Executable()
		if err != nil {
			return err
		}
		args := []string{"serve", "-server", t.kind, "-dsn", dsn, "-addr", fmt.Sprintf("127.0.0.1:%d", t.port),
			"-pool", strconv.Itoa(c.pool)}
		if t.kind == "sesame" {
			args = append(args, "-strategy", t.strategy, "-redis", c.redis, "-name", t.name)
		}
		if t.name == "sesame" && c.pprof != "" {
			args = append(args, "-pprof", c.pprof)
		}
		t.cmd = exec.Command(self, args...)
	}
	t.cmd.Stdout, t.cmd.Stderr = os.Stderr, os.Stderr
	// The server ends with this program, however it ends.
	t.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := t.cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", t.name, err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(t.base() + t.app); err == nil {
			res.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s did not answer on %s within a minute", t.name, t.base())
}

// stop ends the target's server process, which this program started.
func (t *target) stop() {
	if t.cmd == nil || t.cmd.Process == nil {
		return
	}
	t.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { t.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.cmd.Process.Kill()
		<-done
	}
}
