// Package test holds the tests of the password plugin that need
// authtest: sign-up, sign-in, recovery and change over HTTP and as typed
// Go calls, enumeration safety and the one-hash-per-sign-in rule, a
// failure at every statement position, and the benchmarks, each on every
// engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver: were these tests in plugin/password, its go.mod would list
// authtest, and a program using passwords with SQLite alone would find
// pgx and the MySQL driver in its module graph, and download them on go
// mod tidy. It holds tests only.
package test
