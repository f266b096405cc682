// Package schooldemo is an in-process SmartClass server for demonstrations
// and tests: it answers the authentication call of
// [github.com/sesame-go/sesame/school] from sample users and tokens, and
// refuses requests the way the real server is known to (SmartClass API
// §2.4 in Sesame's reference facts), so that a client that passes against
// it can survive the real one. It imports no test package, so that an app
// such as Sesame's starters can serve it in production builds; tests start
// it with [github.com/sesame-go/sesame/school/schooltest].
//
// # Sample data
//
// The users are listed by [Users]; the demo account, [DemoUserID] and
// [DemoPassword], is the one a starter app shows on its sign-in page. Two
// API tokens are accepted: [HeadquartersToken], valid for every school id
// including 0 (headquarters), and [SchoolToken], valid only for school
// [SchoolID]. A user of school 0 may sign in at every school; any other
// user only at their own school.
//
// # Behaviour
//
// [Handler] checks a request in this order, modelled on the real server's
// gate (SmartClass API §2.4, which gives the checks but not all of their
// order):
//
//  1. OPTIONS: 200, empty body.
//  2. Authorization: the first 7 characters are dropped unconditionally;
//     nothing left is 401 "Token Not Sent". A bare token thus loses its own
//     first characters and fails.
//  3. schoolId: missing or not decimal digits is 401 "School Id Not Sent".
//  4. The token is read as a JWT: one that does not decode is 203 with the
//     exception text ("Wrong number of segments", "Invalid header encoding",
//     ...). Its id must name a token of the requested school or of
//     headquarters, else 401 "Token Not Found"; the whole token must match,
//     else 401 "Invalid Token".
//  5. A path other than /public/v1/authentication is 404 "Error code 404,
//     Page not found".
//  6. A method other than GET is 406, empty body.
//  7. userId and userPassword: 200 with {"message":{"success":"Logged in!"},
//     "userId":...,"name":...,"schoolId":...}, or 200 with
//     {"message":{"error":"Invalid user id or password!"}} for any failure.
//
// Every answer but OPTIONS is labelled application/json, the plain-text ones
// too. The success fields beside message are invented: the real answer is
// not published. Tokens and passwords are compared in constant time
// (crypto/subtle), an unknown user against a dummy password.
//
// # Use
//
// In an app, mount [Handler] on the app's own server, for instance
//
//	mux.Handle("/smartclass/", http.StripPrefix("/smartclass", schooldemo.Handler{}))
//
// and pass the app's URL plus "/smartclass" as base URL to school.New, with
// [SchoolToken] and [SchoolID]. In a test, schooltest.NewServer starts the
// handler and closes it at the end.
package schooldemo
