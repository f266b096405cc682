package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// loadScript is the wrk script: requests from a file of lines, and one
// line of results.
//
//go:embed load.lua
var loadScript []byte

// wrkResult is what one wrk run reports, from load.lua's done().
type wrkResult struct {
	Requests   int64 `json:"requests"`
	DurationUS int64 `json:"duration_us"`
	Connect    int64 `json:"connect"`
	Read       int64 `json:"read"`
	Write      int64 `json:"write"`
	Status     int64 `json:"status"` // answers other than 2xx and 3xx
	Timeout    int64 `json:"timeout"`
	P50US      int64 `json:"p50_us"`
	P99US      int64 `json:"p99_us"`
}

// errors is the number of failed requests of every kind.
func (r wrkResult) errors() int64 { return r.Connect + r.Read + r.Write + r.Status + r.Timeout }

// wrkRun is one wrk invocation against url.
type wrkRun struct {
	script   string // the path of load.lua, written out
	threads  int
	conns    int
	duration time.Duration
	url      string
	mode     string // "cookie" or "body"
	file     string // the lines load.lua sends
	origin   string
}

// run runs wrk and returns its results.
func (w wrkRun) run(ctx context.Context) (wrkResult, error) {
	cmd := exec.CommandContext(ctx, "wrk", "-t", strconv.Itoa(w.threads), "-c", strconv.Itoa(w.conns),
		"-d", fmt.Sprintf("%ds", int(w.duration.Seconds())), "--timeout", "10s",
		"-s", w.script, w.url, "--", w.mode, w.file, w.origin)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return wrkResult{}, fmt.Errorf("wrk %s: %w: %s", w.url, err, stderr.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "LOADBENCH "); ok {
			var r wrkResult
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				return wrkResult{}, fmt.Errorf("wrk %s: %w", w.url, err)
			}
			return r, nil
		}
	}
	return wrkResult{}, fmt.Errorf("wrk %s printed no results: %s", w.url, out.String())
}
