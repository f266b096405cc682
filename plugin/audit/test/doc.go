// Package test holds the tests of the audit plugin that need authtest:
// journeys over HTTP and as typed Go calls, what is and is not on record
// (rolled-back events, refusals, impersonations), that no secret reaches
// a record, a failure at every statement position of every operation and
// recording path, and hostile inputs, each on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
