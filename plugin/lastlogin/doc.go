// Package lastlogin records how and when each user last signed in: the
// method, the time, the client's IP and user agent, once per method, so
// that a person can see "last signed in with a password on 3 March from
// 203.0.113.7" and notice a sign-in that was not theirs.
//
// # Configuration
//
//	a, err := auth.New(..., auth.WithPlugins(mail, pw, lastlogin.New()))
//
// # Routes
//
//	GET /last-login   {signIns: [{method, at, ip?, userAgent?}]}   (a session; the caller's, newest first)
//
// Its operation is named by [OpList] and runs as [Plugin.List]; [Of]
// reads anyone's for the host's own pages and jobs.
//
// # Storage
//
// auth_last_sign_in ([LastSignIns]) holds one row per user and method,
// replaced by each sign-in with that method: one statement (an upsert) in
// the sign-in's transaction, through [auth.SessionStarter], and none on
// any other request. A sign-in that fails writes nothing. Rows go with
// the user.
//
// # Security
//
//   - The IP is the one the core decided for the request: the
//     connection's address, or X-Forwarded-For only from the proxies
//     named by [auth.WithTrustedProxies]. A Go sign-in with no request
//     records none.
//   - An administrator's impersonation is no sign-in of the user's and
//     records nothing.
//   - Only the signed-in user reads their own over HTTP.
package lastlogin
