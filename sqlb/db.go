package sqlb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// Querier runs SQL: a *sql.DB, *sql.Tx or *sql.Conn.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// beginner starts transactions: a *sql.DB or *sql.Conn.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

type typeKey struct {
	label string
	d     *Dialect
}

type config struct {
	dialect   *Dialect
	tableName func(string) string
	types     map[typeKey]string
	cache     *stmtCache
	shapes    sync.Map // key → renderedShape, for keyed statements; *Query → *queryShape
}

// renderedShape is the SQL of a keyed statement and its argument count.
type renderedShape struct {
	sql   string
	nargs int
}

// keyed is a statement that may carry a shape key.
type keyed interface {
	shapeKey() string
}

// Option configures [New].
type Option func(*config)

// WithTableNames maps every table's logical name to its real name when
// statements are rendered, for a prefix or a rename. The result must be a
// valid identifier ([ValidIdent]) or rendering fails.
func WithTableNames(name func(logical string) string) Option {
	return func(c *config) { c.tableName = name }
}

// WithType stores every column whose type carries label as sqlType on
// dialect d; for example WithType("id", Postgres, "UUID") makes every ID
// column, and every column referencing one, a native uuid.
func WithType(label string, d *Dialect, sqlType string) Option {
	return func(c *config) { c.types[typeKey{label, d}] = sqlType }
}

// DB runs statements on a [Querier] for one dialect and naming. It is safe
// for concurrent use when its Querier is.
type DB struct {
	q   Querier
	cfg *config
}

// New binds q to dialect d.
func New(q Querier, d *Dialect, opts ...Option) *DB {
	cfg := &config{dialect: d, tableName: func(s string) string { return s }, types: map[typeKey]string{}}
	for _, o := range opts {
		o(cfg)
	}
	return &DB{q: q, cfg: cfg}
}

// Dialect returns the dialect statements are rendered in.
func (db *DB) Dialect() *Dialect { return db.cfg.dialect }

// Querier returns what statements run on.
func (db *DB) Querier() Querier { return db.q }

// With returns a DB with the same dialect and naming running on q, such as
// a transaction the caller began.
func (db *DB) With(q Querier) *DB { return &DB{q: q, cfg: db.cfg} }

// TableName returns t's real name.
func (db *DB) TableName(t *Table) string { return db.cfg.tableName(t.name) }

// Render returns the SQL and arguments of s.
func (db *DB) Render(s Statement) (string, []any, error) {
	k, _ := s.(keyed)
	if k == nil || k.shapeKey() == "" {
		b := newBuilder(db.cfg)
		s.render(b)
		return b.result()
	}
	key := k.shapeKey()
	if v, ok := db.cfg.shapes.Load(key); ok {
		shape := v.(renderedShape)
		b := newBuilder(db.cfg)
		b.argsOnly = true
		s.render(b)
		if b.err == nil && len(b.args) != shape.nargs {
			return "", nil, fmt.Errorf("sqlb: statement key %q reused for another shape", key)
		}
		_, args, err := b.result()
		return shape.sql, args, err
	}
	b := newBuilder(db.cfg)
	s.render(b)
	query, args, err := b.result()
	if err == nil {
		db.cfg.shapes.Store(key, renderedShape{query, len(args)})
	}
	return query, args, err
}

// RenderDDL returns the statements of a schema change.
func (db *DB) RenderDDL(d DDL) ([]string, error) {
	b := &ddlBuilder{newBuilder(db.cfg)}
	stmts := d.statements(b)
	if b.err != nil {
		return nil, b.err
	}
	return stmts, nil
}

// Apply runs schema changes in order, stopping at the first failure.
func (db *DB) Apply(ctx context.Context, changes ...DDL) error {
	for _, d := range changes {
		stmts, err := db.RenderDDL(d)
		if err != nil {
			return err
		}
		if dry, ok := db.q.(*DryRun); ok {
			dry.model(db, d)
		}
		for _, s := range stmts {
			if _, err := db.q.ExecContext(ctx, s); err != nil {
				return fmt.Errorf("sqlb: %w", err)
			}
		}
	}
	return nil
}

