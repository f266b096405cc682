package authtest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"sync"
	"testing"
)

// ErrInjected is the error a [Faults] driver returns in place of running a
// statement or a commit.
var ErrInjected = errors.New("authtest: injected fault")

// Faults controls a fault-injecting pool made by [Engine.Faulty]. Its
// counters cover every statement the pool's connections run, prepared or
// not; preparing itself does not count.
type Faults struct {
	mu sync.Mutex
	s  faultState
}

type faultState struct {
	ran        []Statement
	statements int
	commits    int
	failAt     int
	failCommit bool
	fired      bool
}

// Faulty returns a pool on the engine's database whose statements and
// commits fail on request, and its controls. No fault is set at first.
func (e *Engine) Faulty(tb testing.TB) (*sql.DB, *Faults) {
	tb.Helper()
	f := &Faults{}
	db := sql.OpenDB(faultConnector{e.connector, f})
	tb.Cleanup(func() { db.Close() })
	return db, f
}

// Reset zeroes the counters and clears any fault.
func (f *Faults) Reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s = faultState{}
}

// FailAt resets the counters and makes the n-th statement from now (1-based)
// fail with [ErrInjected] without running.
func (f *Faults) FailAt(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s = faultState{failAt: n}
}

// FailCommit resets the counters and makes the next commit roll back and
// return [ErrInjected].
func (f *Faults) FailCommit() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s = faultState{failCommit: true}
}

// Statements returns how many statements ran or were failed since the last
// reset.
func (f *Faults) Statements() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.s.statements
}

// Commits returns how many commits were attempted since the last reset.
func (f *Faults) Commits() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.s.commits
}

// Fired reports whether a fault was injected since the last reset.
func (f *Faults) Fired() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.s.fired
}

// Statement is one statement a [Faults] pool ran, from [Faults.Ran].
type Statement struct {
	SQL string
	// Query marks a statement run for rows.
	Query bool
}

// Ran returns the statements run since the last reset, in order, without
// the one failed by a fault.
func (f *Faults) Ran() []Statement {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Statement(nil), f.s.ran...)
}

// statement counts one statement and reports whether it must fail.
func (f *Faults) statement(query string, rows bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s.statements++
	if f.s.statements == f.s.failAt {
		f.s.fired = true
		return ErrInjected
	}
	f.s.ran = append(f.s.ran, Statement{SQL: query, Query: rows})
	return nil
}

// skipped takes back the count of a statement the driver declined to run
// directly (driver.ErrSkip); database/sql then prepares it and the prepared
// run counts instead.
func (f *Faults) skipped() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s.statements--
	f.s.ran = f.s.ran[:len(f.s.ran)-1]
}

func (f *Faults) commit() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.s.commits++
	if f.s.failCommit {
		f.s.failCommit = false
		f.s.fired = true
		return ErrInjected
	}
	return nil
}

// Each proves that op fails cleanly at every statement position. It runs
// setup then op once without faults and counts op's statements; then, for
// each position n, runs setup, makes the n-th statement of op fail, runs op
// and requires an error, and calls check to verify that no half-written
// state remains; then does the same with a failing commit if op commits.
// setup runs before the fault is armed, so its statements are not counted;
// it must bring the database back to the state op expects.
func (f *Faults) Each(t *testing.T, setup func(t *testing.T), op func() error, check func(t *testing.T)) {
	t.Helper()
	setup(t)
	f.Reset()
	if err := op(); err != nil {
		t.Fatalf("op without faults: %v", err)
	}
	n, commits := f.Statements(), f.Commits()
	if n == 0 {
		t.Fatal("op ran no statement on the faulty pool")
	}
	for i := 1; i <= n; i++ {
		setup(t)
		f.FailAt(i)
		err := op()
		if !f.Fired() {
			t.Fatalf("statement %d of %d: the fault never fired (op ran %d statements)", i, n, f.Statements())
		}
		if err == nil {
			t.Fatalf("statement %d of %d failed, but op returned nil", i, n)
		}
		check(t)
	}
	if commits > 0 {
		setup(t)
		f.FailCommit()
		if err := op(); err == nil || !f.Fired() {
			t.Fatalf("failed commit: op returned %v (fired %v), want an error", err, f.Fired())
		}
		check(t)
	}
}

type faultConnector struct {
	inner driver.Connector
	f     *Faults
}

func (c faultConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &faultConn{conn, c.f}, nil
}

func (c faultConnector) Driver() driver.Driver { return c.inner.Driver() }
