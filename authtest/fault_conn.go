package authtest

import (
	"context"
	"database/sql/driver"
	"errors"
)

// faultConn wraps a driver connection, counting and failing statements.
// It forwards every optional interface database/sql uses, answering
// driver.ErrSkip where the inner connection lacks one so that database/sql
// takes the same path it would without the wrapper.
type faultConn struct {
	inner driver.Conn
	f     *Faults
}

func (c *faultConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *faultConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	var s driver.Stmt
	var err error
	if p, ok := c.inner.(driver.ConnPrepareContext); ok {
		s, err = p.PrepareContext(ctx, query)
	} else {
		s, err = c.inner.Prepare(query)
	}
	if err != nil {
		return nil, err
	}
	return &faultStmt{s, c.f, query}, nil
}

func (c *faultConn) Close() error { return c.inner.Close() }

func (c *faultConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *faultConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	var tx driver.Tx
	var err error
	if b, ok := c.inner.(driver.ConnBeginTx); ok {
		tx, err = b.BeginTx(ctx, opts)
	} else {
		tx, err = c.inner.Begin() //lint:ignore SA1019 forwarded for drivers without ConnBeginTx
	}
	if err != nil {
		return nil, err
	}
	return &faultTx{tx, c.f}, nil
}

func (c *faultConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := c.inner.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	if err := c.f.statement(query, false); err != nil {
		return nil, err
	}
	res, err := e.ExecContext(ctx, query, args)
	if errors.Is(err, driver.ErrSkip) {
		c.f.skipped()
	}
	return res, err
}

func (c *faultConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.inner.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	if err := c.f.statement(query, true); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, query, args)
	if errors.Is(err, driver.ErrSkip) {
		c.f.skipped()
	}
	return rows, err
}

func (c *faultConn) CheckNamedValue(v *driver.NamedValue) error {
	if ch, ok := c.inner.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func (c *faultConn) ResetSession(ctx context.Context) error {
	if r, ok := c.inner.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *faultConn) IsValid() bool {
	if v, ok := c.inner.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *faultConn) Ping(ctx context.Context) error {
	if p, ok := c.inner.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

type faultTx struct {
	inner driver.Tx
	f     *Faults
}

// Commit rolls back instead when a commit fault is armed, so that nothing
// of the transaction lands, as when a real commit fails.
func (t *faultTx) Commit() error {
	if err := t.f.commit(); err != nil {
		if rerr := t.inner.Rollback(); rerr != nil {
			return errors.Join(err, rerr)
		}
		return err
	}
	return t.inner.Commit()
}

func (t *faultTx) Rollback() error { return t.inner.Rollback() }

type faultStmt struct {
	inner driver.Stmt
	f     *Faults
	query string
}

func (s *faultStmt) Close() error  { return s.inner.Close() }
func (s *faultStmt) NumInput() int { return s.inner.NumInput() }

func (s *faultStmt) Exec(args []driver.Value) (driver.Result, error) {
	if err := s.f.statement(s.query, false); err != nil {
		return nil, err
	}
	return s.inner.Exec(args) //lint:ignore SA1019 forwarded for drivers without StmtExecContext
}

func (s *faultStmt) Query(args []driver.Value) (driver.Rows, error) {
	if err := s.f.statement(s.query, true); err != nil {
		return nil, err
	}
	return s.inner.Query(args) //lint:ignore SA1019 forwarded for drivers without StmtQueryContext
}

func (s *faultStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := s.f.statement(s.query, false); err != nil {
		return nil, err
	}
	if e, ok := s.inner.(driver.StmtExecContext); ok {
		return e.ExecContext(ctx, args)
	}
	return s.inner.Exec(values(args)) //lint:ignore SA1019 the driver has nothing newer
}

func (s *faultStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if err := s.f.statement(s.query, true); err != nil {
		return nil, err
	}
	if q, ok := s.inner.(driver.StmtQueryContext); ok {
		return q.QueryContext(ctx, args)
	}
	return s.inner.Query(values(args)) //lint:ignore SA1019 the driver has nothing newer
}

func (s *faultStmt) CheckNamedValue(v *driver.NamedValue) error {
	if ch, ok := s.inner.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func values(args []driver.NamedValue) []driver.Value {
	out := make([]driver.Value, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}
