// Package test holds the tests of the referral plugin that need authtest:
// journeys over HTTP and as typed Go calls, self-referral and cycles
// (through guests' upgrades, the one way to attempt them), codes that
// cannot be listed, a failure at every statement position, and hostile
// inputs, each on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
