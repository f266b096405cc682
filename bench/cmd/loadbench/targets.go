package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// target is one server under test: its process, its database and the
// paths of the benchmark's three requests on it.
type target struct {
	name string // the table's label
	db   string // the database it alone uses
	dsn  string // of db
	// sessions is the table of its sessions, a row per sign-in, which
	// counts the sign-ins it served.
	sessions string
	port     int
	session  string // GET: the session and its user
	app      string // GET: the application's route behind the middleware
	signIn   string // POST {"email", "password"}
	cmd      *exec.Cmd
	cookies  []string // one Cookie header per seeded person, from real sign-ins
}

// base is the target's origin.
func (t *target) base() string { return "http://127.0.0.1:" + strconv.Itoa(t.port) }

// pid is the server process's ID, for /proc.
func (t *target) pid() int { return t.cmd.Process.Pid }

// newTargets returns the three servers, in the order every round runs
// them: the floor first, whose numbers the others are divided by.
func newTargets(c config) []*target {
	return []*target{
		{name: "floor", db: c.prefix + "_floor", port: 18081, sessions: "floor_session",
			session: "/auth/session", app: "/api/me", signIn: "/auth/password/sign-in"},
		{name: "sesame", db: c.prefix + "_sesame", port: 18082, sessions: "auth_session",
			session: "/auth/session", app: "/api/me", signIn: "/auth/password/sign-in"},
		{name: "better-auth", db: c.prefix + "_betterauth", port: 18083, sessions: `"session"`,
			session: "/api/auth/get-session", app: "/api/me", signIn: "/api/auth/sign-in/email"},
	}
}

// start runs the target's server as a process of its own and waits until
// it answers.
func (t *target) start(ctx context.Context, c config, dsn string) error {
	switch t.name {
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
	default:
		self, err := os.Executable()
		if err != nil {
			return err
		}
		args := []string{"serve", "-server", t.name, "-dsn", dsn, "-addr", fmt.Sprintf("127.0.0.1:%d", t.port),
			"-pool", strconv.Itoa(c.pool)}
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
