package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// measure runs scenario s on every target: a warm-up each, then c.rounds
// rounds of one run per target in the targets' order. It reads each
// target's committed transactions before the warm-ups and, c.statsWait
// after the last round, again.
func measure(ctx context.Context, c config, admin *pgx.Conn, s scenario, targets []*target, files loadFiles) (map[string]*cell, error) {
	row := map[string]*cell{}
	start := map[string]int64{}
	if s.cached {
		if err := writeCacheCookies(s, targets, &files); err != nil {
			return nil, err
		}
	}
	sessions := map[string]int64{}
	if s.mode == "body" {
		for _, t := range targets {
			n, err := countRows(ctx, t.dsn, t.sessions)
			if err != nil {
				return nil, err
			}
			sessions[t.name] = n
		}
		// The counting backends flush their own transactions' counts as
		// they exit: give them the time to, before the window opens.
		time.Sleep(time.Second)
	}
	for _, t := range targets {
		row[t.name] = &cell{}
		n, err := xactCommits(ctx, admin, t.db)
		if err != nil {
			return nil, err
		}
		start[t.name] = n
	}
	for _, t := range targets {
		r, err := wrkFor(c, s, t, files, c.warmup).run(ctx)
		if err != nil {
			return nil, err
		}
		row[t.name].requests += r.Requests
	}
	for round := range c.rounds {
		var floorRPS float64
		for i, t := range targets {
			smp, err := runOnce(ctx, c, s, t, files)
			if err != nil {
				return nil, err
			}
			cl := row[t.name]
			cl.samples = append(cl.samples, smp)
			cl.requests += smp.requests
			if i == 0 {
				floorRPS = smp.rps
			}
			cl.ratios = append(cl.ratios, smp.rps/floorRPS)
			logf("%s round %d %s: %.0f req/s, p99 %.1f ms, %.0f µs CPU/req, %d errors",
				s.key, round+1, t.name, smp.rps, smp.p99ms, smp.cpuUS, smp.errors)
		}
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(c.statsWait):
	}
	for _, t := range targets {
		n, err := xactCommits(ctx, admin, t.db)
		if err != nil {
			return nil, err
		}
		row[t.name].xacts = n - start[t.name]
	}
	if s.mode == "body" {
		for _, t := range targets {
			n, err := countRows(ctx, t.dsn, t.sessions)
			if err != nil {
				return nil, err
			}
			row[t.name].served = n - sessions[t.name]
			logf("%s %s: %d sign-ins served, %d answered to wrk, %d transactions",
				s.key, t.name, row[t.name].served, row[t.name].requests, row[t.name].xacts)
		}
	}
	return row, nil
}

// writeCacheCookies collects each target's cookies for a cache row, with
// a first GET of the row's path per person, and writes them where wrkFor
// finds them: collected anew for each row, since the caches keep a
// session a limited time.
func writeCacheCookies(s scenario, targets []*target, files *loadFiles) error {
	for _, t := range targets {
		cookies, err := cacheCookies(t, s.path(t))
		if err != nil {
			return err
		}
		name := filepath.Join(files.dir, "cookies-"+s.key+"-"+t.name+".txt")
		if err := os.WriteFile(name, []byte(strings.Join(cookies, "\n")+"\n"), 0o600); err != nil {
			return err
		}
		files.cookies[s.key+"/"+t.name] = name
	}
	return nil
}

// countRows counts the rows of table in the database dsn names, on a
// connection of its own, closed at once so that its backend flushes its
// statistics as it exits.
func countRows(ctx context.Context, dsn, table string) (int64, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return 0, err
	}
	defer conn.Close(context.Background())
	var n int64
	err = conn.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&n)
	return n, err
}

// wrkFor is the wrk run of scenario s on target t for d.
func wrkFor(c config, s scenario, t *target, files loadFiles, d time.Duration) wrkRun {
	w := wrkRun{script: files.script, threads: c.threads, conns: c.conns, duration: d,
		url: t.base() + s.path(t), mode: s.mode, origin: t.base()}
	if s.cached {
		w.file = files.cookies[s.key+"/"+t.name]
	} else if s.mode == "cookie" {
		w.file = files.cookies[t.name]
	} else {
		w.file = files.signIns
	}
	return w
}

// runOnce measures one run of scenario s on target t: wrk's numbers, and
// the server process's CPU time and memory from /proc.
func runOnce(ctx context.Context, c config, s scenario, t *target, files loadFiles) (sample, error) {
	before, err := readProc(t.pid())
	if err != nil {
		return sample{}, err
	}
	r, err := wrkFor(c, s, t, files, c.duration).run(ctx)
	if err != nil {
		return sample{}, err
	}
	after, err := readProc(t.pid())
	if err != nil {
		return sample{}, err
	}
	smp := sample{requests: r.Requests, errors: r.errors(), rssMiB: float64(after.rssKiB) / 1024,
		p50ms: float64(r.P50US) / 1000, p99ms: float64(r.P99US) / 1000}
	if r.DurationUS > 0 {
		smp.rps = float64(r.Requests) / (float64(r.DurationUS) / 1e6)
	}
	if r.Requests > 0 {
		smp.cpuUS = float64(after.cpuTicks-before.cpuTicks) * (1e6 / userHZ) / float64(r.Requests)
	}
	return smp, nil
}
