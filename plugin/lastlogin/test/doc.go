// Package test proves the lastlogin plugin on every engine: journeys over
// HTTP and as Go calls, one write per sign-in and none per request, the
// client IP rules, impersonation, and faults at every statement.
package test
