package auth

import (
	"database/sql"
	"database/sql/driver"
)

// discard closes conn's database connection instead of returning it to
// the pool: a connection whose migration lock could not be released (a
// failed COMMIT on SQLite, pg_advisory_unlock on PostgreSQL, RELEASE_LOCK
// on MySQL) still holds the lock, which the server drops only with the
// session. Back in the pool it would hold the lock for good: every other
// Migrate would wait for it, and on SQLite every writer. database/sql
// closes a connection when Raw's function answers driver.ErrBadConn.
func discard(conn *sql.Conn) {
	conn.Raw(func(any) error { return driver.ErrBadConn })
}
