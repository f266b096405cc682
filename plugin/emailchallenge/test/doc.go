// Package test holds the tests of the email-challenge plugin that need
// authtest: journeys over HTTP and as typed Go calls, the race of the
// link and the code, the binding to the browser that asked, enumeration
// safety, account-security events, a failure at every statement position
// and hostile inputs, each on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
