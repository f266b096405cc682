// Package authtest is Sesame's test kit: it runs a test on every available
// SQL engine with a fresh database, and injects database faults.
//
// Hosts use it too, to test their own plugins the way Sesame tests its own.
//
// # Engines
//
// [Engines] runs a subtest per engine. SQLite (modernc.org/sqlite, a
// temporary file) always runs. PostgreSQL runs when SESAME_TEST_POSTGRES
// holds a DSN (postgres://user@127.0.0.1:5432/db?sslmode=disable) and MySQL
// when SESAME_TEST_MYSQL does (root@tcp(127.0.0.1:3306)/db). Each subtest
// gets a database of its own, created on that server and dropped afterwards.
// An engine without a DSN is skipped with one line saying so, unless
// SESAME_TEST_REQUIRE_ENGINES (a comma-separated list such as
// "sqlite,postgres,mysql") names it: then the test fails. [BenchEngines]
// does the same for a benchmark.
//
// Tests of stores on Redis get the server's URL from [RedisURL], which
// reads SESAME_TEST_REDIS (redis://127.0.0.1:6379/0) and, like the SQL
// engines, skips the test when it is unset, unless
// SESAME_TEST_REQUIRE_ENGINES names "redis".
//
// # Faults
//
// [Engine.Faulty] opens a second pool on the same database through a
// driver that fails the n-th statement or the next commit on request, and
// [Faults.Each] runs an operation with a failure at every statement
// position in turn.
package authtest
