// Package test proves the terms plugin on every engine: journeys over
// HTTP and as Go calls, the session task on the plugins' operations and
// the host's routes, impersonation, races and faults at every statement.
package test
