// Package test proves the invite plugin on every engine: journeys over
// HTTP and as Go calls, invite-only sign-up on every sign-up path, races,
// faults at every statement and hostile input.
package test
