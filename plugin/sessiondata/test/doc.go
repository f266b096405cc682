// Package test holds the tests of the sessiondata plugin that need
// authtest: journeys over HTTP and as typed Go calls, values removed with
// their session however it ends (sign-out, revocation, an account event,
// expiry) in every session store, limits under concurrency, a failure at
// every statement position, and hostile inputs, each on every engine of
// authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
