// Package test holds the tests of the anonymous plugin that need
// authtest: journeys over HTTP and as typed Go calls (a guest who signs
// up, a guest who signs in, with and without a pending second step), the
// session-fixation and access checks, concurrent sign-ups of one guest,
// expiry, a failure at every statement position, and hostile inputs, each
// on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
