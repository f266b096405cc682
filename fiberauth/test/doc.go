// Package test holds the tests of fiberauth that need authtest: the
// conformance suite every HTTP integration of Sesame passes, request
// bodies over real connections, and the tests of Mount, Middleware,
// RequireUser, User and Session, each on every engine of authtest. The
// translation between fasthttp and net/http is tested in fiberauth
// itself.
//
// It is a module of its own because authtest requires every database
// driver: were these tests in fiberauth, fiberauth's go.mod would list
// authtest, and a program using fiber with SQLite alone would find pgx
// and the MySQL driver in its module graph, and download them on go mod
// tidy. It holds tests only.
package test
