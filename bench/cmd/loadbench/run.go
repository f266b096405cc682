package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sesame-go/sesame/bench/server"
)

// run is the whole benchmark: databases, seeding, servers, sessions, the
// alternated runs and the table.
func run(ctx context.Context, c config) error {
	scens, err := c.selected()
	if err != nil {
		return err
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is not installed (apt-get install wrk): %w", err)
	}
	adminCfg, err := pgx.ParseConfig(c.dsn)
	if err != nil {
		return err
	}
	admin, err := pgx.ConnectConfig(ctx, adminCfg)
	if err != nil {
		return err
	}
	defer admin.Close(context.Background())
	c.loadStart = loadAvg()
	if err := admin.QueryRow(ctx, "SHOW server_version").Scan(&c.pgVersion); err != nil {
		return err
	}

	users := server.Users(c.users)
	targets := newTargets(c, scens)
	defer func() {
		for _, t := range targets {
			t.stop()
		}
		if !c.keep {
			for _, t := range targets {
				admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+t.db+" WITH (FORCE)")
			}
		}
	}()
	for _, t := range targets {
		dsn := dsnFor(adminCfg, t.db)
		t.dsn = dsn
		logf("%s: database %s, seeding %d people", t.name, t.db, len(users))
		if err := recreate(ctx, admin, t.db); err != nil {
			return err
		}
		if t.kind != "better-auth" {
			if err := seedGo(ctx, t, dsn, users); err != nil {
				return err
			}
		}
		if err := t.start(ctx, c, dsn); err != nil {
			return err
		}
		if t.kind == "better-auth" {
			if err := seedBetterAuth(t, users); err != nil {
				return err
			}
		}
		if err := signInAll(t, users); err != nil {
			return err
		}
	}
	dir, err := os.MkdirTemp("", "loadbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	files, err := writeFiles(dir, targets, users)
	files.dir = dir
	if err != nil {
		return err
	}

	// What seeding and signing in committed reaches pg_stat_database up to
	// 10 s late: let it, before the first scenario opens its window.
	logf("waiting %s for PostgreSQL's statistics", c.statsWait)
	time.Sleep(c.statsWait)
	results := map[string]map[string]*cell{}
	for _, s := range scens {
		logf("scenario %q", s.label)
		row, err := measure(ctx, c, admin, s, of(s, targets), files)
		if err != nil {
			return err
		}
		results[s.key] = row
	}
	printReport(os.Stdout, c, scens, targets, results)
	flushRedis(c, targets)
	if c.keep {
		logf("servers still running (-keep); interrupt to stop them")
		<-ctx.Done()
	}
	return nil
}

// loadFiles are the files wrk reads.
type loadFiles struct {
	script  string
	signIns string            // one sign-in body per line
	cookies map[string]string // per target: one Cookie header per line
	dir     string            // where the cache rows write theirs
}

// writeFiles writes load.lua, the sign-in bodies and each target's
// cookies into dir.
func writeFiles(dir string, targets []*target, users []server.User) (loadFiles, error) {
	f := loadFiles{script: filepath.Join(dir, "load.lua"), signIns: filepath.Join(dir, "signin.txt"),
		cookies: map[string]string{}}
	if err := os.WriteFile(f.script, loadScript, 0o600); err != nil {
		return f, err
	}
	var bodies []string
	for _, u := range users {
		bodies = append(bodies, signInBody(u))
	}
	if err := os.WriteFile(f.signIns, []byte(strings.Join(bodies, "\n")+"\n"), 0o600); err != nil {
		return f, err
	}
	for _, t := range targets {
		f.cookies[t.name] = filepath.Join(dir, "cookies-"+t.name+".txt")
		if err := os.WriteFile(f.cookies[t.name], []byte(strings.Join(t.cookies, "\n")+"\n"), 0o600); err != nil {
			return f, err
		}
	}
	return f, nil
}

// flushRedis deletes the keys the Redis strategies' servers wrote, under
// server.RedisPrefix, and no other.
func flushRedis(c config, targets []*target) {
	for _, t := range targets {
		if strings.HasPrefix(t.strategy, "redis") {
			rdb, err := server.OpenRedis(context.Background(), c.redis)
			if err != nil {
				logf("redis: %v", err)
				return
			}
			defer rdb.Close()
			if err := server.FlushRedis(context.Background(), rdb, server.RedisPrefix); err != nil {
				logf("redis: %v", err)
			}
			return
		}
	}
}

// logf prints progress on standard error, away from the table.
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s loadbench: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}
