// Package test holds the tests of the phone plugin that need authtest:
// sign-up and sign-in with a texted code, adding, changing and removing
// numbers with their notices, the single use of codes under concurrency,
// answers alike for known and unknown numbers, the limits against SMS
// pumping, a failure at every statement position and hostile input, over
// HTTP and as typed Go calls, each on every engine of authtest.
//
// It is a module of its own because authtest requires every database
// driver, which a program using phone numbers should not find in its
// module graph. It holds tests only.
package test
