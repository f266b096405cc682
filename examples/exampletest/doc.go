// Package exampletest walks, over real HTTP, the journey of
// docs/existing-app.md through one of the example programs under
// examples/: each program's test serves its handler on a [Listen]er, with
// a [Mailbox] as its email sender, and calls [Journey].
//
// # Journey
//
// Sign up; be refused sign-in until the address is verified; open the
// verification link, which lands on the program's own /verify-email page;
// post its token to /auth/email/verify as that page does, from the site's
// origin (from any other, or from "null", Sesame refuses it); sign in as a
// browser (cookie mode) and as an API client (bearer mode:
// Auth-Token-Mode: bearer, then Authorization: Bearer); read the
// program's protected route GET /api/me, {"id","name","email"}, in both;
// be refused it without a session; sign out in both, the browser's
// sign-out refused from another origin first; and be refused the
// protected route after.
package exampletest
