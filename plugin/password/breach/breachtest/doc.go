// Package breachtest is an in-process fake of the Pwned Passwords range
// API for tests of code that uses package breach: it knows the passwords
// it is given, pads its answers as the real service does when asked, and
// records every request so that tests can check what left the process.
package breachtest
