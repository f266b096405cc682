// Package ginauth serves Sesame in a gin application. It is a thin
// adapter over [authhttp]: every answer, cookie, header and check comes
// from authhttp, so an app behaves the same under gin as under net/http.
//
// # Routes
//
// [Mount] serves every operation registered with the [auth.Auth] under a
// prefix of a gin router, through [authhttp.Handler]: one wildcard route
// takes every method, and authhttp answers unknown paths 404 not_found
// and wrong methods 405 method_not_allowed. The prefix belongs to Sesame:
// register no other route under it.
//
//	r := gin.New()
//	r.Use(ginauth.Middleware(a))
//	ginauth.Mount(r, a, "/auth")
//
// # Sessions
//
// [Middleware] loads the caller's session once per request, with one
// query, through [authhttp.Middleware]. It replaces c.Request with the
// request carrying the session in its context, so that [User] and
// [Session], [RequireUser], the routes of [Mount] and Go calls of
// operations made with c.Request.Context() all see it without another
// query. Pass c.Request.Context(), not c, to Go calls: a gin.Context looks
// in the request's context only when the engine's ContextWithFallback is
// set. Add the Middleware with Use before registering the routes it
// covers, as gin requires.
//
// Browsers get the session in a cookie and API clients in the bearer
// transport, exactly as the package authhttp describes.
//
// # Pages
//
// [RequireUser] lets only signed-in callers through: others get 401
// no_session as JSON, encoded by the Middleware's [authhttp.EncodeErrors]
// if it has one. For pages, [RedirectTo] sends them to a sign-in page
// instead, with the page they asked for in its next parameter.
//
// The Middleware also runs the plugins' session checks once per request,
// as authhttp's does: a session that one blocks (a ban, a pending second
// factor, terms to accept) is no signed-in caller for [User], [Session]
// and [RequireUser], which answers the check's refusal, its status and
// code. [BlockedSession] finds that session for the page that completes
// the task.
//
// # Security
//
// The CSRF origin check, the client IP the rate limits key on and the
// error bodies are authhttp's, unchanged; see its documentation and
// [auth.WithTrustedProxies]. Internal errors answer 500 "internal" with no
// detail. The next parameter of [RedirectTo] comes from the request, and
// anyone can link to /sign-in?next=https://evil.example: a sign-in page
// must check that next is a path of this site before sending the browser
// there.
package ginauth
