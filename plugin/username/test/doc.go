// Package test holds the tests of the username plugin that need authtest:
// sign-up and sign-in with a username and a password, with and without
// email, look-alike and reserved names, the availability check, changes
// under the cool-down from fresh sessions, a failure at every statement
// position and hostile input, over HTTP and as typed Go calls, each on
// every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which a program using usernames should not find in its module
// graph. It holds tests only.
package test
