package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// userHZ is the unit of /proc's CPU times: clock ticks, which Linux
// reports at 100 per second whatever the kernel's own tick rate.
const userHZ = 100

// procSample is a process's CPU time so far and its resident memory.
type procSample struct {
	cpuTicks uint64 // user + system, of every thread
	rssKiB   uint64
}

// readProc samples process pid from /proc/pid/stat (utime and stime,
// fields 14 and 15) and /proc/pid/status (VmRSS).
func readProc(pid int) (procSample, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return procSample{}, err
	}
	// The command name, field 2, may hold spaces: count from its ')'.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(fields) < 13 {
		return procSample{}, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(fields))
	}
	utime, err1 := strconv.ParseUint(fields[11], 10, 64)
	stime, err2 := strconv.ParseUint(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return procSample{}, fmt.Errorf("/proc/%d/stat: %q %q", pid, fields[11], fields[12])
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return procSample{}, err
	}
	s := procSample{cpuTicks: utime + stime}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			s.rssKiB, _ = strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return s, nil
}

// xactCommits returns pg_stat_database.xact_commit of database name: the
// transactions committed in it so far, as far as its backends flushed
// their counts (each does so at most once a second while busy, and within
// about 10 s of going idle).
func xactCommits(ctx context.Context, admin *pgx.Conn, name string) (int64, error) {
	var n int64
	err := admin.QueryRow(ctx, `SELECT xact_commit FROM pg_stat_database WHERE datname = $1`, name).Scan(&n)
	return n, err
}
