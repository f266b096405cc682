// Package test proves the metadata plugin on every engine: journeys over
// HTTP and as Go calls, the private document kept from every answer,
// limits and schemas, concurrent writes, faults at every statement and
// hostile input.
package test