// Exec runs an INSERT, UPDATE or DELETE and returns the number of affected
// rows.
func (db *DB) Exec(ctx context.Context, s Statement) (int64, error) {
	if _, ok := s.(*SelectStmt); ok {
		return 0, errors.New("sqlb: Exec of a SELECT: use One or All")
	}
	query, args, err := db.Render(s)
	if err != nil {
		return 0, err
	}
	stmt, err := db.prepared(ctx, query)
	if err != nil {
		return 0, fmt.Errorf("sqlb: %w", err)
	}
	var res sql.Result
	if stmt != nil {
		res, err = stmt.ExecContext(ctx, args...)
	} else {
		res, err = db.q.ExecContext(ctx, query, args...)
	}
	if err != nil {
		return 0, fmt.Errorf("sqlb: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("sqlb: %w", err)
	}
	return n, nil
}

// One runs s and scans its first row into the selections' destinations. It
// returns [sql.ErrNoRows] when there is no row.
func (db *DB) One(ctx context.Context, s *SelectStmt) error {
	query, args, err := db.Render(s)
	if err != nil {
		return err
	}
	return db.first(ctx, query, args, s.items)
}

// first runs query with args and scans its first row into the
// destinations of items, or returns sql.ErrNoRows.
func (db *DB) first(ctx context.Context, query string, args []any, items []Selection) error {
	found := false
	err := db.run(ctx, query, args, items, func() error {
		found = true
		return errStop
	})
	if err != nil {
		return err
	}
	if !found {
		return sql.ErrNoRows
	}
	return nil
}

// All runs s and calls each after scanning every row into the selections'
// destinations. An error from each stops the iteration and is returned.
func (db *DB) All(ctx context.Context, s *SelectStmt, each func() error) error {
	return db.query(ctx, s, each)
}

// errStop ends an iteration early without error.
var errStop = errors.New("stop")

func (db *DB) query(ctx context.Context, s *SelectStmt, each func() error) error {
	query, args, err := db.Render(s)
	if err != nil {
		return err
	}
	return db.run(ctx, query, args, s.items, each)
}

// run runs query with args, scanning each row into the destinations of
// items and calling each after it.
func (db *DB) run(ctx context.Context, query string, args []any, items []Selection, each func() error) (err error) {
	stmt, err := db.prepared(ctx, query)
	if err != nil {
		return fmt.Errorf("sqlb: %w", err)
	}
	var rows *sql.Rows
	if stmt != nil {
		rows, err = stmt.QueryContext(ctx, args...)
	} else {
		rows, err = db.q.QueryContext(ctx, query, args...)
	}
	if err != nil {
		return fmt.Errorf("sqlb: %w", err)
	}
	defer func() {
		if cerr := rows.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("sqlb: %w", cerr)
		}
	}()
	sc := getScanners(items, db.cfg.dialect)
	defer sc.put()
	for rows.Next() {
		if err := rows.Scan(sc.dests...); err != nil {
			return fmt.Errorf("sqlb: %w", err)
		}
		if err := each(); err != nil {
			if err == errStop {
				return nil
			}
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sqlb: %w", err)
	}
	return nil
}

// prepared returns the cached statement of query when the cache applies
// (a pool with WithStatementCache), or nil to run the query directly.
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	pool, ok := db.q.(*sql.DB)
	if !ok || db.cfg.cache == nil {
		return nil, nil
	}
	return db.cfg.cache.stmt(ctx, pool, query)
}

// InTx runs fn in a transaction on db's Querier, which must be a *sql.DB or
// *sql.Conn. It commits when fn returns nil and rolls back otherwise,
// including when fn panics; the commit's error is returned.
func (db *DB) InTx(ctx context.Context, opts *sql.TxOptions, fn func(tx *DB) error) (err error) {
	b, ok := db.q.(beginner)
	if !ok {
		return fmt.Errorf("sqlb: InTx needs a *sql.DB or *sql.Conn, not %T", db.q)
	}
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("sqlb: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tx.Rollback()
		}
	}()
	if err := fn(db.With(tx)); err != nil {
		done = true
		if rerr := tx.Rollback(); rerr != nil && !errors.Is(rerr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("sqlb: rollback: %w", rerr))
		}
		return err
	}
	done = true
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlb: commit: %w", err)
	}
	return nil
}
