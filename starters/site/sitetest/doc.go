// Package sitetest tests a starter end to end: [Engines] gives it a fresh
// database per SQL engine, [Start] runs it on a free port with its
// standard output captured in a [Console], and [Journey] walks a person's
// whole journey through it over real HTTP, and [Admin] the admin area.
//
// # Use
//
// A starter's main_test.go is this:
//
//	sitetest.Engines(t, func(t *testing.T, db string) {
//		srv := sitetest.Start(t, run, "-db", db)
//		sitetest.Journey(t, srv.URL, srv.Console)
//		sitetest.Admin(t, srv)
//	})
//
// run is the starter's main without the process:
// func(ctx, args, stdout) error, serving until ctx ends. Start stops it
// when the test ends and fails the test if it does not return cleanly.
// SQLite always runs; PostgreSQL and MySQL run when SESAME_TEST_POSTGRES
// and SESAME_TEST_MYSQL name servers, as in the rest of Sesame's tests.
//
// # Journey
//
// Sign up, read the verification link from the development mailer's
// output, verify, sign in, see the session on the account page, ask for
// pages and JSON routes that do not exist (the site's 404s), sign a
// second device (signed in through the JSON routes) out from it, change
// the password, change the email through its confirmation link, sign out,
// reset the password through the forgot-password link, search courses,
// open a course's sections and buildings, search buildings, call the
// JSON course routes and GET /api/me (signed in, and not), sign in with
// the demo school's accounts, linking one to the person, and undo the email change through the link sent to
// the old address. Failures along the way are checked too: a cross-site
// form, wrong passwords, a used link, an unknown course, a school account
// that belongs to someone else.
package sitetest
