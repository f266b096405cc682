package sqlb

import (
	"context"
	"errors"
	"fmt"
)

// param is the i-th value of a [Query], given to each run.
type param[T any] struct{ i int }

func (p param[T]) render(b *builder) { b.param(p.i, func(v any) bool { _, ok := v.(T); return ok }) }
func (p param[T]) exprOf(T)          {}

// Param is the i-th value (from 0) of a [Query], given to each of its
// runs ([DB.QueryOne]) rather than when the statement is built: the
// statement of a query is built once, where a value ([Val], or a column's
// Eq) would bind one value for good.
func Param[T any](i int) Expr[T] { return param[T]{i} }

// Query is a SELECT built once for a hot path: its conditions take their
// values from [Param] at each run, and each run names its own selections,
// so a run builds no statement and walks none. Its SQL is rendered on its
// first run on a [DB] (on the DB's dialect and naming) and kept with the
// DB's configuration, not globally.
type Query struct {
	s *SelectStmt
}

// Prepare makes a Query of s: a SELECT with no selections (each run
// brings them) whose values are all [Param]s. A literal value, a LIMIT or
// an OFFSET in s makes every run fail: they would be bound once.
func Prepare(s *SelectStmt) *Query { return &Query{s: s} }

// queryShape is a Query's SQL on one DB configuration: the order its
// parameters appear in, and how many selections its SQL has.
type queryShape struct {
	sql     string
	order   []int            // the parameter of each placeholder, in order
	accepts []func(any) bool // by parameter: whether a value has its type
	items   int
}

// QueryOne runs q with params (the values of its [Param]s, in order) and
// scans its first row into the destinations of items. It returns
// [database/sql.ErrNoRows] when there is no row. Every run of q must select the
// same columns in the same order: the first run on a DB renders the SQL
// from its items, and a later run with another number of items, or of
// params, or a param of another type than its Param's, fails.
func (db *DB) QueryOne(ctx context.Context, q *Query, items []Selection, params ...any) error {
	shape, err := db.queryShape(q, items)
	if err != nil {
		return err
	}
	if len(items) != shape.items {
		return fmt.Errorf("sqlb: query run with %d selections, rendered with %d", len(items), shape.items)
	}
	if len(params) != len(shape.accepts) {
		return fmt.Errorf("sqlb: query run with %d values, has %d parameters", len(params), len(shape.accepts))
	}
	for i, v := range params {
		if !shape.accepts[i](v) {
			return fmt.Errorf("sqlb: query parameter %d of type %T", i, v)
		}
	}
	args := make([]any, len(shape.order))
	for j, i := range shape.order {
		if args[j], err = db.cfg.dialect.encode(params[i]); err != nil {
			return fmt.Errorf("sqlb: %w", err)
		}
	}
	return db.first(ctx, shape.sql, args, items)
}

// queryShape returns q's shape on db's configuration, rendering it with
// items on first use.
func (db *DB) queryShape(q *Query, items []Selection) (*queryShape, error) {
	if v, ok := db.cfg.shapes.Load(q); ok {
		return v.(*queryShape), nil
	}
	if len(q.s.items) > 0 {
		return nil, errors.New("sqlb: a prepared query's selections come with each run")
	}
	s := *q.s
	s.items = items
	b := newBuilder(db.cfg)
	b.prepared = true
	s.render(b)
	if b.err != nil {
		return nil, b.err
	}
	for i, accepts := range b.accepts {
		if accepts == nil {
			return nil, fmt.Errorf("sqlb: query has no parameter %d", i)
		}
	}
	shape := &queryShape{sql: b.sb.String(), order: b.order, accepts: b.accepts, items: len(items)}
	v, _ := db.cfg.shapes.LoadOrStore(q, shape) // two first runs at once render the same
	return v.(*queryShape), nil
}
