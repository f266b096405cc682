package sqlb

import "strings"

// SQLiteDSN returns the data source name that opens the SQLite file at
// path with modernc.org/sqlite (the pure-Go driver Sesame is tested with)
// and the settings Sesame needs of every connection:
//
//   - _pragma=foreign_keys(1): SQLite enforces foreign keys only when a
//     connection asks for it; without it, deleting a user would leave its
//     sessions, identities and tokens behind instead of cascading.
//   - _pragma=busy_timeout(10000): a connection that finds the database
//     locked by another writer waits up to 10 seconds for its turn instead
//     of failing at once with "database is locked" (SQLITE_BUSY).
//   - _pragma=journal_mode(WAL): write-ahead logging, so that readers do
//     not wait for the writer nor the writer for readers.
//   - _txlock=immediate: transactions begin with BEGIN IMMEDIATE, taking
//     the write lock at once. With the default, BEGIN DEFERRED, two
//     transactions that read and then write (as most operations do) can
//     each hold a read lock the other's write waits for; SQLite then fails
//     one at once, busy timeout or not.
//
// path is a file path, relative or absolute; the characters that would
// end a path in a file: URI ('?', '#') and '%' are escaped, so any file
// name works. The database's settings are the DSN's: do not append
// others. Open it with the driver's connector or, having imported
// modernc.org/sqlite, with sql.Open("sqlite", sqlb.SQLiteDSN(path)).
func SQLiteDSN(path string) string {
	return "file:" + sqlitePath.Replace(path) + "?" + sqlitePragmas
}

// sqlitePragmas are the DSN parameters SQLiteDSN documents.
const sqlitePragmas = "_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_txlock=immediate"

// sqlitePath escapes what SQLite's URI parser would not take as part of
// a path (RFC 3986 §3.3, as https://sqlite.org/uri.html reads it): '%'
// starts an escape, '?' the query and '#' the fragment.
var sqlitePath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")
