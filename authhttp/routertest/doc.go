// Package routertest proves that authhttp works mounted in net/http's
// ServeMux, in chi and in gorilla/mux: each router is a
// Target of package authtest/conformance, and that suite (cookie and
// bearer sessions, RequireUser, the session routes, CSRF refusal, error
// answers, EncodeErrors, one session lookup per request) runs against it
// on every engine of authtest. ServeMux runs it a second time with
// sessions in the core's memory store, the suite's check of a session
// store other than the database.
//
// It is a module of its own so that the core's go.mod requires neither
// router; it holds tests only.
package routertest
