// Package schooltest starts the demonstration SmartClass server of
// [github.com/sesame-go/sesame/school/schooldemo] for tests of code that
// uses [github.com/sesame-go/sesame/school]: [NewServer] serves it on a
// local address for the duration of a test.
//
// Its names ([Handler], [User], [Users], the sample tokens and the demo
// account) are schooldemo's, repeated here so that a test needs one import.
// An app that serves the demo school itself, outside tests, imports
// schooldemo, which imports no test package: this package imports testing.
package schooltest
