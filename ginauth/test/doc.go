// Package test holds the tests of ginauth that need authtest: the
// conformance suite every HTTP integration of Sesame passes, and the
// tests of Mount, Middleware, RequireUser, User and Session, each on
// every engine of authtest.
//
// It is a module of its own, as opentelemetry-go-contrib's otelgin/test
// is, because authtest requires every database driver: were these tests
// in ginauth, ginauth's go.mod would list authtest, and a program using
// gin with SQLite alone would find pgx and the MySQL driver in its module
// graph, and download them on go mod tidy. It holds tests only.
package test
