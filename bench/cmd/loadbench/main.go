// Command loadbench runs Sesame's load benchmark: the floor server, the
// Sesame server (both from bench/server) and better-auth's own server
// (bench/betterauth, on Node), on one PostgreSQL server, under wrk. It
// seeds the same people into each, signs each of them in once per server
// for session tokens, then runs every scenario against every server in
// turn (floor, Sesame, better-auth, floor, ...) for several rounds after
// a warm-up, and prints a Markdown table of the medians.
//
//	cd bench && go run ./cmd/loadbench [flags]
//
// scripts/loadbench.sh is the one command that also installs what it
// needs; docs/performance.md explains every number and has a real run.
//
// loadbench serve runs one Go server; the benchmark starts its servers so,
// as processes of their own, whose CPU time and memory /proc reports.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/sesame-go/sesame/bench/server"
)

// config is the benchmark's flags.
type config struct {
	dsn        string // the PostgreSQL server, on a database to administer from
	prefix     string // of the three databases the benchmark creates
	users      int
	pool       int
	threads    int
	conns      int
	duration   time.Duration
	warmup     time.Duration
	rounds     int
	statsWait  time.Duration
	scenarios  string
	betterAuth string // the directory of the Node project
	pprof      string // a side address for the Sesame server's net/http/pprof
	redis      string // the Redis of the Redis strategies
	keep       bool

	pgVersion string // the server's, for the report's header
	loadStart string // /proc/loadavg when the run started
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		if err := serve(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "loadbench serve:", err)
			os.Exit(1)
		}
		return
	}
	var c config
	flag.StringVar(&c.dsn, "dsn", envOr("SESAME_BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"PostgreSQL DSN on a database to administer from (default $SESAME_BENCH_POSTGRES)")
	flag.StringVar(&c.prefix, "prefix", "sesame_bench", "prefix of the benchmark's databases (dropped and created again)")
	flag.IntVar(&c.users, "users", 64, "people seeded into each server, and sessions per server")
	flag.IntVar(&c.pool, "pool", 8, "database connections of each server's pool")
	flag.IntVar(&c.threads, "threads", 1, "wrk threads (-t)")
	flag.IntVar(&c.conns, "conns", 16, "wrk connections (-c)")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "length of each measured run")
	flag.DurationVar(&c.warmup, "warmup", 3*time.Second, "length of each server's warm-up run, per scenario")
	flag.IntVar(&c.rounds, "rounds", 5, "measured runs of each scenario on each server")
	flag.DurationVar(&c.statsWait, "stats-wait", 11*time.Second,
		"wait after a scenario before reading pg_stat_database (PostgreSQL flushes a backend's counts up to 10 s late)")
	flag.StringVar(&c.scenarios, "scenarios", "session,app,signin", "scenarios to run, comma-separated, of: "+scenarioKeys())
	flag.StringVar(&c.redis, "redis", server.RedisURL(),
		"Redis URL of the Redis cache and store rows (default $SESAME_BENCH_REDIS); only keys under "+server.RedisPrefix+" are deleted")
	flag.StringVar(&c.betterAuth, "betterauth", "betterauth", "directory of better-auth's server (npm ci done)")
	flag.StringVar(&c.pprof, "pprof", "", "serve net/http/pprof of the Sesame server on this address (e.g. 127.0.0.1:6060)")
	flag.BoolVar(&c.keep, "keep", false, "keep the servers running and the databases after the run, until interrupted")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(1)
	}
}

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// scenarioKeys lists every scenario's key.
func scenarioKeys() string {
	var keys []string
	for _, s := range scenarios {
		keys = append(keys, s.key)
	}
	return strings.Join(keys, ",")
}

// selected returns the scenarios c names, in the benchmark's order.
func (c config) selected() ([]scenario, error) {
	want := map[string]bool{}
	for _, s := range strings.Split(c.scenarios, ",") {
		want[strings.TrimSpace(s)] = true
	}
	var out []scenario
	for _, s := range scenarios {
		if want[s.key] {
			out = append(out, s)
			delete(want, s.key)
		}
	}
	for k := range want {
		return nil, fmt.Errorf("no scenario %q", k)
	}
	return out, nil
}
