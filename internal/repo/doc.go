// Package repo holds the tests that enforce the repository's rules: what
// the core may import, that production code never imports testing, that
// every package has one package comment, and that go.work and the go.mod
// files agree. It has no code of its own.
package repo
