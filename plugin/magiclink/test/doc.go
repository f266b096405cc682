// Package test holds the tests of the magic-link plugin that need
// authtest: journeys over HTTP and as typed Go calls, the single-use race,
// mail scanners, enumeration safety, the bindings of links to people and
// addresses, a failure at every statement position, and hostile inputs,
// each on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which the core module must not. It holds tests only.
package test
