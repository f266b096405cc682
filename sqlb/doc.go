// Package sqlb is a typed SQL builder for SQLite, PostgreSQL and MySQL 8.
//
// Tables are Go values and columns are typed: a [Column] of type T only
// compares with, assigns from and scans into values of T. Statements are
// rendered for one [Dialect] at execution time, so the same statement runs
// on every engine and a table renders under its real (prefixed or renamed)
// name. Values are always bound as parameters, never spliced into the SQL.
//
// # Declaring tables
//
//	var Users = sqlb.NewTable("app_user")
//	var (
//		UserID    = sqlb.NewColumn[string](Users, "id", sqlb.String(26))
//		UserEmail = sqlb.NewColumn[string](Users, "email", sqlb.String(255))
//	)
//
//	func init() {
//		Users.PrimaryKey(UserID)
//		Users.Unique(UserEmail)
//	}
//
// A column declared with [NewColumn] is part of the table's CREATE TABLE.
// A column added to an existing table by a later migration is declared with
// [AddedColumn] and created with [AddColumn].
//
// # Values
//
// Times are stored in UTC with microsecond precision: a [time.Time] written
// and read back is equal to the written value truncated to the microsecond,
// on every engine. Booleans are native on PostgreSQL and 0/1 integers
// elsewhere. Nullable columns use [database/sql.Null]. Columns of kind
// [KindString] compare byte for byte on every engine (VARBINARY on MySQL,
// whose _bin collations ignore trailing spaces), so normalize text in Go
// before storing it. Sizes are enforced by PostgreSQL and MySQL, not by
// SQLite: check lengths in Go.
//
// # Running statements
//
// [New] binds a [Querier] (a *sql.DB, *sql.Tx or *sql.Conn) to a dialect and
// naming. [DB.Exec] runs INSERT, UPDATE and DELETE and returns the affected
// row count; [DB.One] and [DB.All] run a SELECT and scan each row into the
// destinations given to [Column.Into], without reflection.
// [WithStatementCache] prepares hot statements once per pool, and
// [SelectStmt.Key] renders a hot statement's SQL once. A [Query]
// ([Prepare], with [Param] for its values) is built once, and
// [DB.QueryOne] runs it with each run's values and destinations, building
// and walking no statement.
//
// # Engines
//
// The dialect, not the driver, decides the SQL. The MySQL dialect writes
// MySQL 8 syntax that MariaDB also accepts: no RETURNING, upserts through
// ON DUPLICATE KEY UPDATE with VALUES(). SQLite has no FOR UPDATE; the
// clause is omitted there, where a write transaction already holds the
// database lock.
package sqlb
