package sqlb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"io"
	"sync"
)

// DryRun is a [Querier] that runs nothing: it records each statement it
// is given, answers every query with no rows, and keeps the [Schema] that
// the schema changes applied through it would leave. Running a program's
// real migration code on a DryRun shows what that code would execute.
type DryRun struct {
	mu     sync.Mutex
	stmts  []Recorded
	schema *Schema
	empty  *sql.DB
}

// Recorded is one statement given to a [DryRun].
type Recorded struct {
	SQL  string
	Args []any
	// Query marks a statement that reads (it was run for rows).
	Query bool
}

// NewDryRun returns a [DB] on a new [DryRun] for dialect d, with the
// naming and types of opts, and the DryRun itself. Close the DryRun when
// done with the DB.
func NewDryRun(d *Dialect, opts ...Option) (*DB, *DryRun) {
	dry := &DryRun{schema: newSchema(), empty: sql.OpenDB(emptyConnector{})}
	return New(dry, d, opts...), dry
}

// ExecContext records the statement and reports no affected rows.
func (r *DryRun) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	r.record(Recorded{SQL: query, Args: args})
	return driver.RowsAffected(0), nil
}

// QueryContext records the statement and returns no rows.
func (r *DryRun) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	r.record(Recorded{SQL: query, Args: args, Query: true})
	return r.empty.QueryContext(ctx, "")
}

// Close releases what answers the dry run's queries; queries fail after
// it. The recorded statements and the schema stay.
func (r *DryRun) Close() error { return r.empty.Close() }

func (r *DryRun) record(s Recorded) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stmts = append(r.stmts, s)
}

// Statements returns the statements recorded so far, in order.
func (r *DryRun) Statements() []Recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Recorded(nil), r.stmts...)
}

// Schema returns the tables that the schema changes applied so far would
// leave, starting from an empty database.
func (r *DryRun) Schema() *Schema {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.schema
}

func (r *DryRun) model(db *DB, d DDL) {
	r.mu.Lock()
	defer r.mu.Unlock()
	d.model(&ddlBuilder{newBuilder(db.cfg)}, r.schema)
}

// emptyConnector is a database/sql driver whose queries have no rows.
type emptyConnector struct{}

func (emptyConnector) Connect(context.Context) (driver.Conn, error) { return emptyConn{}, nil }
func (emptyConnector) Driver() driver.Driver                        { return emptyDriver{} }

type emptyDriver struct{}

func (emptyDriver) Open(string) (driver.Conn, error) { return emptyConn{}, nil }

type emptyConn struct{}

func (emptyConn) Prepare(string) (driver.Stmt, error) { return emptyStmt{}, nil }
func (emptyConn) Close() error                        { return nil }
func (emptyConn) Begin() (driver.Tx, error)           { return nil, driver.ErrSkip }

type emptyStmt struct{}

func (emptyStmt) Close() error                               { return nil }
func (emptyStmt) NumInput() int                              { return -1 }
func (emptyStmt) Exec([]driver.Value) (driver.Result, error) { return driver.RowsAffected(0), nil }
func (emptyStmt) Query([]driver.Value) (driver.Rows, error)  { return emptyRows{}, nil }

type emptyRows struct{}

func (emptyRows) Columns() []string         { return nil }
func (emptyRows) Close() error              { return nil }
func (emptyRows) Next([]driver.Value) error { return io.EOF }
