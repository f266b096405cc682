// Package test proves the stale plugin on every engine: a journey from
// the first mail to the deletion, dry runs, resumption after a failure,
// faults at every statement, and a pass over 100 000 users in batches
// with bounded memory.
package test
