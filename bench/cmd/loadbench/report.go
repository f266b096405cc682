package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// targetRatios are the targets: the Sesame server's req/s at
// least this share of the floor's in the same run.
var targetRatios = []struct {
	key string
	min float64
}{
	{"app", 0.95},
	{"session", 0.90},
	// Each cache at least 0.9× the floor's own cached path.
	{"cache-memory", 0.90},
	{"cache-snapshot", 0.90},
	{"cache-compact", 0.90},
	{"cache-redis", 0.90},
}

// printReport writes the conditions of the run, the table of medians,
// whether the targets were met and any failed requests.
func printReport(w io.Writer, c config, scens []scenario, targets []*target, results map[string]map[string]*cell) {
	fmt.Fprintf(w, "Run %s on %s, %d CPUs; %s, Node %s, better-auth %s, PostgreSQL %s on %s.\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), kernel(), runtime.NumCPU(), runtime.Version(),
		command("node", "--version"), betterAuthVersion(c), c.pgVersion, hostOf(c.dsn))
	fmt.Fprintf(w, "wrk -t%d -c%d, %d people, pools of %d connections; per scenario a %s warm-up per server, "+
		"then %d rounds of %s per server in turn (the row's floor first); medians of the rounds.\n",
		c.threads, c.conns, c.users, c.pool, c.warmup, c.rounds, c.duration)
	fmt.Fprintf(w, "Load average (1, 5, 15 min) at the start: %s; at the end: %s.\n\n", c.loadStart, loadAvg())
	fmt.Fprintln(w, "| scenario | server | req/s | p50 ms | p99 ms | CPU µs/req | RSS MiB | PG xacts/req | × floor (range) |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|--:|--:|--:|")
	for _, s := range scens {
		for _, t := range of(s, targets) {
			cl := results[s.key][t.name]
			xacts := "–"
			if n := max(cl.served, cl.requests); n > 0 {
				xacts = fmt.Sprintf("%.2f", float64(cl.xacts)/float64(n))
			}
			fmt.Fprintf(w, "| %s | %s | %.0f | %.2f | %.2f | %.0f | %.0f | %s | %.2f (%.2f–%.2f) |\n",
				s.label, t.name, med(cl, func(x sample) float64 { return x.rps }),
				med(cl, func(x sample) float64 { return x.p50ms }), med(cl, func(x sample) float64 { return x.p99ms }),
				med(cl, func(x sample) float64 { return x.cpuUS }), med(cl, func(x sample) float64 { return x.rssMiB }),
				xacts, median(cl.ratios), slices.Min(cl.ratios), slices.Max(cl.ratios))
		}
	}
	fmt.Fprintln(w)
	for _, tr := range targetRatios {
		row, ok := results[tr.key]
		if !ok {
			continue
		}
		sc := scenarioOf(tr.key)
		got := median(row[sc.servers[1]].ratios)
		verdict := "met"
		if got < tr.min {
			verdict = "NOT met"
		}
		floor := "floor"
		if sc.cached {
			floor = "the floor's cached path"
		}
		fmt.Fprintf(w, "- target: %s %s at ≥ %.2f× %s: %.2f×, %s\n", sc.servers[1], sc.label, tr.min, floor, got, verdict)
	}
	// With Redis as the store, no database transaction per request.
	if row, ok := results["store-redis"]; ok {
		cl := row["sesame-redis-store"]
		per := float64(cl.xacts) / float64(max(cl.requests, 1))
		verdict := "met"
		if per >= 0.01 {
			verdict = "NOT met"
		}
		fmt.Fprintf(w, "- target: sesame-redis-store %s with no database transaction per request: %.2f per request, %s\n",
			labelOf("store-redis"), per, verdict)
	}
	for _, s := range scens {
		for _, t := range of(s, targets) {
			for i, smp := range results[s.key][t.name].samples {
				if smp.errors > 0 {
					fmt.Fprintf(w, "- errors: %s, %s, round %d: %d of %d requests failed\n", s.label, t.name, i+1, smp.errors, smp.requests)
				}
			}
		}
	}
}

// med is the median of one measure of a cell's samples.
func med(cl *cell, f func(sample) float64) float64 {
	var xs []float64
	for _, s := range cl.samples {
		xs = append(xs, f(s))
	}
	return median(xs)
}

// median is the middle value of xs (the mean of the two middle ones for
// an even count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// scenarioOf is the scenario with key.
func scenarioOf(key string) scenario {
	for _, s := range scenarios {
		if s.key == key {
			return s
		}
	}
	return scenario{}
}

// labelOf is the table label of the scenario with key.
func labelOf(key string) string {
	for _, s := range scenarios {
		if s.key == key {
			return s.label
		}
	}
	return key
}

// loadAvg is the machine's load average over 1, 5 and 15 minutes: other
// work on the machine shows in every number of the table.
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// kernel is the running kernel's release.
func kernel() string {
	b, _ := os.ReadFile("/proc/sys/kernel/osrelease")
	return "Linux " + strings.TrimSpace(string(b))
}

// command is the trimmed output of a command, or "?".
func command(name string, args ...string) string {
	out, err := exec.CommandContext(context.Background(), name, args...).Output()
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(out))
}

// betterAuthVersion is the installed better-auth's version.
func betterAuthVersion(c config) string {
	b, err := os.ReadFile(filepath.Join(c.betterAuth, "node_modules", "better-auth", "package.json"))
	var p struct{ Version string }
	if err != nil || json.Unmarshal(b, &p) != nil {
		return "?"
	}
	return p.Version
}

// hostOf is the host of a DSN, for the header.
func hostOf(dsn string) string {
	if _, rest, ok := strings.Cut(dsn, "@"); ok {
		host, _, _ := strings.Cut(rest, "/")
		return host
	}
	return "the DSN's host"
}
