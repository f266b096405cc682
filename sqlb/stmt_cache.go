package sqlb

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps prepared statements by SQL text, so that a statement
// run often is parsed and planned once per connection instead of per run.
// It holds at most max statements; past that, statements run unprepared.
type stmtCache struct {
	mu    sync.Mutex
	max   int
	stmts map[string]*sql.Stmt
}

// WithStatementCache makes a DB whose Querier is a *sql.DB prepare each
// distinct SELECT, INSERT, UPDATE and DELETE once and reuse it, keeping at
// most size statements. Statements run in a transaction (through
// [DB.With] or [DB.InTx]) are not cached. A statement prepared before a
// schema change may fail after it: run migrations before the first use.
func WithStatementCache(size int) Option {
	return func(c *config) {
		if size > 0 {
			c.cache = &stmtCache{max: size, stmts: map[string]*sql.Stmt{}}
		}
	}
}

// stmt returns the prepared statement for query, preparing it on first
// use, or nil when the cache is full.
func (c *stmtCache) stmt(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.stmts[query]; ok {
		return s, nil
	}
	if len(c.stmts) >= c.max {
		return nil, nil
	}
	s, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.stmts[query] = s
	return s, nil
}
