// Package test holds the tests of gothoauth that need authtest: goth's own
// OpenID Connect provider runs whole sign-ins, through the oauth plugin,
// against the in-process provider of plugin/oauth/oauthtest, on every
// engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver: were these tests in plugin/oauth/goth, its go.mod would list
// authtest, and a program using goth with SQLite alone would find pgx and
// the MySQL driver in its module graph, and download them on go mod tidy.
// It holds tests only.
package test
