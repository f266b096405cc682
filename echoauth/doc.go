// Package echoauth serves an [auth.Auth] in an echo (v4) application. It is
// a thin adapter over [authhttp]: every answer Sesame gives is written by
// authhttp, so routes, error bodies, cookies, bearer mode and the CSRF
// check behave exactly as they do with net/http.
//
// # Routes
//
// [Mount] serves every operation under a prefix of an *echo.Echo or an
// *echo.Group, for every method. Echo's router never answers there itself:
// a path no operation serves gets authhttp's 404 not_found and a method an
// operation does not take gets its 405 method_not_allowed with Allow, in
// Sesame's JSON, not echo's.
//
// Echo's pre-routing middleware, added with Echo.Pre, rewrites paths
// before any route sees them: AddTrailingSlash would send every request
// of Sesame's to a path no operation serves. Give such middleware a
// Skipper that skips the prefix.
//
// # Sessions
//
// [Middleware], added with Echo.Use, loads the caller's session once per
// request, with one query, into the request's context (where Mount's
// routes, [authhttp.UserFrom] and Go calls of operations find it) and into
// echo's context, where [User] and [Session] read it. It renews or clears
// the session cookie as authhttp does; when the database fails it answers
// 500 internal and the route does not run.
//
// # Pages
//
// [RequireUser] guards a route: without a signed-in user it answers 401
// no_session, in the body [authhttp.EncodeErrors] chose for Middleware.
// For pages, [RedirectTo] sends the browser to a sign-in page instead, with
// the page it asked for in the next query parameter.
//
// The Middleware also runs the plugins' session checks once per request,
// as authhttp's does: a session that one blocks (a ban, a pending second
// factor, terms to accept) is no signed-in caller for [User], [Session]
// and [RequireUser], which answers the check's refusal, its status and
// code. [BlockedSession] finds that session for the page that completes
// the task.
//
// # Errors
//
// Sesame's answers are complete when echo sees them: they never reach
// echo's HTTPErrorHandler, and a host's error handler cannot reword them.
// Errors returned by the host's own handlers pass through unchanged.
package echoauth
