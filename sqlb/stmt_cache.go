package sqlb

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps prepared statements by pool and SQL text, so that a
// statement run often is parsed and planned once per connection instead of
// per run. A statement belongs to the pool it was prepared on: a DB made
// [DB.With] another pool shares the cache but never runs the first pool's
// statements. It holds at most max statements; past that, statements run
// unprepared.
type stmtCache struct {
	mu    sync.Mutex
	max   int
	stmts map[stmtKey]*sql.Stmt
}

// stmtKey names a prepared statement: its pool and its SQL.
type stmtKey struct {
	pool  *sql.DB
	query string
}

// WithStatementCache makes a DB whose Querier is a *sql.DB prepare each
// distinct SELECT, INSERT, UPDATE and DELETE once and reuse it, keeping at
// most size statements. Statements run in a transaction (through
// [DB.With] or [DB.InTx]) are not cached. A statement prepared before a
// schema change may fail after it: run migrations before the first use.
func WithStatementCache(size int) Option {
	return func(c *config) {
		if size > 0 {
			c.cache = &stmtCache{max: size, stmts: map[stmtKey]*sql.Stmt{}}
		}
	}
}

// stmt returns the prepared statement for query, preparing it on first
// use, or nil when the cache is full.
func (c *stmtCache) stmt(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := stmtKey{db, query}
	if s, ok := c.stmts[k]; ok {
		return s, nil
	}
	if len(c.stmts) >= c.max {
		return nil, nil
	}
	s, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.stmts[k] = s
	return s, nil
}
